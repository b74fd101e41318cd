import { adminEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { BatchService } from './batch.service.ts';

export function registerBatchRoutes(app: FastifyInstance, deps: { batches: BatchService }): void {
  const { batches } = deps;
  serve(app, adminEndpoints.batchList, (input) => batches.list(input));
  serve(app, adminEndpoints.batchSave, (input, { user }) => batches.save(user, input));
  serve(app, adminEndpoints.batchClose, (input, { user }) => batches.close(user, input.id));
}
