import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Page } from '../../../shared/components/page.tsx';

// The Markdown renderer, the chapters and the pictures load with the handbook, not before.
const HandbookView = lazy(() => import('./handbook-view.tsx'));

function Loading() {
  return (
    <div className="hb-loading" role="status" aria-label="正在加载使用手册" data-testid="handbook-loading">
      <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 8 }} />
    </div>
  );
}

/** 使用手册 (/thesis/reviewsManual): the reviewers' and admins' handbook from docs/handbook/. */
export default function ManualScreen() {
  return (
    <Page>
      <Suspense fallback={<Loading />}>
        <HandbookView />
      </Suspense>
    </Page>
  );
}
