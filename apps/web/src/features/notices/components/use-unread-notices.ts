import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { noticeApi, noticeKeys } from '../api/notice-api.ts';
import { UNREAD_POLL_MS } from './notice-badge.ts';

/** The caller's unread notices: asked every minute and again on each navigation; 0 until known. */
export function useUnreadNotices(enabled = true): number {
  const { pathname } = useLocation();
  const unread = useQuery({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => noticeApi.unread(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    enabled,
  });
  const { refetch } = unread;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (enabled && pathname) void refetch();
  }, [pathname, enabled, refetch]);
  return unread.data?.count ?? 0;
}
