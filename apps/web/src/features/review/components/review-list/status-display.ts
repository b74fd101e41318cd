import { SUBMISSION_STATUS_ORDER } from '@zikao/contract/ordering';
import type { SubmissionStatus } from '@zikao/contract/review';

export type ListScope = 'all' | 'history';

/** Every status in the order the tabs show them: the workflow's. */
export const STATUS_ORDER = SUBMISSION_STATUS_ORDER;

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
