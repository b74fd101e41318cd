import { ErrorCode } from '@zikao/contract/errors';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { askHostToNavigate, getHostContext } from '../shared/host/host.ts';
import { ApiError } from '../shared/request/errors.ts';
import {
  CHANGE_PASSWORD_PATH,
  EMBEDDED_SIGNED_OUT_PATH,
  LOGIN_PATH,
  loginRedirect,
  STUDENT_LOGIN_PATH,
} from '../shared/routing/paths.ts';
import { clearLocalSession } from '../shared/session/local-session.ts';
import { usePermissionStore } from '../shared/stores/permission-store.ts';
import { STORAGE_KEYS } from '../shared/stores/session-persistence.ts';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { decideNavigation } from './guard.ts';
import { matchRoute } from './route-match.ts';
import { ROUTES } from './route-table.ts';

let generation: Promise<void> | null = null;

/**
 * The signed-in calls, loaded when first needed: they go through the contract's endpoint
 * declarations, whose zod schemas the sign-in page does not load (adr/025).
 */
const userApi = () => import('../features/auth/api/user-api.ts');

/** Routes are generated once per session: concurrent navigations share one menu call. */
function generateRoutes(): Promise<void> {
  generation ??= userApi()
    .then(({ fetchMenu }) => fetchMenu())
    .then((menu) => usePermissionStore.getState().setRoutes(menu))
    .finally(() => {
      generation = null;
    });
  return generation;
}

async function loadRole(): Promise<void> {
  const { fetchUserInfo } = await userApi();
  const info = await fetchUserInfo();
  useSessionStore.getState().applyUserInfo(info);
  usePermissionStore.getState().setRoles(info.userRole);
}

function stripBase(pathname: string): string {
  const base = getHostContext().routerBase;
  if (base && pathname.startsWith(base)) return pathname.slice(base.length) || '/';
  return pathname;
}

function failure(error: unknown, fullPath: string): never {
  if (error instanceof ApiError && error.code === ErrorCode.mustChangePassword) throw redirect(CHANGE_PASSWORD_PATH);
  // Route generation failed (seed 4.3): drop the unusable session and log in again.
  const loginPath = useSessionStore.getState().side === 'student' ? STUDENT_LOGIN_PATH : LOGIN_PATH;
  clearLocalSession();
  if (getHostContext().embedded) {
    // Embedded, signing in is the host's business (docs/embedding.md, issue 32 §1.8): tell it (the
    // request client already has on 1030001) and show a notice, never the app's own login.
    if (!(error instanceof ApiError && error.code === ErrorCode.notLoggedIn)) askHostToNavigate(LOGIN_PATH);
    throw redirect(EMBEDDED_SIGNED_OUT_PATH);
  }
  throw redirect(loginRedirect(fullPath, loginPath));
}

/** The root loader: runs the guard on every navigation before any screen renders. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const pathname = stripBase(url.pathname);
  const search = url.search;
  const params = url.searchParams;
  const urlToken = params.get('token') ?? params.get('w_token');
  const session = useSessionStore.getState();
  if (urlToken && !session.token) session.adoptToken(urlToken);
  const route = matchRoute(ROUTES, pathname, search)?.route ?? null;

  for (let step = 0; step < 4; step += 1) {
    const permission = usePermissionStore.getState();
    const decision = decideNavigation({
      pathname,
      search,
      route,
      embedded: getHostContext().embedded,
      urlToken,
      storedToken: localStorage.getItem(STORAGE_KEYS.token),
      roles: permission.roles,
      routesGenerated: permission.generated,
      menu: permission.routes,
    });
    if (decision.kind === 'pass') return null;
    if (decision.kind === 'redirect') throw redirect(decision.to);
    try {
      if (decision.kind === 'load-role') await loadRole();
      else await generateRoutes();
    } catch (error) {
      failure(error, `${pathname}${search}`);
    }
  }
  return null;
}
