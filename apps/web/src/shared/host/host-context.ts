/** What a host hands over when it embeds the app (seed 1 and 4.6). */
export const HANDOVER_KEYS = ['token', 'userId', 'base_url', 'from'] as const;
export type HandoverKey = (typeof HANDOVER_KEYS)[number];
export type Handover = Partial<Record<HandoverKey, string>>;

/** URL parameters carrying the handover are these names prefixed with `w_`. */
export const HANDOVER_PARAM_PREFIX = 'w_';
export const HANDOVER_STORAGE_KEY = 'zikao_embed_handover';

/** Props a qiankun host passes to mount/update; everything is optional. */
export interface HostProps {
  token?: string;
  userId?: string | number;
  base_url?: string;
  from?: string;
  /** Path prefix the host mounts this app under, e.g. `/portal/zikao`. */
  routerBase?: string;
  container?: Element;
  /** Asks the host to navigate, e.g. to `/login` when the session expired. */
  onNavigate?: (path: string) => void;
  /** Tells the host the user logged out here. */
  onLogout?: () => void;
}

export type EmbedMode = 'standalone' | 'qiankun' | 'iframe';

export interface HostContext {
  mode: EmbedMode;
  embedded: boolean;
  handover: Handover;
  routerBase: string;
  props: HostProps | null;
}

/**
 * Reads the handover from the host's props first, then from the URL (plain or `w_` names).
 * Values that are missing stay undefined.
 */
export function readHandover(props: HostProps | null, search: string): Handover {
  const params = new URLSearchParams(search);
  const handover: Handover = {};
  for (const key of HANDOVER_KEYS) {
    const fromProps = props?.[key];
    const value =
      fromProps !== undefined && fromProps !== null && fromProps !== ''
        ? String(fromProps)
        : (params.get(key) ?? params.get(`${HANDOVER_PARAM_PREFIX}${key}`) ?? undefined);
    if (value) handover[key] = value;
  }
  return handover;
}

/** The search string with every handover value copied in as `w_<key>`; other parameters kept. */
export function withHandoverParams(search: string, handover: Handover): string {
  const params = new URLSearchParams(search);
  for (const key of HANDOVER_KEYS) {
    const value = handover[key];
    if (value) params.set(`${HANDOVER_PARAM_PREFIX}${key}`, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Decides the mode: qiankun when mounted with props; iframe when framed and handed a token or origin. */
export function detectMode(props: HostProps | null, framed: boolean, handover: Handover): EmbedMode {
  if (props) return 'qiankun';
  if (framed && (handover.token || handover.from)) return 'iframe';
  return 'standalone';
}

/** Strips a trailing slash; '' for the root. */
export function normalizeBase(base: string | undefined): string {
  if (!base || base === '/') return '';
  return `/${base.replace(/^\/+|\/+$/g, '')}`;
}
