import { type BatchDto, type BatchListQuery, type BatchSaveInput, ConsoleApiPath } from '@zikao/contract/console';
import type { ListResult } from '@zikao/contract/envelope';
import { api } from '../../../shared/request/api.ts';

export const batchKeys = {
  all: ['console-batches'] as const,
  list: (query: BatchListQuery) => ['console-batches', query] as const,
};

/**
 * The batch screen's calls. The list is silent (the screen shows its own error); saving lets
 * the client toast the server's message, e.g. a name that is taken.
 */
export const batchApi = {
  list: (query: BatchListQuery, signal?: AbortSignal) =>
    api.post<ListResult<BatchDto>>(
      ConsoleApiPath.batchList,
      { ...query, keyword: query.keyword || undefined },
      { silent: true, signal },
    ),
  save: (input: BatchSaveInput) => api.post<BatchDto>(ConsoleApiPath.batchSave, { ...input }),
  close: (id: number) => api.post<BatchDto>(ConsoleApiPath.batchClose, { id }),
};
