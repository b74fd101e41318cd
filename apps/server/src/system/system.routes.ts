import { ApiPath, type VersionInfo } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../shared/http/envelope.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: { version: VersionInfo }): void {
  app.get(ApiPath.version, { config: { access: { auth: 'public' } } }, async () => ok(deps.version));
}
