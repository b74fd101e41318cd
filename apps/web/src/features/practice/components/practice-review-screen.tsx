import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { useCurrentRoute } from '../../../shared/routing/route-meta-context.ts';
import { AttemptScreen } from './attempt/attempt-screen.tsx';
import { ResultScreen } from './result/result-screen.tsx';
import './practice.css';

/**
 * AnnotatePracticeReview and AnnotatePracticeDetail share this screen (seed 2): review/{thesisId}
 * is the caller's attempt on a practice thesis; detail/{attemptId} is a submitted attempt's result.
 */
export default function PracticeReviewScreen() {
  const { route, params } = useCurrentRoute();
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) {
    return (
      <Page>
        <ErrorState subject="练习" error={new Error('链接中的编号不正确')} back />
      </Page>
    );
  }
  return route?.name === 'AnnotatePracticeDetail' ? (
    <ResultScreen key={`result-${id}`} attemptId={id} />
  ) : (
    <AttemptScreen key={`attempt-${id}`} thesisId={id} />
  );
}
