import { Result } from 'antd';
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
  if (!Number.isSafeInteger(id) || id <= 0) return <Result status="404" title="练习不存在" />;
  return route?.name === 'AnnotatePracticeDetail' ? (
    <ResultScreen key={`result-${id}`} attemptId={id} />
  ) : (
    <AttemptScreen key={`attempt-${id}`} thesisId={id} />
  );
}
