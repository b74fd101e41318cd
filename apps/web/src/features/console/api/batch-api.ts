import type { BatchListQuery, BatchSaveInput } from '@zikao/contract/console';
import { adminEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

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
    call(adminEndpoints.batchList, { ...query, keyword: query.keyword || undefined }, { silent: true, signal }),
  save: (input: BatchSaveInput) => call(adminEndpoints.batchSave, input),
  close: (id: number) => call(adminEndpoints.batchClose, { id }),
};
