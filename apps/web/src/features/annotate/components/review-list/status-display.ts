import type { SubmissionStatus } from '@zikao/contract/review';
import { SUBMISSION_STATUS_LABELS } from '@zikao/contract/review-lists';

export type ListScope = 'all' | 'history';

/** Every status in the order the tabs show them. */
export const STATUS_ORDER: readonly SubmissionStatus[] = [
  'unassigned',
  'assigned',
  'reviewing',
  'returned',
  'awaiting_check',
  'checked',
  'passed',
  'failed',
];

/** Dark text on a light tint per status: each pair meets WCAG AA contrast (at least 4.5:1). */
export const STATUS_STYLE: Record<SubmissionStatus, { color: string; background: string; border: string }> = {
  unassigned: { color: '#434343', background: '#f5f5f5', border: '#d9d9d9' },
  assigned: { color: '#1d4ed8', background: '#eff6ff', border: '#bfdbfe' },
  reviewing: { color: '#3730a3', background: '#eef2ff', border: '#c7d2fe' },
  returned: { color: '#9a3412', background: '#fff7ed', border: '#fed7aa' },
  passed: { color: '#166534', background: '#f0fdf4', border: '#bbf7d0' },
  failed: { color: '#b91c1c', background: '#fef2f2', border: '#fecaca' },
  awaiting_check: { color: '#6b21a8', background: '#faf5ff', border: '#e9d5ff' },
  checked: { color: '#155e75', background: '#ecfeff', border: '#a5f3fc' },
};

/** The Chinese label of a status; an unknown code is shown as it is rather than hidden. */
export function statusLabel(status: string): string {
  return Object.hasOwn(SUBMISSION_STATUS_LABELS, status)
    ? SUBMISSION_STATUS_LABELS[status as SubmissionStatus]
    : status;
}

/** Statuses a list always offers as tabs: a reviewer's working set, or what a finished review leaves. */
const CORE_TABS: Record<ListScope, readonly SubmissionStatus[]> = {
  all: ['assigned', 'reviewing', 'returned', 'passed', 'failed'],
  history: ['returned', 'passed', 'failed'],
};

/**
 * The status tabs of a list: the scope's usual statuses, plus any other that has rows (an admin's
 * 待分配, a batch's 待复核) or is the one selected, in the workflow's order.
 */
export function tabStatuses(
  scope: ListScope,
  counts: Partial<Record<SubmissionStatus, number>> | undefined,
  current: SubmissionStatus | null,
): SubmissionStatus[] {
  return STATUS_ORDER.filter(
    (status) => CORE_TABS[scope].includes(status) || (counts?.[status] ?? 0) > 0 || status === current,
  );
}

/** Rows under every status: the 全部 tab. */
export function totalOf(counts: Partial<Record<SubmissionStatus, number>> | undefined): number {
  return Object.values(counts ?? {}).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** 第N版. */
export function versionLabel(version: number): string {
  return `第${version}版`;
}

/** Blind-review rows come with empty candidate fields. */
export function isBlind(row: { studentName: string; examNo: string }): boolean {
  return row.studentName === '' && row.examNo === '';
}
