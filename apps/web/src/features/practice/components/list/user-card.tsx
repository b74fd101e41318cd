import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { formatScore } from '../practice-format.ts';
import { describeTrend, type TrendAttempt, trendPoints } from './trend-model.ts';

// ECharts comes with this card only, after the list has shown.
const ScoreTrendChart = lazy(() => import('./score-trend-chart.tsx'));

export interface UserCardProps {
  name: string;
  headUrl?: string;
  school: string;
  major: string;
  attempts: number;
  average: number | null;
  best: number | null;
  /** The scores over time, any order. */
  trend: readonly TrendAttempt[];
  loading?: boolean;
}

/** Who is practising, how often and how well: attempts, average, best, and the trend of scores. */
export function UserCard(props: UserCardProps) {
  const points = useMemo(() => trendPoints(props.trend), [props.trend]);
  const summary = describeTrend(points);
  return (
    <Card variant="borderless" className="pr-user-card" data-testid="practice-user-card">
      <div className="pr-user-head">
        <Avatar size={48} src={props.headUrl || undefined} icon={props.headUrl ? undefined : <UserOutlined />} alt="" />
        <div className="pr-user-id">
          <div className="pr-user-name">{props.name || '—'}</div>
          <div className="pr-muted">{props.school || '未设置学校'}</div>
          <div className="pr-muted">{props.major ? `专业：${props.major}` : '未设置专业'}</div>
        </div>
      </div>
      {props.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <>
          <div className="pr-user-stats">
            <Statistic title="练习次数" value={props.attempts} data-testid="stat-attempts" />
            <Statistic title="平均得分" value={formatScore(props.average)} data-testid="stat-average" />
            <Statistic title="最高得分" value={formatScore(props.best)} data-testid="stat-best" />
          </div>
          <div className="pr-trend">
            <div className="pr-trend-title">得分趋势</div>
            {points.length === 0 ? (
              <div className="pr-trend-empty">{summary}，完成一次练习后在这里看到变化</div>
            ) : (
              <Suspense fallback={<div className="pr-trend-chart" aria-busy="true" />}>
                <ScoreTrendChart points={points} label={summary} />
              </Suspense>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
