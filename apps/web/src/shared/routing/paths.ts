export const LOGIN_PATH = '/login';
export const STUDENT_LOGIN_PATH = '/student/login';
/** The ChangePassword route; the seed leaves its path to us. */
export const CHANGE_PASSWORD_PATH = '/account/password';
export const STUDENT_HOME_PATH = '/student';

/** `/login?redirect=<full path with query>` (seed 4.4). */
export function loginRedirect(fullPath: string, loginPath: string = LOGIN_PATH): string {
  if (!fullPath || fullPath === '/' || fullPath.startsWith(loginPath)) return loginPath;
  return `${loginPath}?redirect=${encodeURIComponent(fullPath)}`;
}

/** A redirect target is only followed when it stays inside the app. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return fallback;
  return target;
}
