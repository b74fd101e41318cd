import { RightOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Good morning, afternoon or evening, on the browser's clock. */
export function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour < 6) return '您好';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/**
 * The one next action of a home: what it is, why it is next, and a single primary button.
 * Everything else on a home is information or a plain link.
 */
export function NextActionCard({
  heading,
  title,
  children,
  action,
  testId = 'home-next-action',
}: {
  /** A line above the title, e.g. the greeting and the day's summary. */
  heading: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action: { label: string; icon?: ReactNode; onClick(): void; loading?: boolean } | null;
  testId?: string;
}) {
  return (
    <Card variant="borderless" className="home-next" data-testid={testId}>
      <p className="home-next-heading">{heading}</p>
      <h2 className="home-next-title">{title}</h2>
      {children ? <div className="home-next-body">{children}</div> : null}
      {action ? (
        <Button
          type="primary"
          size="large"
          icon={action.icon}
          loading={action.loading ?? false}
          onClick={action.onClick}
          className="home-next-button"
          data-testid="home-next-button"
        >
          {action.label}
        </Button>
      ) : null}
    </Card>
  );
}

/** A card of a home with a heading (h2, for the page's outline) and an optional link to the full screen. */
export function HomeCard({
  title,
  more,
  children,
  testId,
  className,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Card
      variant="borderless"
      className={`home-card${className ? ` ${className}` : ''}`}
      data-testid={testId}
      title={<h2 className="home-card-title">{title}</h2>}
      extra={
        more ? (
          <Link to={more.to} className="home-more">
            {more.label}
            <RightOutlined aria-hidden />
          </Link>
        ) : undefined
      }
    >
      {children}
    </Card>
  );
}

/** One figure of a home's summary row. */
export function StatTile({
  label,
  value,
  suffix,
  tone,
  testId,
}: {
  label: string;
  value: number | string;
  suffix?: string;
  tone?: 'red' | 'purple';
  testId?: string;
}) {
  return (
    <Card variant="borderless" className={`home-stat${tone ? ` home-stat-${tone}` : ''}`} data-testid={testId}>
      <Statistic title={label} value={value} suffix={suffix} />
    </Card>
  );
}

/** A home while its data loads. */
export function HomeSkeleton() {
  return (
    <div className="home-grid" aria-busy="true">
      <Card variant="borderless" className="home-span-2">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    </div>
  );
}
