import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router.tsx';
import './app.css';
// The motion every dialog and popup uses, loaded with the app so no screen opens one unstyled (adr/008).
import '../shared/components/steady-dialogs.css';

// A host that failed to load leaves toasts waiting rather than taking the app down.
const ToastHost = lazy(
  (): Promise<{ default: ComponentType }> => import('./toast-host.tsx').catch(() => ({ default: () => null })),
);

/**
 * True once the first screen has rendered and the browser is idle. The toast host (antd's
 * message, with antd's core) loads then rather than before the sign-in page; toasts asked for
 * earlier wait in shared/feedback/toast.ts (adr/025).
 */
function useFirstScreenSettled(router: AppRouter): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | null = null;
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(() => setSettled(true), { timeout: 1500 });
        cancelIdle = () => cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(() => setSettled(true), 200);
        cancelIdle = () => clearTimeout(handle);
      }
    };
    const ready = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (ready()) {
      whenIdle();
      return () => cancelIdle?.();
    }
    const unsubscribe = router.subscribe(() => {
      if (!ready() || cancelIdle) return;
      unsubscribe();
      whenIdle();
    });
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, [router]);
  return settled;
}

export function App({ router }: { router: AppRouter }) {
  const settled = useFirstScreenSettled(router);
  return (
    <>
      {settled ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
      <RouterProvider router={router} />
    </>
  );
}
