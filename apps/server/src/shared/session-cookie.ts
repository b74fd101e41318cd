import { SESSION_COOKIE } from '@zikao/contract';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * The session cookie, read and written without a cookie plugin: a plugin's hooks would run on
 * every call, while only sign-in and sign-out set the cookie and only a call without a bearer
 * token reads it.
 */
export function sessionTokenOfCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE] || undefined;
}

/** What the session cookie is set and cleared with, so that clearing it matches the cookie set. */
const attributes = (secure: boolean) =>
  ({ name: SESSION_COOKIE, path: '/', httpOnly: true, sameSite: 'lax', secure }) as const;

/** The Set-Cookie value that holds a new session's token until it expires. */
export function sessionCookie(token: string, expires: Date, secure: boolean): string {
  return stringifySetCookie({ ...attributes(secure), value: token, expires });
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return stringifySetCookie({ ...attributes(secure), value: '', expires: new Date(0), maxAge: 0 });
}
