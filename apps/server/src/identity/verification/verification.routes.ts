import {
  ApiPath,
  normalizePhone,
  Role,
  type Role as RoleValue,
  sendSmsBodySchema,
  TEACHER_SIDE_ROLES,
} from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../shared/errors.ts';
import { ok } from '../../shared/http/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import type { UsersRepository } from '../auth/users.repository.ts';
import type { VerificationService } from './verification.service.ts';

const PUBLIC = { access: { auth: 'public' } } as const;
/** Per client address: generous for people, tight enough to stop flooding. */
export const CAPTCHA_LIMIT = { max: 60, timeWindow: 60_000 };
export const SMS_SEND_LIMIT = { max: 20, timeWindow: 60_000 };

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: { verification: VerificationService; users: UsersRepository },
): void {
  const { verification, users } = deps;

  for (const path of [ApiPath.captcha, ApiPath.studentCaptcha]) {
    app.get(path, { config: { ...PUBLIC, rateLimit: CAPTCHA_LIMIT } }, async () =>
      ok(await verification.createCaptcha()),
    );
  }

  const sends: Array<[string, readonly RoleValue[], string]> = [
    [ApiPath.sendSmsCode, TEACHER_SIDE_ROLES, '该手机号不是教师账号，请从考生登录入口登录'],
    [ApiPath.studentSendSms, [Role.student], '该手机号不是考生账号，请从教师登录入口登录'],
  ];
  for (const [path, roles, wrongSide] of sends) {
    app.post(path, { config: { ...PUBLIC, rateLimit: SMS_SEND_LIMIT } }, async (request) => {
      const body = parseInput(sendSmsBodySchema, request.body);
      await verification.checkCaptcha(body.captchaId, body.captcha);
      const user = await users.findByAccount(normalizePhone(body.phone));
      if (!user) throw notFound('该手机号未注册');
      if (!roles.includes(user.role)) throw forbidden(wrongSide);
      await verification.sendSmsCode(body.phone);
      return ok({});
    });
  }
}
