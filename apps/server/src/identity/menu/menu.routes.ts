import { menuForRole } from '@zikao/contract';
import { identityEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';

export function registerMenuRoutes(app: FastifyInstance): void {
  serve(app, identityEndpoints.menuList, (_input, { user }) => menuForRole(user.role));
}
