import type { ReviewerLoad } from '@zikao/contract/assignment';
import type { SubmissionListRow } from '@zikao/contract/review';
import { Alert, Form } from 'antd';
import { useState } from 'react';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { ReviewerSelect } from './reviewer-select.tsx';

/** Assigns one submission or a bulk selection to one reviewer, picked with their load and majors in view. */
export function AssignDialog({
  rows,
  reviewers,
  loading,
  pending,
  onAssign,
  onCancel,
}: {
  rows: readonly SubmissionListRow[];
  reviewers: readonly ReviewerLoad[];
  loading: boolean;
  pending: boolean;
  onAssign: (reviewerId: number) => void;
  onCancel: () => void;
}) {
  const [reviewerId, setReviewerId] = useState<number | undefined>(
    rows.length === 1 ? (rows[0]?.reviewerId ?? undefined) : undefined,
  );
  const [touched, setTouched] = useState(false);
  const majors = [...new Set(rows.map((row) => row.majorName).filter(Boolean))];
  const chosen = reviewers.find((r) => r.id === reviewerId);
  const mismatch = chosen ? majors.filter((major) => !chosen.majors.includes(major)) : [];
  const inReview = rows.filter((row) => row.status === 'reviewing' && row.reviewerId !== reviewerId).length;
  const title = rows.length === 1 ? `分配《${rows[0]?.title ?? ''}》` : `批量分配 ${rows.length} 篇论文`;

  return (
    <Dialog
      open
      title={title}
      okText="确认分配"
      cancelText="取消"
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => {
        setTouched(true);
        if (reviewerId) onAssign(reviewerId);
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="评阅教师"
          htmlFor="assign-reviewer"
          required
          validateStatus={touched && !reviewerId ? 'error' : undefined}
          help={touched && !reviewerId ? '请选择评阅教师' : `论文专业：${majors.join('、') || '—'}`}
        >
          <ReviewerSelect
            id="assign-reviewer"
            reviewers={reviewers}
            value={reviewerId}
            onChange={setReviewerId}
            loading={loading}
            matchMajors={majors}
          />
        </Form.Item>
      </Form>
      {mismatch.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${chosen?.name ?? ''} 不负责“${mismatch.join('、')}”专业，仍可分配，但请确认。`}
        />
      )}
      {inReview > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          showIcon
          title={`其中 ${inReview} 篇正在评阅中：改派后已有批注会保留并转给新的评阅教师，原评阅教师将无法再访问。`}
        />
      )}
    </Dialog>
  );
}
