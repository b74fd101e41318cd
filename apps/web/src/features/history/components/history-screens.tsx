import { ReviewListPath } from '@zikao/contract/review-lists';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';
import { ResourceList } from '../../../shared/components/resource-list.tsx';

const HISTORY = { scope: 'history' };

export function HistoryTopicScreen() {
  return (
    <ResourceList
      path={ReviewListPath.topics}
      filters={HISTORY}
      subject="选题"
      detailPath={(row) => `/history/review/${row.id}`}
      actionLabel="查看"
    />
  );
}

export function HistoryThesisScreen() {
  return (
    <ResourceList
      path={ReviewListPath.drafts}
      filters={HISTORY}
      subject="论文"
      detailPath={(row) => `/history/detail/${row.id}`}
      actionLabel="查看"
    />
  );
}

export function HistoryPlanScreen() {
  return (
    <ResourceList
      path={ReviewListPath.plans}
      filters={HISTORY}
      subject="论文计划"
      detailPath={(row) => `/history/detail/${row.id}`}
      actionLabel="查看"
    />
  );
}

export function HistoryReviewScreen() {
  const { id } = useParams();
  return <PlaceholderPage description={`已评阅选题（编号 ${id}）的结论与评语，只读查看。`} />;
}

export function HistoryDetailScreen() {
  const { id } = useParams();
  return <PlaceholderPage description={`已评阅内容（编号 ${id}）的批注记录，只读查看。`} />;
}
