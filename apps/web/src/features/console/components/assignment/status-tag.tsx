import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@zikao/contract/review-lists';
import { Tag } from 'antd';

// Dark text on light tints, so every status tag meets WCAG AA contrast.
const STATUS_STYLE: Record<SubmissionStatus, { color: string; background: string }> = {
  unassigned: { color: '#434343', background: '#f5f5f5' },
  assigned: { color: '#1d4ed8', background: '#eff6ff' },
  reviewing: { color: '#1e40af', background: '#e0e7ff' },
  returned: { color: '#9a3412', background: '#fff7ed' },
  passed: { color: '#166534', background: '#f0fdf4' },
  failed: { color: '#b91c1c', background: '#fef2f2' },
  awaiting_check: { color: '#6b21a8', background: '#faf5ff' },
  checked: { color: '#155e75', background: '#ecfeff' },
};

export function StatusTag({ status }: { status: SubmissionStatus }) {
  return (
    <Tag bordered={false} style={STATUS_STYLE[status]}>
      {SUBMISSION_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

/** Statuses whose review has been submitted, so an admin may reopen it. */
export const REOPENABLE: readonly SubmissionStatus[] = ['returned', 'passed', 'failed', 'awaiting_check', 'checked'];
/** Statuses in which a submission can be (re)assigned. */
export const ASSIGNABLE: readonly SubmissionStatus[] = ['unassigned', 'assigned', 'reviewing'];
