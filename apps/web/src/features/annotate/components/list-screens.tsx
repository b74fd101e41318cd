import { ReviewListPath } from '@zikao/contract/review-lists';
import { ResourceList } from '../../../shared/components/resource-list.tsx';

export function TopicListScreen() {
  return (
    <ResourceList
      path={ReviewListPath.topics}
      subject="选题"
      detailPath={(row) => `/annotate/topic/review/${row.id}`}
    />
  );
}

export function ThesisListScreen() {
  return (
    <ResourceList
      path={ReviewListPath.drafts}
      subject="论文"
      detailPath={(row) => `/annotate/thesis/reviews/${row.id}`}
    />
  );
}

export function FinallyListScreen() {
  return (
    <ResourceList
      path={ReviewListPath.finals}
      subject="定稿"
      detailPath={(row) => `/annotate/thesis/finally/${row.id}`}
      actionLabel="审阅"
    />
  );
}

export function RetestListScreen() {
  return (
    <ResourceList
      path={ReviewListPath.retests}
      subject="复试论文"
      detailPath={(row) => `/annotate/thesisRetest/detail${row.id}`}
    />
  );
}

export function PlanListScreen() {
  return (
    <ResourceList
      path={ReviewListPath.plans}
      subject="论文计划"
      detailPath={(row) => `/thesisPlan/list?id=${row.id}`}
    />
  );
}
