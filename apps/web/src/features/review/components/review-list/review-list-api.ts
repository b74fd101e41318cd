import type { Stage, SubmissionListResult } from '@zikao/contract/review';
import { type SubmissionFilterOptions, SubmissionFilterPath } from '@zikao/contract/submission-filters';
import { api } from '../../../../shared/request/api.ts';
import type { ListScope } from './status-display.ts';

export const reviewListApi = {
  list: (path: string, body: Record<string, unknown>, signal?: AbortSignal) =>
    api.post<SubmissionListResult>(path, body, { silent: true, signal }),
  /** Downloads the list as .xlsx under the server's file name; the client says 导出成功. */
  export: (path: string, body: Record<string, unknown>) =>
    api.post<void>(path, { ...body, page: 1, export: 1 }, { export: true }),
  filters: (stage: Stage, scope: ListScope, signal?: AbortSignal) =>
    api.post<SubmissionFilterOptions>(SubmissionFilterPath.filters, { stage, scope }, { silent: true, signal }),
};
