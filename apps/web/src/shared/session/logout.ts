import { identityEndpoints } from '@zikao/contract/endpoints';
import { tellHostLoggedOut } from '../host/host.ts';
import { call } from '../request/call.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { clearLocalSession } from './local-session.ts';

/** Logs out on the server (best effort) and clears the session here; returns the side's login path. */
export async function logout(): Promise<'/login' | '/student/login'> {
  const side = useSessionStore.getState().side;
  try {
    await call(side === 'student' ? identityEndpoints.studentLogout : identityEndpoints.logout, {}, { silent: true });
  } catch {
    // The local session is cleared whatever the server says.
  }
  clearLocalSession();
  tellHostLoggedOut();
  return side === 'student' ? '/student/login' : '/login';
}
