import {
  ApiPath,
  carriedMarkSchema,
  diffSchema,
  Role,
  resubmitSchema,
  type Stage,
  type SubmissionListQuery,
  submissionDetailSchema,
  submissionListSchema,
  submissionRefSchema,
  TEACHER_SIDE_ROLES,
} from '@zikao/contract';
import { ReviewListPath } from '@zikao/contract/review-lists';
import { SubmissionFilterPath, submissionFiltersSchema } from '@zikao/contract/submission-filters';
import { ThesisSheetPath } from '@zikao/contract/thesis-sheet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { attachment } from '../../shared/http/attachment.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { ParsedInputMemo, parseInput } from '../../shared/validation.ts';
import type { ThesisSheetService } from './sheet.ts';
import type { SubmissionService } from './submission.service.ts';
import { submissionWorkbook } from './submission-export.ts';

const reviewers = { config: { access: { roles: TEACHER_SIDE_ROLES } } };
const fileParams = z.object({
  submissionId: z.coerce.number({ error: '须为数字' }).int().positive('须为正整数'),
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '格式不正确'),
});
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const JSON_UTF8 = 'application/json; charset=utf-8';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether an Accept-Encoding header admits gzip: named with a q above 0, or else through `*`. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return false;
  // Browsers send the same header on every call: the last answer is kept.
  if (text === lastAcceptEncoding.header) return lastAcceptEncoding.gzip;
  const gzip = readAcceptEncoding(text);
  lastAcceptEncoding = { header: text, gzip };
  return gzip;
}

let lastAcceptEncoding = { header: '', gzip: false };

function readAcceptEncoding(text: string): boolean {
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/** The web shell's per-stage list paths answer the same call with the stage implied. */
const STAGE_PATHS: Array<[string, Stage]> = [
  [ReviewListPath.topics, 'topic'],
  [ReviewListPath.plans, 'plan'],
  [ReviewListPath.drafts, 'draft'],
  [ReviewListPath.finals, 'final'],
  [ReviewListPath.retests, 'retest'],
];

export function registerSubmissionRoutes(
  app: FastifyInstance,
  deps: { submissions: SubmissionService; sheet: ThesisSheetService },
): void {
  const { submissions, sheet } = deps;

  const exportList = async (user: SessionUser, query: SubmissionListQuery, reply: FastifyReply) => {
    const file = await submissionWorkbook(query.stage, await submissions.exportRows(user, query));
    return attachment(reply, file.fileName, XLSX).send(file.body);
  };
  const listQueries = new ParsedInputMemo(submissionListSchema);
  // Not async: a cached answer, the common case, is sent at once, without a promise to settle.
  const list = (stage?: Stage) => (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as Record<string, unknown> | undefined;
    // The signature check has already keyed the body; a stage path's input is another object.
    const query = stage ? listQueries.parse({ ...body, stage }) : listQueries.parse(body, request.signedParamsKey);
    const user = requireUser(request.user);
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
  app.post(ApiPath.submissionList, reviewers, list());
  for (const [path, stage] of STAGE_PATHS) app.post(path, reviewers, list(stage));

  app.post(SubmissionFilterPath.filters, reviewers, async (request) => {
    const query = parseInput(submissionFiltersSchema, request.body);
    return ok(await submissions.filterOptions(requireUser(request.user), query));
  });

  app.post(ApiPath.submissionDetail, reviewers, async (request) => {
    const body = parseInput(submissionDetailSchema, request.body);
    return ok(await submissions.detail(requireUser(request.user), body.submissionId, body.open === 1));
  });

  app.post(ThesisSheetPath.sheet, reviewers, async (request) => {
    const body = parseInput(submissionRefSchema, request.body);
    return ok(await sheet.sheet(requireUser(request.user), body.submissionId));
  });
  app.post(ThesisSheetPath.attachments, reviewers, async (request) => {
    const body = parseInput(submissionRefSchema, request.body);
    return ok(await sheet.attachments(requireUser(request.user), body.submissionId));
  });
  // A preview tab cannot sign its request: like the document file, the session and access check suffice.
  const fileAccess = { config: { access: { roles: TEACHER_SIDE_ROLES, signature: 'none' as const } } };
  app.get(`${ThesisSheetPath.file}/:submissionId/:uploadId`, fileAccess, async (request, reply) => {
    const { submissionId, uploadId } = parseInput(fileParams, request.params);
    const file = await sheet.file(requireUser(request.user), submissionId, uploadId);
    attachment(reply, file.name, file.mime).header('x-content-type-options', 'nosniff');
    // Only PDFs and raster images open in the browser; anything else (HTML, SVG) is a download.
    const wantsInline = (request.query as Record<string, unknown> | undefined)?.inline === '1';
    if (wantsInline && INLINE_TYPES.has(file.mime)) {
      reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    }
    return reply.send(file.body);
  });

  app.post(ApiPath.submissionDiff, reviewers, async (request) => {
    const body = parseInput(diffSchema, request.body);
    return ok(await submissions.diff(requireUser(request.user), body.submissionId, body.fromVersion, body.toVersion));
  });

  app.post(ApiPath.annotationCarriedMark, reviewers, async (request) => {
    const body = parseInput(carriedMarkSchema, request.body);
    const addressed = body.addressed === null ? null : body.addressed === 1 || body.addressed === true;
    return ok(await submissions.markCarried(requireUser(request.user), body.annotationId, addressed));
  });

  // The candidate's resubmission; the rest of the candidate side comes with issue 6.
  app.post(ApiPath.submissionResubmit, { config: { access: { roles: [Role.student] } } }, async (request) => {
    const body = parseInput(resubmitSchema, request.body);
    return ok(await submissions.resubmit(requireUser(request.user), body.submissionId, body));
  });
}
