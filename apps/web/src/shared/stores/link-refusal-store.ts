import { create } from 'zustand';

interface LinkRefusalState {
  /** Why the page's review link was refused (评阅链接无效 / 已过期 / 已撤销); null while it holds. */
  reason: string | null;
  refuse(reason: string): void;
  clear(): void;
}

/**
 * A review link refused mid-visit (1030004 on any comment-proxy call, the workspace's autosave
 * included): the admin review page turns into the full-page message rather than failing call by call.
 */
export const useLinkRefusalStore = create<LinkRefusalState>()((set) => ({
  reason: null,
  refuse: (reason) => set({ reason }),
  clear: () => set({ reason: null }),
}));
