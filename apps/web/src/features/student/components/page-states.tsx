import { Alert, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Page } from '../../../shared/components/page.tsx';

/** A candidate's screen while its data loads: the page frame (with its actions) around a skeleton. */
export function LoadingPage({ extra }: { extra?: ReactNode }) {
  return (
    <Page extra={extra}>
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    </Page>
  );
}

/** A candidate's screen whose data did not load: the page frame around what failed and why. */
export function LoadErrorPage({
  title,
  description,
  extra,
}: {
  title: string;
  description: string;
  extra?: ReactNode;
}) {
  return (
    <Page extra={extra}>
      <Alert type="error" showIcon title={title} description={description} />
    </Page>
  );
}
