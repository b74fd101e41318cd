import {
  CandidateApiPath,
  candidateReviewSchema,
  candidateSubmissionSchema,
  candidateSubmitSchema,
  candidateThesisSchema,
  candidateTopicDraftSchema,
} from '@zikao/contract/candidate';
import { Role } from '@zikao/contract/roles';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { requireUser } from '../auth/auth.routes.ts';
import type { CandidateService } from './candidate.service.ts';

const students = { config: { access: { roles: [Role.student] } } };

export function registerCandidateRoutes(app: FastifyInstance, deps: { candidates: CandidateService }): void {
  const { candidates } = deps;

  app.post(CandidateApiPath.thesis, students, async (request) => {
    const body = parseInput(candidateThesisSchema, request.body);
    return ok(await candidates.overview(requireUser(request.user), body.thesisId));
  });

  app.post(CandidateApiPath.submission, students, async (request) => {
    const body = parseInput(candidateSubmissionSchema, request.body);
    return ok(await candidates.submission(requireUser(request.user), body.submissionId));
  });

  app.post(CandidateApiPath.submit, students, async (request) => {
    const body = parseInput(candidateSubmitSchema, request.body);
    return ok(await candidates.submit(requireUser(request.user), body));
  });

  app.post(CandidateApiPath.topic, students, async (request) => {
    const body = parseInput(candidateThesisSchema, request.body);
    return ok(await candidates.topic(requireUser(request.user), body.thesisId));
  });

  app.post(CandidateApiPath.topicDraft, students, async (request) => {
    const body = parseInput(candidateTopicDraftSchema, request.body);
    return ok(await candidates.saveTopicDraft(requireUser(request.user), body.thesisId, body.fields));
  });

  app.post(CandidateApiPath.review, students, async (request) => {
    const body = parseInput(candidateReviewSchema, request.body);
    return ok(await candidates.review(requireUser(request.user), body.submissionId, body.versionNo));
  });
}
