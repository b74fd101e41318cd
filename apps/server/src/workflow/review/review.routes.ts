import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { ReviewService } from './review.service.ts';

export function registerReviewRoutes(app: FastifyInstance, deps: { reviews: ReviewService }): void {
  const { reviews } = deps;
  serve(app, workflowEndpoints.reviewSave, (input, { user }) => reviews.save(user, input));
  serve(app, workflowEndpoints.reviewSubmit, (input, { user }) => reviews.submit(user, input));
  serve(app, workflowEndpoints.reviewReopen, (input, { user }) =>
    reviews.reopen(user, input.submissionId, input.reason),
  );
  serve(app, workflowEndpoints.reviewCheck, (input, { user }) => reviews.check(user, input.submissionId));
}
