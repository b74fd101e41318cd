import { ApiPath } from '@zikao/contract/paths';
import { tellHostLoggedOut } from '../host/host.ts';
import { api } from '../request/api.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { clearLocalSession } from './local-session.ts';

/** Logs out on the server (best effort) and clears the session here; returns the side's login path. */
export async function logout(): Promise<'/login' | '/student/login'> {
  const side = useSessionStore.getState().side;
  try {
    await api.post(side === 'student' ? ApiPath.studentLogout : ApiPath.logout, {}, { silent: true });
  } catch {
    // The local session is cleared whatever the server says.
  }
  clearLocalSession();
  tellHostLoggedOut();
  return side === 'student' ? '/student/login' : '/login';
}
