import { useParams } from 'react-router';
import { BarePage } from '../../../../shared/components/bare-page.tsx';
import { ComingSoon } from '../../../../shared/components/coming-soon.tsx';
import { useCurrentRoute } from '../../../../shared/routing/route-meta-context.ts';

function AdminReview({ subject }: { subject: string }) {
  const { id } = useParams();
  const { route } = useCurrentRoute();
  return (
    <BarePage>
      <h1 style={{ fontSize: 20 }}>{route?.title}</h1>
      <ComingSoon
        description={`通过评阅链接进入的${subject}（编号 ${id}）复核页面：校外专家无需账号，链接有时效并可撤销。`}
      />
    </BarePage>
  );
}

export function AdminTopicReviewScreen() {
  return <AdminReview subject="选题" />;
}

export function AdminThesisReviewScreen() {
  return <AdminReview subject="论文" />;
}

export function AdminRetestReviewScreen() {
  return <AdminReview subject="复试论文" />;
}
