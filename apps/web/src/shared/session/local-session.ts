import { useAppStore } from '../stores/app-store.ts';
import { usePermissionStore } from '../stores/permission-store.ts';
import { useSessionStore } from '../stores/session-store.ts';

/** Clears the session here (seed 4.5) without calling the server. */
export function clearLocalSession(): void {
  useSessionStore.getState().signOut();
  usePermissionStore.getState().reset();
  useAppStore.getState().resetIncludes();
}
