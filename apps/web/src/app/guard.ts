import type { MenuItem } from '@zikao/contract/auth';
import { EMBEDDED_SIGNED_OUT_PATH, LOGIN_PATH, loginRedirect, STUDENT_LOGIN_PATH } from '../shared/routing/paths.ts';
import type { RouteDef } from '../shared/routing/route-def.ts';

/** Paths and route names that open without login (seed 4.4 and 6). */
export const WHITELIST_PATHS: readonly string[] = [
  LOGIN_PATH,
  STUDENT_LOGIN_PATH,
  '/version',
  '/board',
  EMBEDDED_SIGNED_OUT_PATH,
];
export const WHITELIST_NAMES: readonly string[] = [
  'Login',
  'StudentLogin',
  'Version',
  'Board',
  'adminTopicReview',
  'adminThesisReview',
  'adminThesisRetestReview',
];

export interface GuardInput {
  pathname: string;
  search: string;
  route: RouteDef | null;
  embedded: boolean;
  /** A token found in the URL parameters (token or w_token). */
  urlToken: string | null;
  /** The token in local storage. */
  storedToken: string | null;
  roles: number;
  routesGenerated: boolean;
  menu: readonly MenuItem[];
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /** A token but no role yet: ask the server who this is. */
  | { kind: 'load-role' }
  /** A role but no routes yet: generate them once from the menu list. */
  | { kind: 'generate-routes' };

function isWhitelisted(input: GuardInput): boolean {
  return WHITELIST_PATHS.includes(input.pathname) || Boolean(input.route && WHITELIST_NAMES.includes(input.route.name));
}

function loginPathFor(pathname: string): string {
  return pathname.startsWith('/student') ? STUDENT_LOGIN_PATH : LOGIN_PATH;
}

/**
 * Where '/' goes once routes exist: the annotation area when the menu has it (the seed's '/'),
 * otherwise the first nested child path of the first route.
 */
export function resolveHome(menu: readonly MenuItem[], fallback = '/annotate'): string {
  const hasAnnotate = (items: readonly MenuItem[]): boolean =>
    items.some((item) => item.name === 'AnnotateTopicList' || hasAnnotate(item.children ?? []));
  if (menu.length === 0 || hasAnnotate(menu)) return fallback;
  const first = menu[0];
  return first?.children?.[0]?.path ?? first?.path ?? fallback;
}

/** The guard of seed section 4, as a pure decision. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { route } = input;
  const isLogin = route?.name === 'Login' || route?.name === 'StudentLogin';
  if (isLogin) return input.roles !== 0 ? { kind: 'redirect', to: '/' } : { kind: 'pass' };
  if (isWhitelisted(input)) return { kind: 'pass' };

  const token = input.urlToken || input.storedToken;
  if (!token && !input.embedded) {
    return { kind: 'redirect', to: loginRedirect(`${input.pathname}${input.search}`, loginPathFor(input.pathname)) };
  }
  // ChangePassword must stay reachable while every other call answers 1030002.
  if (route?.name === 'ChangePassword') return { kind: 'pass' };
  if (input.roles === 0) {
    if (token) return { kind: 'load-role' };
    return route?.redirect ? { kind: 'redirect', to: route.redirect } : { kind: 'pass' };
  }
  if (!input.routesGenerated) return { kind: 'generate-routes' };
  if (route?.redirect) {
    const to = input.pathname === '/' ? resolveHome(input.menu) : route.redirect;
    return { kind: 'redirect', to };
  }
  return { kind: 'pass' };
}
