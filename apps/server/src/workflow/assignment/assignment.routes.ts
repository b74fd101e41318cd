import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { AssignmentService } from './assignment.service.ts';

export function registerAssignmentRoutes(app: FastifyInstance, deps: { assignments: AssignmentService }): void {
  const { assignments } = deps;
  serve(app, workflowEndpoints.assignmentAssign, (input, { user }) =>
    assignments.assign(user, input.submissionIds, input.reviewerId),
  );
  serve(app, workflowEndpoints.assignmentOptions, () => assignments.options());
  serve(app, workflowEndpoints.autoAssignPreview, (input) => assignments.preview(input));
  serve(app, workflowEndpoints.autoAssignApply, (input, { user }) => assignments.applyPlan(user, input.assignments));
}
