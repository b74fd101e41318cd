import type { HostProps } from './shared/host/host-context.ts';

// qiankun lifecycles. The classic loader script in index.html (see build/qiankun-html-plugin.ts)
// imports this chunk and hands the host's calls on to these functions.

let unmountCurrent: (() => void) | null = null;

async function bootstrap(): Promise<void> {
  await import('./app/mount.tsx');
}

async function mount(props: HostProps): Promise<void> {
  const { mountApp } = await import('./app/mount.tsx');
  const container = props.container?.querySelector('#root') ?? props.container ?? document.getElementById('root');
  if (!container) throw new Error('qiankun 容器中缺少 #root');
  unmountCurrent = mountApp(container, props);
}

async function unmount(): Promise<void> {
  unmountCurrent?.();
  unmountCurrent = null;
}

async function update(props: HostProps): Promise<void> {
  const [{ updateHostProps }, { useSessionStore }, { usePermissionStore }] = await Promise.all([
    import('./shared/host/host.ts'),
    import('./shared/stores/session-store.ts'),
    import('./shared/stores/permission-store.ts'),
  ]);
  const { handover } = updateHostProps(props);
  // A refreshed token from the host replaces the session; the guard asks who it belongs to next.
  if (handover.token && handover.token !== useSessionStore.getState().token) {
    useSessionStore.getState().adoptToken(handover.token);
    usePermissionStore.getState().reset();
  }
}

const target = window as unknown as Record<string, unknown>;
target.__ZIKAO_WEB_LIFECYCLES__ = { bootstrap, mount, unmount, update };
