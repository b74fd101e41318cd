import { Role } from '@zikao/contract';
import { batchListSchema, batchRefSchema, batchSaveSchema, ConsoleApiPath } from '@zikao/contract/console';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { requireUser } from '../auth/auth.routes.ts';
import type { BatchService } from './batch.service.ts';

const adminOnly = { config: { access: { roles: [Role.admin] } } };

export function registerBatchRoutes(app: FastifyInstance, deps: { batches: BatchService }): void {
  app.post(ConsoleApiPath.batchList, adminOnly, async (request) =>
    ok(await deps.batches.list(parseInput(batchListSchema, request.body))),
  );
  app.post(ConsoleApiPath.batchSave, adminOnly, async (request) => {
    const body = parseInput(batchSaveSchema, request.body);
    return ok(await deps.batches.save(requireUser(request.user), body));
  });
  app.post(ConsoleApiPath.batchClose, adminOnly, async (request) => {
    const body = parseInput(batchRefSchema, request.body);
    return ok(await deps.batches.close(requireUser(request.user), body.id));
  });
}
