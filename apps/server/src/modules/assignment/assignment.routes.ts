import { ApiPath, assignSchema, Role } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { requireUser } from '../auth/auth.routes.ts';
import type { AssignmentService } from './assignment.service.ts';

export function registerAssignmentRoutes(app: FastifyInstance, deps: { assignments: AssignmentService }): void {
  app.post(ApiPath.assignmentAssign, { config: { access: { roles: [Role.admin] } } }, async (request) => {
    const body = parseInput(assignSchema, request.body);
    return ok(await deps.assignments.assign(requireUser(request.user), body.submissionIds, body.reviewerId));
  });
}
