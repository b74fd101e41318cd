import { ClockCircleOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeAttemptDto } from '@zikao/contract/practice';
import { Alert, Button, Result, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { useFillHeight } from '../../../../shared/utils/use-fill-height.ts';
import { AnnotationWorkspace, type SaveState } from '../../../../workspace/lazy-workspace.tsx';
import { practiceApi, practiceKeys } from '../../api/practice-api.ts';
import { DifficultyTag } from '../difficulty-tag.tsx';
import { formatClock, formatSpent } from '../practice-format.ts';
import { useAttemptClock } from './use-attempt-clock.ts';

interface Sync {
  saveState: SaveState;
  pendingCount: number;
  loaded: boolean;
}

/**
 * 论文详情 while practising (AnnotatePracticeReview): the caller's open attempt on a practice thesis
 * (resumed, or started fresh), annotated in the workspace with autosave and the offline queue,
 * a running clock, and 提交, which is final and scores it.
 */
export function AttemptScreen({ thesisId }: { thesisId: number }) {
  const attempt = useQuery({
    queryKey: practiceKeys.attempt(thesisId),
    queryFn: () => practiceApi.start(thesisId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  // Loading and failure keep the page's heading (论文详情), as every screen does.
  if (attempt.isPending)
    return (
      <Page>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Page>
    );
  if (attempt.isError) {
    return (
      <Page>
        <ErrorState subject="练习论文" error={attempt.error} onRetry={() => void attempt.refetch()} back />
      </Page>
    );
  }
  return <OpenAttempt attempt={attempt.data} />;
}

function OpenAttempt({ attempt }: { attempt: PracticeAttemptDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clock = useAttemptClock(attempt.status === 'open' ? attempt.id : null);
  const [count, setCount] = useState(0);
  const [sync, setSync] = useState<Sync>({ saveState: 'saved', pendingCount: 0, loaded: false });
  const [confirming, setConfirming] = useState(false);
  const fill = useFillHeight(attempt.id);
  const onAnnotations = useCallback((list: readonly unknown[]) => setCount(list.length), []);

  const submit = useMutation({
    mutationFn: () => practiceApi.submit(attempt.id, clock.read()),
    onSuccess: () => {
      clock.forget();
      void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
      navigate(`/annotate/practice/detail/${attempt.id}`, { replace: true });
    },
  });

  if (attempt.status !== 'open') {
    return (
      <Result
        status="info"
        title="这次练习已提交"
        subTitle="提交后不能再修改批注，可以查看结果或再练一次。"
        extra={
          <Button type="primary" onClick={() => navigate(`/annotate/practice/detail/${attempt.id}`, { replace: true })}>
            查看结果
          </Button>
        }
      />
    );
  }

  const pending = sync.pendingCount > 0;
  const over = count > attempt.annotationLimit;
  return (
    <Page>
      <div className="pr-screen">
        <header className="pr-header">
          <div className="pr-header-main">
            <h2 className="pr-title">{attempt.thesisTitle}</h2>
            <div className="pr-facts">
              <DifficultyTag difficulty={attempt.difficulty} />
              <span>{attempt.majorName}</span>
              {attempt.revision > 1 && <span className="pr-muted">第 {attempt.revision} 版</span>}
              {attempt.tags.map((tag) => (
                <Tag key={tag} bordered={false}>
                  #{tag}
                </Tag>
              ))}
            </div>
            {attempt.description && <p className="pr-brief">练习要求：{attempt.description}</p>}
          </div>
          <div className="pr-header-side">
            <span className="pr-clock" role="timer" aria-label={`已用时 ${formatSpent(clock.elapsed)}`}>
              <ClockCircleOutlined /> <span aria-hidden="true">{formatClock(clock.elapsed)}</span>
            </span>
            <span className="pr-muted" data-testid="attempt-count">
              {count} 条批注
            </span>
            <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/annotate/practice/list')}>
              练习列表
            </Button>
            <Button type="primary" icon={<SendOutlined />} onClick={() => setConfirming(true)}>
              提交
            </Button>
          </div>
        </header>
        <Alert
          type="info"
          showIcon
          closable
          className="pr-how"
          title="像正式评阅一样找出论文中的问题并批注：选中文字添加批注，或用工具栏的区域工具框选。批注自动保存，提交后与专家参考批注对照评分。"
        />
        <div className="pr-work" ref={fill.ref} style={fill.height ? { height: fill.height } : undefined}>
          <AnnotationWorkspace
            documentId={attempt.documentId}
            mode="edit"
            height="100%"
            onAnnotationsChange={onAnnotations}
            onSyncChange={setSync}
          />
        </div>
        <Dialog
          open={confirming}
          title="提交这次练习？"
          onCancel={() => setConfirming(false)}
          okText="确认提交"
          cancelText="继续批注"
          okButtonProps={{ disabled: pending || over || !sync.loaded, loading: submit.isPending }}
          onOk={() => submit.mutate()}
          destroyOnHidden
        >
          <p>
            <strong>提交后不能再修改批注。</strong>系统会把你的批注与专家的参考批注逐条对照，给出精确率、召回率和得分。
          </p>
          <p>
            本次共 {count} 条批注，已用时 {formatSpent(clock.elapsed)}。想再练，可以之后重新开始一次新的练习。
          </p>
          {count === 0 && <Alert type="warning" showIcon title="你还没有添加批注，提交将得 0 分。" />}
          {pending && (
            <Alert
              type="warning"
              showIcon
              title={
                sync.saveState === 'offline'
                  ? `网络已断开：${sync.pendingCount} 条批注保存在本机，联网后自动同步，同步完成后才能提交。`
                  : `还有 ${sync.pendingCount} 条批注正在保存，保存完成后才能提交。`
              }
            />
          )}
          {over && (
            <Alert type="error" showIcon title={`批注不能超过 ${attempt.annotationLimit} 条，请删去一些再提交。`} />
          )}
        </Dialog>
      </div>
    </Page>
  );
}
