import { AuditApiPath, type AuditEntryDto, type AuditOptions, auditListSchema } from '../audit.ts';
import type { VersionInfo } from '../auth.ts';
import { get, post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import { HealthApiPath, type HealthInfo, type ReadyInfo } from '../health.ts';
import { ApiPath } from '../paths.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/** The system area: the audit trail and the version. */
export const systemEndpoints = {
  /** The trail, or with `export: 1` the same rows as .xlsx. */
  auditList: post<ListResult<AuditEntryDto>>()({
    path: AuditApiPath.list,
    input: auditListSchema,
    body: 'json-or-file',
    access: Access.admins,
  }),
  auditOptions: post<AuditOptions>()({ path: AuditApiPath.options, input: emptyInputSchema, access: Access.admins }),
  /** The server's version, database and converter: public, for the version screen and monitoring. */
  version: get<VersionInfo>()({ path: ApiPath.version, input: emptyInputSchema, access: Access.public }),
  /**
   * Liveness and readiness for load balancers and orchestrators (adr/015): unsigned and public,
   * deliberately (a probe cannot sign); they read nothing private. `ready` answers 503 when a
   * dependency is down, with the envelope naming it.
   */
  health: get<HealthInfo>()({
    path: HealthApiPath.health,
    input: emptyInputSchema,
    access: { auth: 'public', signature: 'none' },
  }),
  ready: get<ReadyInfo>()({
    path: HealthApiPath.ready,
    input: emptyInputSchema,
    access: { auth: 'public', signature: 'none' },
  }),
};
