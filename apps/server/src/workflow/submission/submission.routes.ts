import type { Stage, StageSubmissionListQuery, SubmissionListQuery } from '@zikao/contract';
import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../../shared/http/accept-encoding.ts';
import { attachment, XLSX_TYPE } from '../../shared/http/attachment.ts';
import { sendStoredFile } from '../../shared/http/file-answers.ts';
import { serve } from '../../shared/http/serve.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { CarryOver } from './carry-over.ts';
import type { ThesisSheetService } from './sheet.ts';
import type { SubmissionService } from './submission.service.ts';
import { submissionWorkbook } from './submission-export.ts';

const JSON_UTF8 = 'application/json; charset=utf-8';

/** The web shell's per-stage list paths answer the same call with the stage implied. */
const STAGE_LISTS = [
  [workflowEndpoints.topicList, 'topic'],
  [workflowEndpoints.planList, 'plan'],
  [workflowEndpoints.draftList, 'draft'],
  [workflowEndpoints.finalList, 'final'],
  [workflowEndpoints.retestList, 'retest'],
] as const satisfies ReadonlyArray<readonly [unknown, Stage]>;

/**
 * A stage path's query with its stage: one object per memoised input, so the list cache's key,
 * kept per query object, is worked out once for it as for the general path's.
 */
function withStage(stage: Stage): (query: StageSubmissionListQuery) => SubmissionListQuery {
  const kept = new WeakMap<StageSubmissionListQuery, SubmissionListQuery>();
  return (query) => {
    let full = kept.get(query);
    if (full === undefined) {
      full = Object.freeze({ ...query, stage });
      kept.set(query, full);
    }
    return full;
  };
}

export function registerSubmissionRoutes(
  app: FastifyInstance,
  deps: { submissions: SubmissionService; sheet: ThesisSheetService; carryOver: CarryOver },
): void {
  const { submissions, sheet, carryOver } = deps;

  const exportList = async (user: SessionUser, query: SubmissionListQuery, reply: FastifyReply) => {
    const file = await submissionWorkbook(query.stage, await submissions.exportRows(user, query));
    return attachment(reply, file.fileName, XLSX_TYPE).send(file.body);
  };
  // Not async: a cached answer, the common case, is sent at once, without a promise to settle.
  const list = (query: SubmissionListQuery, user: SessionUser, request: FastifyRequest, reply: FastifyReply) => {
    if (query.export === 1) return exportList(user, query, reply);
    // The cached answer is already JSON (and gzip): sent as bytes, it is not serialised again per call.
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply.type(JSON_UTF8).header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    const cached = submissions.cachedListBody(user, query, gzip);
    if (cached) {
      reply.send(cached);
      return undefined;
    }
    return submissions.listBody(user, query, gzip).then((answer) => reply.send(answer));
  };
  serve(app, workflowEndpoints.submissionList, (query, { user, request, reply }) => list(query, user, request, reply), {
    memoizeInput: true,
  });
  for (const [endpoint, stage] of STAGE_LISTS) {
    const full = withStage(stage);
    serve(app, endpoint, (query, { user, request, reply }) => list(full(query), user, request, reply), {
      memoizeInput: true,
    });
  }

  serve(app, workflowEndpoints.submissionFilters, (query, { user }) => submissions.filterOptions(user, query));

  serve(app, workflowEndpoints.submissionDetail, (input, { user }) =>
    submissions.detail(user, input.submissionId, input.open === 1),
  );

  serve(app, workflowEndpoints.thesisSheet, (input, { user }) => sheet.sheet(user, input.submissionId));
  serve(app, workflowEndpoints.thesisAttachments, (input, { user }) => sheet.attachments(user, input.submissionId));
  serve(app, workflowEndpoints.submissionFilePreview, (input, { user }) =>
    sheet.preview(user, input.submissionId, input.uploadId),
  );
  serve(app, workflowEndpoints.submissionFile, async ({ submissionId, uploadId, inline }, { user, reply }) =>
    sendStoredFile(reply, await sheet.file(user, submissionId, uploadId), inline === '1'),
  );

  serve(app, workflowEndpoints.submissionDiff, (input, { user }) =>
    submissions.diff(user, input.submissionId, input.fromVersion, input.toVersion),
  );

  serve(app, workflowEndpoints.annotationCarriedMark, (input, { user }) => {
    const addressed = input.addressed === null ? null : input.addressed === 1 || input.addressed === true;
    return submissions.markCarried(user, input.annotationId, addressed);
  });

  serve(app, workflowEndpoints.annotationCarriedPlace, (input, { user }) =>
    carryOver.place(user, input.annotationId, input.candidate),
  );

  // The candidate's resubmission (`submissionResubmit`) is served with the candidate's submit, student.routes.ts.
}
