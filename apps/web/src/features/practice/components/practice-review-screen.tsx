import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

/** AnnotatePracticeReview and AnnotatePracticeDetail share this screen. */
export default function PracticeReviewScreen() {
  const { id } = useParams();
  return <PlaceholderPage description={`练习论文（编号 ${id}）的批注工作台，提交后与专家参考批注逐条对照评分。`} />;
}
