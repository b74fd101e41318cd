import { API_BASE, SESSION_COOKIE } from '@zikao/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request's session comes from the cookie (a browser sends it by itself), not a bearer token. */
function cookieAuthenticated(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.includes(`${SESSION_COOKIE}=`);
}

/** Whether an Origin header names this server or one of the embedding hosts (`*` in a host or port). */
export function isAllowedOrigin(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host === host.toLowerCase()) return true;
  return allowed.some((entry) => {
    if (!entry.includes('*')) return entry.toLowerCase() === parsed.origin;
    const escaped = entry.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^${escaped.replace(/\*/g, '[^/:]*')}$`).test(parsed.origin);
  });
}

/**
 * Cookie-authenticated changes need more than SameSite=Lax (issue 19 §6): every state-changing API
 * call that the session cookie authenticates, multipart uploads included, must carry the header
 * the app's client always sends (`X-Requested-With: XMLHttpRequest`: a cross-site form cannot, and
 * a cross-site script cannot without a preflight this server never grants), and an `Origin`, when
 * sent, of this server or an embedding host. Refused with 1030003 before the body is read.
 */
export function registerOriginCheck(server: FastifyInstance, allowedOrigins: readonly string[]): void {
  server.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith(`${API_BASE}/`) || !cookieAuthenticated(request)) {
      done();
      return;
    }
    const origin = request.headers.origin;
    const fromApp = request.headers['x-requested-with'] === 'XMLHttpRequest';
    if (fromApp && (origin === undefined || isAllowedOrigin(origin, request.headers.host, allowedOrigins))) {
      done();
      return;
    }
    done(forbidden('请求来源不被允许，请在本系统页面内操作'));
  });
}
