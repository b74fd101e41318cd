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
  const { updateHostProps } = await import('./shared/host/host.ts');
  updateHostProps(props);
}

const target = window as unknown as Record<string, unknown>;
target.__ZIKAO_WEB_LIFECYCLES__ = { bootstrap, mount, unmount, update };
