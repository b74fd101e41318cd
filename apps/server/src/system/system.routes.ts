import { Role, type VersionInfo } from '@zikao/contract';
import { systemEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../shared/http/serve.ts';

/** The version as anyone may read it: no paths on the server, no runtime. */
function publicVersion(version: VersionInfo): VersionInfo {
  const { nodeVersion: _runtime, ...rest } = version;
  return {
    ...rest,
    converter: { ...version.converter, detail: version.converter.available ? '' : version.converter.detail },
  };
}

export function registerSystemRoutes(app: FastifyInstance, deps: { version: VersionInfo }): void {
  const forAnyone = publicVersion(deps.version);
  serve(app, systemEndpoints.version, (_input, { user }) => (user?.role === Role.admin ? deps.version : forAnyone));
}
