import { HISTORY_LISTS } from './review-list/list-configs.ts';
import { ReviewList } from './review-list/review-list.tsx';

// The history lists are the annotation area's lists with `scope: 'history'`; they share its list
// component rather than keep a copy (the review and detail screens are shared the same way).

/** 查看选题 /history/topic */
export function HistoryTopicScreen() {
  return <ReviewList config={HISTORY_LISTS.topic} />;
}

/** 查看论文 /history/thesis: drafts, finals and retests, switched by stage. */
export function HistoryThesisScreen() {
  return <ReviewList config={HISTORY_LISTS.thesis} />;
}

/** 查看计划 /history/plan */
export function HistoryPlanScreen() {
  return <ReviewList config={HISTORY_LISTS.plan} />;
}

// The read-only review and annotations of an item in history are the annotation area's screens.
export { HistoryDetailScreen, HistoryReviewScreen } from './detail-screens.tsx';
