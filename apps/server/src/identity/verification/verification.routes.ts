import { identityEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { VerificationService } from './verification.service.ts';

/** Per client address: generous for people, tight enough to stop flooding. */
export const CAPTCHA_LIMIT = { max: 60, timeWindow: 60_000 };

export function registerVerificationRoutes(app: FastifyInstance, deps: { verification: VerificationService }): void {
  const { verification } = deps;

  for (const endpoint of [identityEndpoints.captcha, identityEndpoints.studentCaptcha]) {
    serve(app, endpoint, () => verification.createCaptcha(), { rateLimit: CAPTCHA_LIMIT });
  }
}
