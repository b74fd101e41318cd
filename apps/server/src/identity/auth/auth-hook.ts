import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { badReviewLink, forbidden, notLoggedIn } from '../../shared/errors.ts';
import type { AccessConfig, LinkAuthenticator, SessionUser } from '../../shared/request-context.ts';
import { sessionTokenOfCookie } from '../../shared/session-cookie.ts';
import { verifyRequestSignatureSync } from '../../shared/signature-hook.ts';
import type { AuthService } from './auth.service.ts';

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  return sessionTokenOfCookie(request.headers.cookie);
}

type AuthHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * A route's preHandler: checks the request signature (`signature-hook.ts`), then resolves the
 * session and applies the route's access rules: login required unless public, the
 * must-change-password gate (1030002), and the role list (1030003).
 *
 * The rules are bound when the route is registered, and a session already in memory is applied
 * without a promise: this runs on every call, and the per-call costs add up.
 *
 * A comment-proxy route (`auth: 'link'`) is authorised by its review link alone (adr/011): the
 * signature is checked as everywhere, any session cookie or token is not even read (a session
 * grants nothing more), and the link's caller is left on `request.link`.
 */
export function createAuthHook(auth: AuthService, access: AccessConfig, links?: LinkAuthenticator): AuthHook {
  if (access.auth === 'link') {
    return function authenticateLink(request, _reply, done) {
      request.user = null;
      request.link = null;
      verifyRequestSignatureSync(request, access);
      if (!links) return done(badReviewLink());
      const params = request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body;
      const use = { path: request.url.split('?')[0] ?? '', ip: request.ip };
      links.authenticate(params, use).then(
        (caller) => {
          request.link = caller;
          done();
        },
        (error: Error) => done(error),
      );
    };
  }
  /** Admits the caller once the session is known (or refused: `error` when resolving it failed). */
  const settle = (
    request: FastifyRequest,
    token: string | undefined,
    done: HookHandlerDoneFunction,
    user: SessionUser | null,
    error?: unknown,
  ): void => {
    // A stale cookie must not block public calls such as login.
    if (error !== undefined && access.auth !== 'public') {
      done(error as Error);
      return;
    }
    request.user = user;
    let refused: Error | undefined;
    if (access.auth !== 'public') {
      try {
        if (!user) throw notLoggedIn(token ? '登录已过期，请重新登录' : '未登录或登录已过期，请重新登录');
        if (!access.allowMustChange) auth.assertPasswordCurrent(user);
        if (access.roles && !access.roles.includes(user.role)) throw forbidden();
      } catch (caught) {
        refused = caught as Error;
      }
    }
    done(refused);
  };

  return function authenticate(request, _reply, done) {
    request.user = null;
    verifyRequestSignatureSync(request, access);
    const token = tokenOf(request);
    if (!token) return settle(request, token, done, null);
    let known: SessionUser | undefined;
    try {
      known = auth.knownSession(token);
    } catch (error) {
      return settle(request, token, done, null, error);
    }
    if (known) return settle(request, token, done, known);
    auth.resolveSession(token).then(
      (user) => settle(request, token, done, user),
      (error: unknown) => settle(request, token, done, null, error),
    );
  };
}

/**
 * Gives every route registered after it its own auth hook, bound to its `config.access`; `links`
 * verifies the review links of the comment-proxy routes.
 */
export function bindAuthHooks(auth: AuthService, links?: LinkAuthenticator) {
  return (route: RouteOptions): void => {
    const access = (route.config as { access?: AccessConfig } | undefined)?.access ?? {};
    const own = route.preHandler ? [route.preHandler].flat() : [];
    // First: a route's own preHandlers (its per-link rate limit) see the caller.
    route.preHandler = [createAuthHook(auth, access, links), ...own];
  };
}
