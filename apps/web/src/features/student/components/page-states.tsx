import { Card, Skeleton } from 'antd';
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
