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
import { z } from 'zod';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { attachment } from '../../shared/http/attachment.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { parseInput } from '../../shared/validation.ts';
import type { CandidateService } from './candidate.service.ts';

const students = { config: { access: { roles: [Role.student] } } };
const fileParams = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '格式不正确') });

export function registerCandidateRoutes(
  app: FastifyInstance,
  deps: { candidates: CandidateService; storage: FileStorage },
): void {
  const { candidates, storage } = deps;

  app.get(`${CandidateApiPath.file}/:uploadId`, students, async (request, reply) => {
    const { uploadId } = parseInput(fileParams, request.params);
    const file = await candidates.file(requireUser(request.user), uploadId);
    return attachment(reply, file.name, file.mime).send(await storage.read(file.sha256));
  });

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
