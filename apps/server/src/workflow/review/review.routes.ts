import {
  ApiPath,
  Role,
  reviewReopenSchema,
  reviewSaveSchema,
  reviewSubmitSchema,
  submissionRefSchema,
  TEACHER_SIDE_ROLES,
} from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { ok } from '../../shared/http/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import type { ReviewService } from './review.service.ts';

const reviewers = { config: { access: { roles: TEACHER_SIDE_ROLES } } };
const admins = { config: { access: { roles: [Role.admin] } } };

export function registerReviewRoutes(app: FastifyInstance, deps: { reviews: ReviewService }): void {
  const { reviews } = deps;

  app.post(ApiPath.reviewSave, reviewers, async (request) => {
    const body = parseInput(reviewSaveSchema, request.body);
    return ok(await reviews.save(requireUser(request.user), body));
  });

  app.post(ApiPath.reviewSubmit, reviewers, async (request) => {
    const body = parseInput(reviewSubmitSchema, request.body);
    return ok(await reviews.submit(requireUser(request.user), body));
  });

  app.post(ApiPath.reviewReopen, admins, async (request) => {
    const body = parseInput(reviewReopenSchema, request.body);
    return ok(await reviews.reopen(requireUser(request.user), body.submissionId, body.reason));
  });

  app.post(ApiPath.reviewCheck, admins, async (request) => {
    const body = parseInput(submissionRefSchema, request.body);
    return ok(await reviews.check(requireUser(request.user), body.submissionId));
  });
}
