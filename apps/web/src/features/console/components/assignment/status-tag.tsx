import type { SubmissionStatus } from '@zikao/contract/review-lists';

/** Statuses whose review has been submitted, so an admin may reopen it. */
export const REOPENABLE: readonly SubmissionStatus[] = ['returned', 'passed', 'failed', 'awaiting_check', 'checked'];
/** Statuses in which a submission can be (re)assigned. */
export const ASSIGNABLE: readonly SubmissionStatus[] = ['unassigned', 'assigned', 'reviewing'];
