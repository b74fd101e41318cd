import { ApiPath, assignSchema, Role } from '@zikao/contract';
import { AssignmentApiPath, autoAssignApplySchema, autoAssignPreviewSchema } from '@zikao/contract/assignment';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { ok } from '../../shared/http/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import type { AssignmentService } from './assignment.service.ts';

const admins = { config: { access: { roles: [Role.admin] } } };

export function registerAssignmentRoutes(app: FastifyInstance, deps: { assignments: AssignmentService }): void {
  const { assignments } = deps;

  app.post(ApiPath.assignmentAssign, admins, async (request) => {
    const body = parseInput(assignSchema, request.body);
    return ok(await assignments.assign(requireUser(request.user), body.submissionIds, body.reviewerId));
  });

  app.post(AssignmentApiPath.options, admins, async () => ok(await assignments.options()));

  app.post(AssignmentApiPath.autoPreview, admins, async (request) => {
    const body = parseInput(autoAssignPreviewSchema, request.body);
    return ok(await assignments.preview(body));
  });

  app.post(AssignmentApiPath.autoApply, admins, async (request) => {
    const body = parseInput(autoAssignApplySchema, request.body);
    return ok(await assignments.applyPlan(requireUser(request.user), body.assignments));
  });
}
