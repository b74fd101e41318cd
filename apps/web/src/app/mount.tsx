import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startHostContext } from '../shared/host/host.ts';
import type { HostProps } from '../shared/host/host-context.ts';
import { bindNavigator } from '../shared/navigation/navigator.ts';
import { usePermissionStore } from '../shared/stores/permission-store.ts';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { endCancelledMotions } from '../shared/utils/cancelled-motion.ts';
import { bindPreferenceOwner } from '../shared/utils/user-preference.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';

/** Starts the app in a container, standalone or under a host; returns the unmount function. */
export function mountApp(container: Element, props: HostProps | null): () => void {
  const host = startHostContext(props);
  const session = useSessionStore.getState();
  if (host.embedded && host.handover.token) session.adoptToken(host.handover.token);
  const role = useSessionStore.getState().userRole;
  if (role) usePermissionStore.getState().setRoles(role);

  const router = createAppRouter(host.routerBase);
  bindNavigator((to, options) => void router.navigate(to, options), host.routerBase);
  bindPreferenceOwner(() => useSessionStore.getState().id);
  const stopEndingMotions = endCancelledMotions(document);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    router.dispose();
    stopEndingMotions();
  };
}
