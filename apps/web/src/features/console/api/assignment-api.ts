import {
  AssignmentApiPath,
  type AssignmentOptions,
  type AutoAssignPreview,
  type AutoAssignPreviewQuery,
} from '@zikao/contract/assignment';
import { ApiPath } from '@zikao/contract/paths';
import type { Stage, SubmissionListResult, SubmissionStatus } from '@zikao/contract/review';
import { api } from '../../../shared/request/api.ts';

export interface AssignmentListQuery {
  stage: Stage;
  page: number;
  pageSize: number;
  status?: SubmissionStatus | undefined;
  batchId?: number | undefined;
  major?: string | undefined;
  keyword?: string | undefined;
}

export const assignmentKeys = {
  all: ['console-assignment'] as const,
  list: (query: AssignmentListQuery) => ['console-assignment', 'list', query] as const,
  options: ['console-assignment', 'options'] as const,
};

/** The assignment screen's calls: the admin's view of every submission, assignment and reopening. */
export const assignmentApi = {
  list: (query: AssignmentListQuery, signal?: AbortSignal) =>
    api.post<SubmissionListResult>(
      ApiPath.submissionList,
      { ...query, scope: 'all', keyword: query.keyword || undefined },
      { silent: true, signal },
    ),
  options: () => api.post<AssignmentOptions>(AssignmentApiPath.options, {}, { silent: true }),
  assign: (submissionIds: number[], reviewerId: number) =>
    api.post<{ assigned: number }>(ApiPath.assignmentAssign, { submissionIds, reviewerId }),
  preview: (query: AutoAssignPreviewQuery) => api.post<AutoAssignPreview>(AssignmentApiPath.autoPreview, { ...query }),
  apply: (assignments: Array<{ submissionId: number; reviewerId: number }>) =>
    api.post<{ assigned: number }>(AssignmentApiPath.autoApply, { assignments }),
  reopen: (submissionId: number, reason: string) =>
    api.post<{ status: SubmissionStatus }>(ApiPath.reviewReopen, { submissionId, reason }),
};
