import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentRoute } from '../../../shared/routing/route-meta-context.ts';
import { ReviewScreen } from './review/review-screen.tsx';
import { submissionIdOf } from './review/stage-paths.ts';

/** The route's submission id; both retest paths (`/{id}` and `detail{id}`) give the same number. */
function useSubmissionId(): number | null {
  const { params } = useCurrentRoute();
  const fallback = useParams();
  return submissionIdOf(params.id ?? fallback.id);
}

/** `/annotate/topic/review/{id}`: the topic's structured text beside the review form. */
export function TopicReviewScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="review" />;
}

/** `/annotate/topic/detail/{id}` in the layout, and `/topicDetail/{id}` without it: read only. */
export function TopicAnnotationsScreen() {
  const { route } = useCurrentRoute();
  return (
    <ReviewScreen submissionId={useSubmissionId()} mode="readonly" bare={route?.layout === 'none'} annotationsFirst />
  );
}

/**
 * `/annotate/thesis/reviews/{id}` reviews the draft. `/annotate/thesis/detail/{id}` (both of its
 * readings: 论文详情, and 查看论文批注 with `?view=annotations`) and `/annotate/thesis/finallyDetail/{id}`
 * show it read only.
 */
export function ThesisDetailScreen() {
  const { route } = useCurrentRoute();
  const id = useSubmissionId();
  const [search] = useSearchParams();
  if (route?.name === 'AnnotateThesisReviews') return <ReviewScreen submissionId={id} mode="review" />;
  if (route?.name === 'AnnotateThesisFinallyDetail') return <ReviewScreen submissionId={id} mode="readonly" />;
  const annotations = search.get('view') === 'annotations';
  return (
    <ReviewScreen
      submissionId={id}
      mode="readonly"
      annotationsFirst={annotations}
      actions={
        annotations ? (
          <Link to={`/annotate/thesis/detail/${id}`}>论文详情</Link>
        ) : (
          <Link to={`/annotate/thesis/detail/${id}?view=annotations`}>查看论文批注</Link>
        )
      }
    />
  );
}

/** `/annotate/thesis/finally/{id}`: the final draft, scored 0–100 with its grade. */
export function FinallyDraftScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="review" />;
}

/** Serves both `/annotate/thesisRetest/detail{id}` and `/annotate/thesisRetest/{id}`. */
export function RetestDetailScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="review" />;
}

/** `/thesisPlan/review/{id}`: the thesis plan (document, or structured text) beside the review form. */
export function PlanReviewScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="review" />;
}

/** `/thesisPlan/detail/{id}`: the plan's annotations and review, read only. */
export function PlanDetailScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="readonly" annotationsFirst />;
}

/** `/history/review/{id}`, any stage: the submitted review with its values, read only. */
export function HistoryReviewScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="readonly" />;
}

/** `/history/detail/{id}`, any stage: the annotations of every version, read only. */
export function HistoryDetailScreen() {
  return <ReviewScreen submissionId={useSubmissionId()} mode="readonly" annotationsFirst />;
}
