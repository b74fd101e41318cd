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

/** The Set-Cookie value that holds a new session's token until it expires. */
export function sessionCookie(token: string, expires: Date, secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: token,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires,
  });
}

/** The Set-Cookie value that removes the session cookie, with the attributes it was set with. */
export function clearedSessionCookie(secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(0),
    maxAge: 0,
  });
}
