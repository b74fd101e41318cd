import { noticesEndpoints } from '@zikao/contract/endpoints';
import type { NoticeListQuery, NoticePublishInput } from '@zikao/contract/notice';
import { call } from '../../../shared/request/call.ts';

/** Query keys, so that reading a notice refreshes the list and the bell. */
export const noticeKeys = {
  all: ['notice'] as const,
  list: (query: Partial<NoticeListQuery>) => ['notice', 'list', query] as const,
  unread: ['notice', 'unread'] as const,
};

export const noticeApi = {
  list: (query: Partial<NoticeListQuery>, signal?: AbortSignal) =>
    call(noticesEndpoints.noticeList, { ...query, keyword: query.keyword || undefined }, { signal }),
  /** Quiet: the bell must not raise a toast every minute when the network is down. */
  unread: (signal?: AbortSignal) =>
    call(noticesEndpoints.noticeUnread, {}, { silent: true, ...(signal ? { signal } : {}) }),
  read: (id: number) => call(noticesEndpoints.noticeRead, { id }),
  readAll: () => call(noticesEndpoints.noticeReadAll, {}),
  publish: (input: NoticePublishInput) => call(noticesEndpoints.noticePublish, input),
  remove: (id: number) => call(noticesEndpoints.noticeDelete, { id }),
};
