import { BranchesOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePracticeThesisDto } from '@zikao/contract/practice';
import { Alert, Button, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { ConfirmPopover } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { useCurrentRoute } from '../../../../shared/routing/route-meta-context.ts';
import { useFillHeight } from '../../../../shared/utils/use-fill-height.ts';
import { AnnotationWorkspace } from '../../../../workspace/lazy-workspace.tsx';
import { PublishToggle } from './practice-actions.tsx';
import { consolePracticeApi, consolePracticeKeys } from './practice-api.ts';
import { PracticeAttemptsPanel } from './practice-attempts-panel.tsx';
import { PracticeFormDrawer } from './practice-form-drawer.tsx';
import { PracticeStatsPanel } from './practice-stats-panel.tsx';
import { DifficultyTag, PracticeStatusTag } from './practice-status.tsx';
import './practice.css';

/**
 * One practice thesis revision in the console: its reference points, made in the workspace (category,
 * severity and the expert's comment are the annotation's own), until a marker has started an attempt;
 * then frozen, and a new revision carries changes. Also how markers fared, and their attempts.
 */
export default function PracticeDetailScreen() {
  const { params } = useCurrentRoute();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const thesis = useQuery({
    queryKey: consolePracticeKeys.detail(id),
    queryFn: () => consolePracticeApi.detail(id),
    enabled: valid,
  });
  if (!valid) return <Result status="404" title="练习论文不存在" />;
  if (thesis.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (thesis.isError) {
    return <ErrorState subject="练习论文" error={thesis.error} onRetry={() => void thesis.refetch()} back />;
  }
  return <ThesisDetail key={thesis.data.id} thesis={thesis.data} />;
}

function ThesisDetail({ thesis }: { thesis: ConsolePracticeThesisDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('reference');
  const [points, setPoints] = useState(thesis.referenceCount);
  const onAnnotations = useCallback((list: readonly unknown[]) => setPoints(list.length), []);
  const fill = useFillHeight(`${thesis.id}-${tab}`);

  const revise = useMutation({
    mutationFn: () => consolePracticeApi.revise(thesis.id),
    onSuccess: (draft) => {
      void queryClient.invalidateQueries({ queryKey: consolePracticeKeys.all });
      toast(`已建立第 ${draft.revision} 版（草稿），参考批注已复制，可以修改后发布`, 'success');
      navigate(`/console/practice/${draft.id}`);
    },
  });

  const frozen = thesis.locked;
  const reviseButton = thesis.latest && frozen && (
    <ConfirmPopover
      title="新建修订版？"
      description="复制文档和参考批注为新的草稿版本；修改后发布，当前版本会自动撤回，已有的练习记录保留。"
      okText="新建"
      cancelText="取消"
      okButtonProps={{ loading: revise.isPending }}
      onConfirm={() => revise.mutateAsync().catch(() => undefined)}
    >
      <Button icon={<BranchesOutlined />}>新建修订版</Button>
    </ConfirmPopover>
  );

  return (
    <Page
      title={`练习论文：${thesis.title}`}
      extra={
        <Space wrap>
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/console/practice')}>
            练习论文列表
          </Button>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑信息
          </Button>
          {reviseButton}
          {thesis.latest && <PublishToggle thesis={thesis} referenceCount={points} />}
        </Space>
      }
    >
      <div className="cp-facts">
        <PracticeStatusTag status={thesis.status} />
        <DifficultyTag difficulty={thesis.difficulty} />
        <span>{thesis.majorName}</span>
        <span>第 {thesis.revision} 版</span>
        {!thesis.latest && <span className="cp-sub">已有更新的版本</span>}
        <span data-testid="reference-count">参考要点 {points} 个</span>
        <span>
          练习 {thesis.submittedCount} 次 · 平均 {thesis.averageScore ?? '—'} 分
        </span>
        {thesis.tags.map((tag) => (
          <Tag key={tag} bordered={false}>
            #{tag}
          </Tag>
        ))}
      </div>
      {thesis.description && <p className="cp-description">练习说明：{thesis.description}</p>}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'reference',
            label: `参考批注 ${points}`,
            children: (
              <>
                {frozen ? (
                  <Alert
                    type="warning"
                    showIcon
                    className="cp-tab-alert"
                    title={`已有 ${thesis.attemptCount} 次练习，参考要点已冻结，不能再修改。`}
                    description={
                      thesis.latest ? '要修改参考要点，请点“新建修订版”。' : '这是旧版本，请到最新版本修改。'
                    }
                  />
                ) : (
                  <Alert
                    type="info"
                    showIcon
                    className="cp-tab-alert"
                    title="选中文字或框选区域添加参考要点：选择类别和严重程度，在批注内容中写下专家意见。练习者提交后才能看到这些要点。"
                  />
                )}
                <div ref={fill.ref} style={fill.height ? { height: fill.height } : undefined} className="cp-work">
                  <AnnotationWorkspace
                    key={`${thesis.documentId}-${frozen ? 'readonly' : 'edit'}`}
                    documentId={thesis.documentId}
                    mode={frozen ? 'readonly' : 'edit'}
                    height="100%"
                    onAnnotationsChange={onAnnotations}
                  />
                </div>
              </>
            ),
          },
          {
            key: 'stats',
            label: '练习统计',
            children: <PracticeStatsPanel thesisId={thesis.id} />,
          },
          {
            key: 'attempts',
            label: `练习记录 ${thesis.submittedCount}`,
            children: <PracticeAttemptsPanel thesisId={thesis.id} />,
          },
        ]}
      />
      <PracticeFormDrawer open={editing} thesis={thesis} onClose={() => setEditing(false)} />
    </Page>
  );
}
