import { Role } from '@zikao/contract';
import { AuditApiPath, auditListSchema } from '@zikao/contract/audit';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { attachment } from '../annotation/annotation.routes.ts';
import type { AuditService } from './audit.service.ts';

const admins = { config: { access: { roles: [Role.admin] } } };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }): void {
  const { audit } = deps;

  app.post(AuditApiPath.list, admins, async (request, reply) => {
    const query = parseInput(auditListSchema, request.body);
    if (query.export === 1) {
      const file = await audit.exportWorkbook(query);
      return attachment(reply, file.fileName, XLSX).send(file.body);
    }
    return ok(await audit.list(query));
  });

  app.post(AuditApiPath.options, admins, async () => ok(await audit.options()));
}
