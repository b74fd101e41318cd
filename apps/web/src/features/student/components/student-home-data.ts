import { noticesEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

/**
 * The candidate home's notice calls. Its keys sit under `notice`, so reading one here refreshes
 * the header's bell and the notice page as their own reads do.
 */
export const homeNoticeKeys = {
  all: ['notice'] as const,
  unread: ['notice', 'list', { read: 0, page: 1, pageSize: 5, home: true }] as const,
};

export const homeNoticeApi = {
  /** The newest unread notices; `unread` in the answer counts them all. */
  unread: (signal?: AbortSignal) =>
    call(noticesEndpoints.noticeList, { read: 0, page: 1, pageSize: 5 }, { silent: true, signal }),
  read: (id: number) => call(noticesEndpoints.noticeRead, { id }, { silent: true }),
};
