import { ApiPath, emptyBodySchema, menuForRole } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { requireUser } from '../auth/auth.routes.ts';

export function registerMenuRoutes(app: FastifyInstance): void {
  app.post(ApiPath.menuList, async (request) => {
    parseInput(emptyBodySchema, request.body);
    return ok(menuForRole(requireUser(request.user).role));
  });
}
