import {
  ApiPath,
  emptyBodySchema,
  passwordLoginBodySchema,
  smsLoginBodySchema,
  type UserSession,
  updatePasswordBodySchema,
} from '@zikao/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { notLoggedIn } from '../../shared/errors.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { RsaKeys } from '../../shared/rsa.ts';
import { clearedSessionCookie, sessionCookie } from '../../shared/session-cookie.ts';
import { parseInput } from '../../shared/validation.ts';
import type { AuthService, LoginSide } from './auth.service.ts';

const PUBLIC = { access: { auth: 'public' } } as const;
/** Sign-in attempts per client address, across accounts: stops password spraying. */
export const LOGIN_LIMIT = { max: 30, timeWindow: 60_000 };
const LOGIN = { ...PUBLIC, rateLimit: LOGIN_LIMIT };
const ANY_STATE = { access: { allowMustChange: true } } as const;

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw notLoggedIn();
  return user;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; rsa: RsaKeys; config: AppConfig },
): void {
  const { auth, rsa, config } = deps;

  const startSession = (reply: FastifyReply, session: UserSession) => {
    reply.header('set-cookie', sessionCookie(session.token, new Date(session.expire), config.cookieSecure));
    return ok(session);
  };
  const endSession = (reply: FastifyReply) => {
    reply.header('set-cookie', clearedSessionCookie(config.cookieSecure));
    return ok({});
  };

  app.get(ApiPath.publicKey, { config: PUBLIC }, async () => ok({ publicKey: rsa.publicKeyPem, bits: rsa.bits }));

  const logins: Array<[LoginSide, string, string]> = [
    ['teacher', ApiPath.teacherLogin, ApiPath.teacherLoginByPassword],
    ['student', ApiPath.studentLogin, ApiPath.studentLoginByPassword],
  ];
  for (const [side, smsPath, passwordPath] of logins) {
    app.post(smsPath, { config: LOGIN }, async (request, reply) => {
      const body = parseInput(smsLoginBodySchema, request.body);
      return startSession(reply, await auth.loginBySms(side, body.phone, body.code));
    });
    app.post(passwordPath, { config: LOGIN }, async (request, reply) => {
      const body = parseInput(passwordLoginBodySchema, request.body);
      return startSession(reply, await auth.loginByPassword(side, body.account, body.password));
    });
  }

  // Logging out works without a session too, so a stale client can always clear its cookie.
  for (const path of [ApiPath.logout, ApiPath.studentLogout]) {
    app.post(path, { config: { access: { auth: 'public', allowMustChange: true } } }, async (request, reply) => {
      if (request.user) await auth.logout(request.user);
      return endSession(reply);
    });
  }

  app.post(ApiPath.userInfo, async (request) => {
    parseInput(emptyBodySchema, request.body);
    return ok(auth.userInfo(requireUser(request.user)));
  });

  app.post(ApiPath.updatePassword, { config: ANY_STATE }, async (request, reply) => {
    const body = parseInput(updatePasswordBodySchema, request.body);
    await auth.updatePassword(requireUser(request.user), body.oldPassword, body.newPassword);
    return endSession(reply);
  });
}
