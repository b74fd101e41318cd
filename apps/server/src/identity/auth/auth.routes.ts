import type { UserSession } from '@zikao/contract';
import { identityEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { serve } from '../../shared/http/serve.ts';
import type { RsaKeys } from '../../shared/rsa.ts';
import { clearedSessionCookie, sessionCookie } from '../../shared/session-cookie.ts';
import type { AuthService } from './auth.service.ts';

/** Sign-in attempts per client address, across accounts: stops password spraying. */
export const LOGIN_LIMIT = { max: 30, timeWindow: 60_000 };
/** Sign-in codes sent per client address. */
export const SMS_SEND_LIMIT = { max: 20, timeWindow: 60_000 };

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; rsa: RsaKeys; config: AppConfig },
): void {
  const { auth, rsa, config } = deps;

  const startSession = (reply: FastifyReply, session: UserSession): UserSession => {
    reply.header('set-cookie', sessionCookie(session.token, new Date(session.expire), config.cookieSecure));
    return session;
  };
  const endSession = (reply: FastifyReply): Record<string, never> => {
    reply.header('set-cookie', clearedSessionCookie(config.cookieSecure));
    return {};
  };
  const login = { rateLimit: LOGIN_LIMIT };

  const sends = [
    [identityEndpoints.sendSmsCode, 'teacher'],
    [identityEndpoints.studentSendSms, 'student'],
  ] as const;
  for (const [endpoint, side] of sends) {
    serve(
      app,
      endpoint,
      async (input) => {
        await auth.sendLoginCode(side, input);
        return {};
      },
      { rateLimit: SMS_SEND_LIMIT },
    );
  }

  serve(app, identityEndpoints.publicKey, () => ({ publicKey: rsa.publicKeyPem, bits: rsa.bits }));

  const logins = [
    ['teacher', identityEndpoints.teacherLogin, identityEndpoints.teacherLoginByPassword],
    ['student', identityEndpoints.studentLogin, identityEndpoints.studentLoginByPassword],
  ] as const;
  for (const [side, bySms, byPassword] of logins) {
    serve(
      app,
      bySms,
      async (input, { reply }) => startSession(reply, await auth.loginBySms(side, input.phone, input.code)),
      login,
    );
    serve(
      app,
      byPassword,
      async (input, { reply }) => startSession(reply, await auth.loginByPassword(side, input.account, input.password)),
      login,
    );
  }

  // Public: logging out without a session still clears a stale client's cookie.
  for (const endpoint of [identityEndpoints.logout, identityEndpoints.studentLogout]) {
    serve(app, endpoint, async (_input, { request, reply }) => {
      if (request.user) await auth.logout(request.user);
      return endSession(reply);
    });
  }

  serve(app, identityEndpoints.userInfo, (_input, { user }) => auth.userInfo(user));

  serve(app, identityEndpoints.updatePassword, async (input, { user, reply }) => {
    await auth.updatePassword(user, input.oldPassword, input.newPassword);
    return endSession(reply);
  });
}
