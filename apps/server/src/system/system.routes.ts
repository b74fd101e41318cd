import type { VersionInfo } from '@zikao/contract';
import { systemEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../shared/http/serve.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: { version: VersionInfo }): void {
  serve(app, systemEndpoints.version, () => deps.version);
}
