import { API_BASE } from '@zikao/contract/paths';
import {
  detectMode,
  HANDOVER_STORAGE_KEY,
  type Handover,
  type HostContext,
  type HostProps,
  normalizeBase,
  readHandover,
  withHandoverParams,
} from './host-context.ts';

let context: HostContext = { mode: 'standalone', embedded: false, handover: {}, routerBase: '', props: null };

/** Message type posted to a parent frame when the app needs the host to act. */
export const HOST_MESSAGE_TYPE = 'zikao:host-request';

/**
 * Embedded start (seed 4.6): reads the handover from the host's props or the URL, stores it
 * locally and copies it into `w_` URL parameters. Call once before the router starts.
 */
export function startHostContext(props: HostProps | null): HostContext {
  const framed = window.self !== window.top;
  const handover = readHandover(props, window.location.search);
  const mode = detectMode(props, framed, handover);
  const stored = readStoredHandover();
  const merged: Handover = mode === 'standalone' ? stored : { ...stored, ...handover };
  context = {
    mode,
    embedded: mode !== 'standalone',
    handover: merged,
    routerBase: normalizeBase(props?.routerBase),
    props,
  };
  if (context.embedded) {
    localStorage.setItem(HANDOVER_STORAGE_KEY, JSON.stringify(merged));
    const search = withHandoverParams(window.location.search, merged);
    const url = `${window.location.pathname}${search}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }
  return context;
}

/** qiankun `update`: new props, and a new handover (e.g. a refreshed token) when they carry one. */
export function updateHostProps(props: HostProps): HostContext {
  const handover = { ...context.handover, ...readHandover(props, '') };
  context = { ...context, props: { ...context.props, ...props }, handover };
  if (context.embedded) localStorage.setItem(HANDOVER_STORAGE_KEY, JSON.stringify(handover));
  return context;
}

function readStoredHandover(): Handover {
  try {
    return (JSON.parse(localStorage.getItem(HANDOVER_STORAGE_KEY) ?? '{}') as Handover) ?? {};
  } catch {
    return {};
  }
}

export function getHostContext(): HostContext {
  return context;
}

/** The API base: the host's base_url when embedded, `/api` otherwise. */
export function apiBase(): string {
  const base = context.embedded ? context.handover.base_url : undefined;
  return (base ?? API_BASE).replace(/\/+$/, '');
}

/**
 * Asks the host to change route (e.g. to `/login` on 1030001): through the function in its
 * props, or by postMessage to the parent frame. Returns false when standalone.
 */
export function askHostToNavigate(path: string): boolean {
  if (!context.embedded) return false;
  if (context.props?.onNavigate) {
    context.props.onNavigate(path);
    return true;
  }
  if (window.parent !== window) {
    window.parent.postMessage({ type: HOST_MESSAGE_TYPE, action: 'navigate', path, from: context.handover.from }, '*');
    return true;
  }
  return false;
}

/** Tells the host the user logged out here, if it listens. */
export function tellHostLoggedOut(): void {
  if (!context.embedded) return;
  if (context.props?.onLogout) context.props.onLogout();
  else if (window.parent !== window) {
    window.parent.postMessage({ type: HOST_MESSAGE_TYPE, action: 'logout', from: context.handover.from }, '*');
  }
}
