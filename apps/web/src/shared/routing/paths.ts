export const LOGIN_PATH = '/login';
export const STUDENT_LOGIN_PATH = '/student/login';
/** The ChangePassword route; the seed leaves its path to us. */
export const CHANGE_PASSWORD_PATH = '/account/password';
export const STUDENT_HOME_PATH = '/student';

/**
 * Where an embedded app goes when its session ends (issue 32 §1.8): a notice, never the app's own
 * login; the host signs the user in again (docs/embedding.md).
 */
export const EMBEDDED_SIGNED_OUT_PATH = '/embedded/signed-out';

/** URL parameters that carry a session token: never copied into another URL. */
const TOKEN_PARAMS = ['token', 'w_token'];

/** A path with its query, less any token parameter. */
export function withoutTokens(fullPath: string): string {
  const [path = '', query] = fullPath.split('?', 2);
  if (query === undefined) return fullPath;
  const params = new URLSearchParams(query);
  for (const name of TOKEN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** `/login?redirect=<full path with query>` (seed 4.4), the query less any token. */
export function loginRedirect(fullPath: string, loginPath: string = LOGIN_PATH): string {
  const target = withoutTokens(fullPath);
  if (!target || target === '/' || target.startsWith(loginPath)) return loginPath;
  return `${loginPath}?redirect=${encodeURIComponent(target)}`;
}

/** A redirect target is only followed when it stays inside the app. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return fallback;
  return target;
}
