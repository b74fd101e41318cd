import type { UserInfo, UserSession } from '@zikao/contract/auth';
import { create } from 'zustand';
import {
  clearedSession,
  clearSessionStorage,
  loadSession,
  type SessionState,
  type Side,
  saveSession,
  sessionFromLogin,
} from './session-persistence.ts';

interface SessionActions {
  signIn(side: Side, session: UserSession): void;
  /** Adopts a token handed over by a host or a link, before the role is known. */
  adoptToken(token: string): void;
  applyUserInfo(info: UserInfo): void;
  signOut(): void;
}

export const useSessionStore = create<SessionState & SessionActions>()((set, get) => ({
  ...loadSession(localStorage, sessionStorage),
  signIn: (side, session) => set(sessionFromLogin(side, session)),
  adoptToken: (token) => {
    if (get().token !== token) set({ token, userRole: 0 });
  },
  applyUserInfo: (info) =>
    set({
      name: info.name,
      account: info.account,
      id: info.id,
      userRole: info.userRole,
      headUrl: info.headUrl,
      schoolLogo: info.schoolLogo,
      schoolName: info.schoolName,
      platform: info.platform,
      majorName: info.majorName,
    }),
  signOut: () => {
    clearSessionStorage(localStorage, sessionStorage);
    set(clearedSession(get()));
  },
}));

useSessionStore.subscribe((state, previous) => {
  // signOut already cleared storage field by field; writing the cleared state back would add keys.
  if (!state.token && previous.token) return;
  if (state.token) saveSession(state, localStorage, sessionStorage);
});

export function currentToken(): string {
  return useSessionStore.getState().token;
}
