import type { UserSession } from '@zikao/contract/auth';
import { useNavigate, useSearchParams } from 'react-router';
import { STUDENT_HOME_PATH, safeRedirect } from '../../../shared/routing/paths.ts';
import { usePermissionStore } from '../../../shared/stores/permission-store.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

/** Stores a fresh session and goes to the `redirect` query parameter, or home. */
export function useSignIn(side: Side): (session: UserSession) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (session) => {
    useSessionStore.getState().signIn(side, session);
    const permission = usePermissionStore.getState();
    permission.reset();
    permission.setRoles(session.userRole);
    const home = side === 'student' ? STUDENT_HOME_PATH : '/';
    navigate(safeRedirect(params.get('redirect'), home), { replace: true });
  };
}
