import { RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Stage } from '@zikao/contract/review';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { STAGE_LIST_PATH } from '../review-list/list-configs.ts';
import { reviewListApi } from '../review-list/review-list-api.ts';
import { nextPending, PENDING_LIST_REQUEST, STAGE_LIST_ROUTES } from './next-review.ts';
import { reviewPathOf } from './stage-paths.ts';

/**
 * After 提交评阅: says it went through, and offers 下一篇, the next submission waiting for this
 * reviewer in the stage's list order, or says that all are done (issue 32 §2.7).
 */
export function SubmittedNext({ stage, submissionId }: { stage: Stage; submissionId: number }) {
  const navigate = useNavigate();
  const pending = useQuery({
    queryKey: ['review', 'next-pending', stage, submissionId],
    queryFn: ({ signal }) => reviewListApi.list(STAGE_LIST_PATH[stage], PENDING_LIST_REQUEST, signal),
    staleTime: 0,
  });
  const next = pending.data ? nextPending(pending.data.list, submissionId) : null;
  const description = pending.isPending
    ? '正在查找下一篇待评阅的论文…'
    : pending.isError
      ? '暂时无法读取待评阅列表，可回到列表查看。'
      : next
        ? `下一篇：${next.title}（${next.studentName}）`
        : '本阶段分配给您的论文已全部评阅完成。';
  return (
    <Alert
      type="success"
      showIcon
      className="rv-form-alert"
      data-testid="review-submitted"
      role="status"
      title="评阅已提交"
      description={description}
      action={
        next ? (
          <Button type="primary" size="small" onClick={() => navigate(reviewPathOf(stage, next.id))}>
            下一篇 <RightOutlined />
          </Button>
        ) : pending.isPending ? undefined : (
          <Button size="small" icon={<UnorderedListOutlined />} onClick={() => navigate(STAGE_LIST_ROUTES[stage])}>
            返回列表
          </Button>
        )
      }
    />
  );
}
