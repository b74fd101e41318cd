import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../shared/http/attachment.ts';
import { serve } from '../../shared/http/serve.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { StudentService } from './student.service.ts';

export function registerStudentRoutes(
  app: FastifyInstance,
  deps: { students: StudentService; storage: FileStorage },
): void {
  const { students, storage } = deps;

  serve(app, workflowEndpoints.studentFile, async ({ uploadId }, { user, reply }) => {
    const file = await students.file(user, uploadId);
    return attachment(reply, file.name, file.mime).send(await storage.read(file.sha256));
  });
  serve(app, workflowEndpoints.studentThesis, (input, { user }) => students.overview(user, input.thesisId));
  serve(app, workflowEndpoints.studentSubmission, (input, { user }) => students.submission(user, input.submissionId));
  serve(app, workflowEndpoints.studentSubmit, (input, { user }) => students.submit(user, input));
  // The resubmit call of the review workflow's paths is the candidate's submit too (issue 19 §2).
  serve(app, workflowEndpoints.submissionResubmit, (input, { user }) => students.resubmit(user, input));
  serve(app, workflowEndpoints.studentTopic, (input, { user }) => students.topic(user, input.thesisId));
  serve(app, workflowEndpoints.studentTopicDraft, (input, { user }) =>
    students.saveTopicDraft(user, input.thesisId, input.fields),
  );
  serve(app, workflowEndpoints.studentReview, (input, { user }) =>
    students.review(user, input.submissionId, input.versionNo),
  );
}
