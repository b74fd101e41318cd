import type { Stage, SubmissionStatus } from '@zikao/contract/review';
import { DEFAULT_LIST_STATE } from '../review-list/list-query.ts';
import type { StageListRequest } from '../review-list/review-list-api.ts';

const PENDING: readonly SubmissionStatus[] = ['assigned', 'reviewing'];

/**
 * The call for what still waits for this reviewer in a stage, in the list's own default order
 * (what waits first, newest first within it: `DEFAULT_LIST_STATE`): enough rows to skip the one just submitted.
 */
export const PENDING_LIST_REQUEST: StageListRequest = {
  scope: 'todo',
  page: 1,
  pageSize: 20,
  sort: DEFAULT_LIST_STATE.sort,
  order: DEFAULT_LIST_STATE.order,
};

/**
 * The next submission to review after `submittedId` (issue 32 §2.7): the first row still 待评阅 or
 * 评阅中 in the list's order, other than the one just submitted; null when all are done.
 */
export function nextPending<Row extends { id: number; status: SubmissionStatus }>(
  rows: readonly Row[],
  submittedId: number,
): Row | null {
  return rows.find((row) => row.id !== submittedId && PENDING.includes(row.status)) ?? null;
}

/** A stage's review list, to go back to when nothing is left. */
export const STAGE_LIST_ROUTES: Record<Stage, string> = {
  topic: '/annotate/topic/list',
  plan: '/thesisPlan/list',
  draft: '/annotate/thesis/list',
  final: '/annotate/thesis/finally/list',
  retest: '/annotate/thesisRetest/list',
};
