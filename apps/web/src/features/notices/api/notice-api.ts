import {
  NoticeApiPath,
  type NoticeDto,
  type NoticeListQuery,
  type NoticeListResult,
  type NoticePublishInput,
} from '@zikao/contract/notice';
import { api } from '../../../shared/request/api.ts';

/** Query keys, so that reading a notice refreshes the list and the bell. */
export const noticeKeys = {
  all: ['notice'] as const,
  list: (query: Partial<NoticeListQuery>) => ['notice', 'list', query] as const,
  unread: ['notice', 'unread'] as const,
};

export const noticeApi = {
  list: (query: Partial<NoticeListQuery>, signal?: AbortSignal) =>
    api.post<NoticeListResult>(NoticeApiPath.list, { ...query, keyword: query.keyword || undefined }, { signal }),
  /** Quiet: the bell must not raise a toast every minute when the network is down. */
  unread: (signal?: AbortSignal) =>
    api.post<{ count: number }>(NoticeApiPath.unread, {}, { silent: true, ...(signal ? { signal } : {}) }),
  read: (id: number) => api.post<NoticeDto>(NoticeApiPath.read, { id }),
  readAll: () => api.post<{ count: number }>(NoticeApiPath.readAll, {}),
  publish: (input: NoticePublishInput) => api.post<{ id: number }>(NoticeApiPath.publish, { ...input }),
  remove: (id: number) => api.post<Record<string, never>>(NoticeApiPath.delete, { id }),
};
