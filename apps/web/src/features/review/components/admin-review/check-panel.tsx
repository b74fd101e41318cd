import { CheckCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  commentLength,
  gradeOf,
  REOPEN_REASON_MIN,
  SUBMISSION_STATUS_LABELS,
  type SubmissionDetail,
  VERDICT_LABELS,
} from '@zikao/contract/review';
import { Alert, Button, Form, Input, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Dialog, useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { formatDateTime } from '../../../../shared/utils/date.ts';
import { linkPageApi } from '../../api/link-page-api.ts';
import { type CheckOutcome, checkOutcome } from './link-page-model.ts';

/**
 * The admin check (复核) of a submitted review, above the review itself: 复核通过 (after a
 * confirmation) makes the verdict final and tells the candidate; 退回评阅人 sends it back to the
 * reviewer with a reason. Once done, what happened, read-only.
 */
export function CheckPanel({ detail, onDone }: { detail: SubmissionDetail; onDone(): void }) {
  const outcome = checkOutcome(detail);
  const [modal, modalHolder] = useDialogs();
  const [returning, setReturning] = useState(false);
  const check = useMutation({
    mutationFn: () => linkPageApi.check(detail.id),
    onSuccess: () => {
      toast('已复核通过', 'success');
      onDone();
    },
  });
  const reopen = useMutation({
    mutationFn: (reason: string) => linkPageApi.reopen(detail.id, reason),
    onSuccess: () => {
      toast('已退回评阅人', 'success');
      setReturning(false);
      onDone();
    },
  });

  if (outcome.kind !== 'pending') return <CheckDone outcome={outcome} detail={detail} />;

  const review = detail.review;
  const verdict = review?.verdict ? VERDICT_LABELS[review.verdict] : '—';
  const score = review?.score ?? null;
  const confirmPass = () =>
    modal.confirm({
      title: '确认复核通过？',
      width: 460,
      content: (
        <div className="lr-confirm">
          <p>
            评阅结论：<strong>{verdict}</strong>
            {score !== null && (
              <>
                ，成绩 <strong>{score}</strong> 分（{gradeOf(score)}）
              </>
            )}
          </p>
          <p>复核通过后评阅结论即为最终结果，并通知考生。</p>
        </div>
      ),
      okText: '复核通过',
      cancelText: '再看看',
      // A refusal closes the dialog too: the client has said why.
      onOk: () => check.mutateAsync().catch(() => undefined),
    });

  return (
    <section className="lr-check" aria-label="复核" data-testid="check-panel">
      {modalHolder}
      <Typography.Title level={3} className="rv-section-title">
        复核
      </Typography.Title>
      <p className="rv-muted">
        请核对下方的评阅结论、评语和论文批注。确认无误后复核通过；如有问题，退回评阅人修改并说明原因。
      </p>
      <Space wrap>
        <Button type="primary" icon={<CheckCircleOutlined />} onClick={confirmPass} loading={check.isPending}>
          复核通过
        </Button>
        <Button danger className="lr-return" icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
          退回评阅人
        </Button>
      </Space>
      {returning && (
        <ReturnDialog
          reviewerName={detail.reviewer?.name ?? ''}
          pending={reopen.isPending}
          onReturn={(reason) => reopen.mutate(reason)}
          onCancel={() => setReturning(false)}
        />
      )}
    </section>
  );
}

function CheckDone({
  outcome,
  detail,
}: {
  outcome: Exclude<CheckOutcome, { kind: 'pending' }>;
  detail: SubmissionDetail;
}) {
  if (outcome.kind === 'passed') {
    return (
      <Result
        className="lr-done"
        status="success"
        title="已复核通过"
        subTitle={`评阅结论已成为最终结果，已通知考生。${by(outcome.actorName, outcome.at)}`}
        data-testid="check-done"
      />
    );
  }
  if (outcome.kind === 'returned') {
    return (
      <Result
        className="lr-done"
        status="info"
        title="已退回评阅人"
        subTitle={
          <>
            <span className="lr-reason">原因：{outcome.reason}</span>
            <span>评阅人修改后将重新提交复核。{by(outcome.actorName, outcome.at)}</span>
          </>
        }
        data-testid="check-done"
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      className="rv-form-alert"
      title={`该论文当前为“${SUBMISSION_STATUS_LABELS[detail.status]}”，不在待复核状态，无需复核。`}
    />
  );
}

function by(actorName: string, at: number | null): string {
  if (!actorName && !at) return '';
  return `（${[actorName, at ? formatDateTime(at) : ''].filter(Boolean).join('，')}）`;
}

/** 退回评阅人: the reason, at least REOPEN_REASON_MIN characters, goes to the reviewer and the audit trail. */
function ReturnDialog({
  reviewerName,
  pending,
  onReturn,
  onCancel,
}: {
  reviewerName: string;
  pending: boolean;
  onReturn(reason: string): void;
  onCancel(): void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    onReturn(reason.trim());
  };
  return (
    <Dialog
      open
      title="退回评阅人"
      okText="退回评阅人"
      okButtonProps={{ danger: true, className: 'lr-return-ok' }}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p className="rv-muted">
        评阅将退回给{reviewerName ? `评阅人 ${reviewerName}` : '评阅人'}修改，原因会通知评阅人并记入审计日志。
      </p>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="reason"
          label="退回原因"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: '请填写退回原因' },
            {
              validator: (_, value: string | undefined) =>
                commentLength(value ?? '') >= REOPEN_REASON_MIN
                  ? Promise.resolve()
                  : Promise.reject(new Error(`退回原因至少 ${REOPEN_REASON_MIN} 个字，请说明需要修改的地方`)),
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={500}
            showCount
            placeholder="例如：评语与成绩不符，请复查第三章的评价"
            data-testid="return-reason"
          />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
