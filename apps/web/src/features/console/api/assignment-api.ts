import type { AutoAssignPreviewQuery } from '@zikao/contract/assignment';
import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { SubmissionListQuery } from '@zikao/contract/review';
import { call } from '../../../shared/request/call.ts';

/** The assignment table's filters and page: the list call's, its scope being always `all`. */
export type AssignmentListQuery = Pick<
  SubmissionListQuery,
  'stage' | 'page' | 'pageSize' | 'status' | 'batchId' | 'major' | 'keyword'
>;

export const assignmentKeys = {
  all: ['console-assignment'] as const,
  list: (query: AssignmentListQuery) => ['console-assignment', 'list', query] as const,
  options: ['console-assignment', 'options'] as const,
};

/** The assignment screen's calls: the admin's view of every submission, assignment and reopening. */
export const assignmentApi = {
  list: (query: AssignmentListQuery, signal?: AbortSignal) =>
    call(
      workflowEndpoints.submissionList,
      { ...query, scope: 'all', keyword: query.keyword || undefined },
      { silent: true, signal },
    ),
  options: () => call(workflowEndpoints.assignmentOptions, {}, { silent: true }),
  assign: (submissionIds: number[], reviewerId: number) =>
    call(workflowEndpoints.assignmentAssign, { submissionIds, reviewerId }),
  preview: (query: AutoAssignPreviewQuery) => call(workflowEndpoints.autoAssignPreview, { ...query }),
  apply: (assignments: Array<{ submissionId: number; reviewerId: number }>) =>
    call(workflowEndpoints.autoAssignApply, { assignments }),
  reopen: (submissionId: number, reason: string) => call(workflowEndpoints.reviewReopen, { submissionId, reason }),
};
