import { ANNOTATE_LISTS } from './review-list/list-configs.ts';
import { ReviewList } from './review-list/review-list.tsx';

/** 批注选题 /annotate/topic/list */
export function TopicListScreen() {
  return <ReviewList config={ANNOTATE_LISTS.topic} />;
}

/** 批注论文 /annotate/thesis/list */
export function ThesisListScreen() {
  return <ReviewList config={ANNOTATE_LISTS.draft} />;
}

/** 审阅定稿 /annotate/thesis/finally/list */
export function FinallyListScreen() {
  return <ReviewList config={ANNOTATE_LISTS.final} />;
}

/** 论文复试列表 /annotate/thesisRetest/list */
export function RetestListScreen() {
  return <ReviewList config={ANNOTATE_LISTS.retest} />;
}

/** 论文计划 /thesisPlan/list */
export function PlanListScreen() {
  return <ReviewList config={ANNOTATE_LISTS.plan} />;
}
