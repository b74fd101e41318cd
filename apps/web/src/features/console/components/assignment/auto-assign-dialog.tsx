import { useMutation } from '@tanstack/react-query';
import type { AutoAssignPreview, AutoAssignPreviewQuery, ReviewerLoad } from '@zikao/contract/assignment';
import { STAGE_LABELS } from '@zikao/contract/review';
import { Alert, Button, Empty, Form, Progress, Select, Space, Spin, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { assignmentApi } from '../../api/assignment-api.ts';

const BEFORE = '#1677ff';
const ADDED = '#52c41a';

/** Each reviewer's load before and after the plan, as stacked bars on one scale. */
export function LoadBars({ reviewers }: { reviewers: AutoAssignPreview['reviewers'] }) {
  const max = Math.max(1, ...reviewers.map((r) => r.loadAfter));
  return (
    <section aria-label="分配后的评阅负载">
      <div className="assign-load-legend" aria-hidden="true">
        <span>
          <span className="assign-swatch" style={{ background: BEFORE }} />
          现有
        </span>
        <span>
          <span className="assign-swatch" style={{ background: ADDED }} />
          本次新增
        </span>
      </div>
      <ul className="assign-loads" data-testid="load-bars">
        {reviewers.map((reviewer) => (
          <li key={reviewer.id}>
            <div className="assign-load-head">
              <span>
                {reviewer.name}
                <span className="assign-reviewer-meta">{reviewer.majors.join('、') || '未设置专业'}</span>
              </span>
              <span>
                {reviewer.load} → <strong>{reviewer.loadAfter}</strong> 篇
              </span>
            </div>
            <Progress
              aria-label={`${reviewer.name}：现有 ${reviewer.load} 篇，新增 ${reviewer.added} 篇，共 ${reviewer.loadAfter} 篇`}
              percent={(reviewer.loadAfter / max) * 100}
              success={{ percent: (reviewer.load / max) * 100, strokeColor: BEFORE }}
              strokeColor={ADDED}
              showInfo={false}
              size="small"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 自动分配: the plan is previewed first (who gets what, and each reviewer's resulting load);
 * 确认分配 applies exactly that plan. Nothing is written before the confirmation.
 */
export function AutoAssignDialog({
  scope,
  scopeText,
  reviewers,
  onApplied,
  onCancel,
}: {
  scope: AutoAssignPreviewQuery;
  scopeText: string;
  reviewers: readonly ReviewerLoad[];
  onApplied: (assigned: number) => void;
  onCancel: () => void;
}) {
  const [reviewerIds, setReviewerIds] = useState<number[]>([]);
  const preview = useMutation({
    mutationFn: (ids: number[]) => assignmentApi.preview({ ...scope, ...(ids.length > 0 ? { reviewerIds: ids } : {}) }),
  });
  const apply = useMutation({
    mutationFn: (plan: AutoAssignPreview) =>
      assignmentApi.apply(
        plan.items.flatMap((item) =>
          item.reviewerId === null ? [] : [{ submissionId: item.submissionId, reviewerId: item.reviewerId }],
        ),
      ),
    onSuccess: (result) => onApplied(result.assigned),
  });
  const { mutate } = preview;
  // The first preview comes with the dialog; later ones follow the reviewer choice.
  useEffect(() => mutate([]), [mutate]);

  const plan = preview.data;
  return (
    <Dialog
      open
      width={960}
      title="自动分配（预览）"
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onCancel}>取消</Button>
          <Button onClick={() => preview.mutate(reviewerIds)} loading={preview.isPending}>
            重新预览
          </Button>
          <Button
            type="primary"
            disabled={!plan || plan.assignable === 0 || preview.isPending}
            loading={apply.isPending}
            onClick={() => plan && apply.mutate(plan)}
          >
            确认分配{plan ? `（${plan.assignable} 篇）` : ''}
          </Button>
        </Space>
      }
    >
      <p>
        范围：{scopeText}。规则：只分配给负责该专业的评阅教师，按当前负载（待评阅 + 评阅中）均衡，负载相同时按教师编号。
      </p>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label="参与的评阅教师" htmlFor="auto-reviewers">
          <Select
            id="auto-reviewers"
            mode="multiple"
            allowClear
            style={{ minWidth: 360 }}
            placeholder="全部评阅教师"
            value={reviewerIds}
            onChange={(ids: number[]) => {
              setReviewerIds(ids);
              preview.mutate(ids);
            }}
            optionFilterProp="label"
            options={reviewers.map((r) => ({
              value: r.id,
              label: `${r.name}（${r.majors.join('、') || '未设置专业'}）`,
            }))}
          />
        </Form.Item>
      </Form>
      {preview.isError && <Alert type="error" showIcon title="预览失败" description={preview.error.message} />}
      {!plan && preview.isPending && (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin tip="正在生成分配方案…">
            <div style={{ height: 40 }} />
          </Spin>
        </div>
      )}
      {plan && (
        <Spin spinning={preview.isPending}>
          {plan.items.length === 0 ? (
            <Empty description="范围内没有待分配的论文" />
          ) : (
            <>
              <Alert
                type={plan.unassignable > 0 ? 'warning' : 'success'}
                showIcon
                title={`可分配 ${plan.assignable} 篇${plan.unassignable > 0 ? `，${plan.unassignable} 篇无法分配（原因见下表）` : ''}`}
              />
              <LoadBars reviewers={plan.reviewers} />
              <Table
                size="small"
                rowKey="submissionId"
                dataSource={plan.items}
                pagination={{ pageSize: 8, showTotal: (total) => `共 ${total} 篇`, showSizeChanger: false }}
                data-testid="auto-preview-table"
                columns={[
                  { title: '论文题目', dataIndex: 'title', ellipsis: true },
                  { title: '考生', dataIndex: 'studentName', width: 100 },
                  {
                    title: '阶段',
                    dataIndex: 'stage',
                    width: 90,
                    render: (stage: keyof typeof STAGE_LABELS) => STAGE_LABELS[stage],
                  },
                  { title: '专业', dataIndex: 'majorName', width: 130, ellipsis: true },
                  {
                    title: '拟分配评阅教师',
                    key: 'reviewer',
                    width: 240,
                    render: (_, item) =>
                      item.reviewerId === null ? (
                        <span className="assign-reason">
                          <Tag color="error">无法分配</Tag>
                          {item.reason}
                        </span>
                      ) : (
                        item.reviewerName
                      ),
                  },
                ]}
              />
            </>
          )}
        </Spin>
      )}
    </Dialog>
  );
}
