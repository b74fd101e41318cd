import { systemEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { attachment, XLSX_TYPE } from '../../shared/http/attachment.ts';
import { serve } from '../../shared/http/serve.ts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }): void {
  const { audit } = deps;

  serve(app, systemEndpoints.auditList, async (query, { reply }) => {
    if (query.export !== 1) return audit.list(query);
    const file = await audit.exportWorkbook(query);
    return attachment(reply, file.fileName, XLSX_TYPE).send(file.body);
  });
  serve(app, systemEndpoints.auditOptions, () => audit.options());
}
