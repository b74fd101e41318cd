import { SESSION_COOKIE } from '@zikao/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { forbidden, notLoggedIn } from './errors.ts';
import { verifyRequestSignatureSync } from './signature-hook.ts';

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * The API's one preHandler: checks the request signature (`signature-hook.ts`), then resolves
 * the session and applies the route's access rules: login required unless public, the
 * must-change-password gate (1030002), and the role list (1030003). One hook, not two: each hook
 * costs a turn of Fastify's hook runner on every call.
 */
export function createAuthHook(auth: AuthService) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    request.user = null;
    if (request.is404) return;
    verifyRequestSignatureSync(request);
    const access = request.routeOptions.config.access ?? {};
    const token = tokenOf(request);
    if (token) {
      try {
        request.user = await auth.resolveSession(token);
      } catch (error) {
        // A stale cookie must not block public calls such as login.
        if (access.auth !== 'public') throw error;
      }
    }
    if (access.auth === 'public') return;
    if (!request.user) throw notLoggedIn(token ? '登录已过期，请重新登录' : '未登录或登录已过期，请重新登录');
    if (!access.allowMustChange) auth.assertPasswordCurrent(request.user);
    if (access.roles && !access.roles.includes(request.user.role)) throw forbidden();
  };
}
