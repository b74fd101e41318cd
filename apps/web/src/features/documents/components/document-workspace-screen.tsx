import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/components/page.tsx';
import { useCurrentRoute } from '../../../shared/routing/route-meta-context.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { AnnotationWorkspace } from '../../../workspace/lazy-workspace.tsx';
import { documentApi } from '../api/document-api.ts';

/** One document in the annotation workspace; candidates (role 1) read it without editing. */
export default function DocumentWorkspaceScreen() {
  const { params } = useCurrentRoute();
  const navigate = useNavigate();
  const documentId = Number(params.id);
  const role = useSessionStore((state) => state.userRole);
  const summary = useQuery({
    queryKey: ['document', documentId],
    queryFn: () => documentApi.status(documentId),
    enabled: Number.isInteger(documentId) && documentId > 0,
  });

  if (!Number.isInteger(documentId) || documentId <= 0) {
    return <Result status="404" title="文档不存在" />;
  }

  return (
    <Page
      title={summary.data ? `文档批注：${summary.data.name}` : '文档批注'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/document/list')}>
          我的文档
        </Button>
      }
    >
      <AnnotationWorkspace
        key={documentId}
        documentId={documentId}
        mode={role >= 2 ? 'edit' : 'readonly'}
        allowReplies
      />
    </Page>
  );
}
