import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../shared/http/attachment.ts';
import { serve } from '../../shared/http/serve.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { CandidateService } from './candidate.service.ts';

export function registerCandidateRoutes(
  app: FastifyInstance,
  deps: { candidates: CandidateService; storage: FileStorage },
): void {
  const { candidates, storage } = deps;

  serve(app, workflowEndpoints.candidateFile, async ({ uploadId }, { user, reply }) => {
    const file = await candidates.file(user, uploadId);
    return attachment(reply, file.name, file.mime).send(await storage.read(file.sha256));
  });
  serve(app, workflowEndpoints.candidateThesis, (input, { user }) => candidates.overview(user, input.thesisId));
  serve(app, workflowEndpoints.candidateSubmission, (input, { user }) =>
    candidates.submission(user, input.submissionId),
  );
  serve(app, workflowEndpoints.candidateSubmit, (input, { user }) => candidates.submit(user, input));
  serve(app, workflowEndpoints.candidateTopic, (input, { user }) => candidates.topic(user, input.thesisId));
  serve(app, workflowEndpoints.candidateTopicDraft, (input, { user }) =>
    candidates.saveTopicDraft(user, input.thesisId, input.fields),
  );
  serve(app, workflowEndpoints.candidateReview, (input, { user }) =>
    candidates.review(user, input.submissionId, input.versionNo),
  );
}
