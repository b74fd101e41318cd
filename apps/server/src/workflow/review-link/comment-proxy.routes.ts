import { proxyEndpoints } from '@zikao/contract/endpoints';
import type { ProxyCall } from '@zikao/contract/endpoints/proxy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LinkScope } from '../../access/link-rules.ts';
import type { AnnotationService } from '../../documents/annotation/annotation.service.ts';
import type { CommentBankService } from '../../documents/comment-bank/comment-bank.service.ts';
import type { DocumentService } from '../../documents/document/document.service.ts';
import { badReviewLink } from '../../shared/errors.ts';
import { sendPdf, sendStoredFile } from '../../shared/http/file-answers.ts';
import { type ServeOptions, serve } from '../../shared/http/serve.ts';
import type { LinkCaller } from '../../shared/request-context.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { ReviewService } from '../review/review.service.ts';
import type { ThesisSheetService } from '../submission/sheet.ts';
import type { SubmissionService } from '../submission/submission.service.ts';
import type { ReviewLinkService } from './review-link.service.ts';

interface Deps {
  links: ReviewLinkService;
  submissions: SubmissionService;
  sheet: ThesisSheetService;
  reviews: ReviewService;
  documents: DocumentService;
  annotations: AnnotationService;
  bank: CommentBankService;
  storage: FileStorage;
  /** Calls per minute per link and call; the PDF's byte ranges get ten times as many. */
  rateLimitPerMinute: number;
}

/** Each link's calls are counted apart (the auth hook has put the link on the request). */
const perLink = (request: FastifyRequest): string =>
  request.link ? `link:${request.link.grant.id}` : `ip:${request.ip}`;

function callerOf(request: FastifyRequest): LinkCaller {
  if (!request.link) throw badReviewLink();
  return request.link;
}

/**
 * The comment proxy of the admin review pages (issue 13, adr/011): under
 * `/qianwei/v1/comment-prx`, the reviewer's calls a review page needs, authorised by the review
 * link alone (the auth hook verifies it and records the use). Each call names its ids to the
 * access module's link rules (purpose, and the link's one submission), then runs the reviewer's
 * own service as the link's actor, so blind review, frozen reviews and the status machine hold
 * as they do for a signed-in reviewer. Any other path under the proxy is 1040001.
 */
export function registerCommentProxyRoutes(app: FastifyInstance, deps: Deps): void {
  const { links, submissions, sheet, reviews, documents, annotations, bank, storage } = deps;
  const calls: ServeOptions = {
    rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000, keyGenerator: perLink },
  };
  const ranges: ServeOptions = {
    rateLimit: { max: deps.rateLimitPerMinute * 10, timeWindow: 60_000, keyGenerator: perLink },
  };
  /** Runs `answer` once the link may make `call` on the ids of `scope`. */
  const guarded = async <T>(request: FastifyRequest, call: ProxyCall, scope: LinkScope, answer: () => Promise<T>) => {
    const caller = callerOf(request);
    await links.guard(caller, call, scope);
    try {
      return await answer();
    } catch (error) {
      // Revoked while the call ran (the thesis went back to 待分配): say so, not what the service found.
      await links.requireNotRevoked(caller);
      throw error;
    }
  };

  serve(app, proxyEndpoints.linkContext, (_input, { request }) => links.context(callerOf(request)), calls);

  serve(
    app,
    proxyEndpoints.submissionDetail,
    (input, { user, request }) =>
      guarded(request, 'submissionDetail', { submissionIds: [input.submissionId] }, () =>
        submissions.detail(user, input.submissionId, input.open === 1),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.thesisSheet,
    (input, { user, request }) =>
      guarded(request, 'thesisSheet', { submissionIds: [input.submissionId] }, () =>
        sheet.sheet(user, input.submissionId),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.thesisAttachments,
    (input, { user, request }) =>
      guarded(request, 'thesisAttachments', { submissionIds: [input.submissionId] }, () =>
        sheet.attachments(user, input.submissionId),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.submissionFile,
    ({ submissionId, uploadId, inline }, { user, request, reply }) =>
      guarded(request, 'submissionFile', { submissionIds: [submissionId] }, async () =>
        sendStoredFile(reply, await sheet.file(user, submissionId, uploadId), inline === '1'),
      ),
    calls,
  );

  serve(
    app,
    proxyEndpoints.documentStatus,
    (input, { user, request }) =>
      guarded(request, 'documentStatus', { documentIds: [input.documentId] }, () =>
        documents.summary(user, input.documentId),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.documentText,
    (input, { user, request }) =>
      guarded(request, 'documentText', { documentIds: [input.documentId] }, () =>
        documents.text(user, input.documentId),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.documentFile,
    ({ id }, { user, request, reply }) =>
      guarded(request, 'documentFile', { documentIds: [id] }, async () =>
        sendPdf(request, reply, storage, await documents.pdf(user, id)),
      ),
    ranges,
  );

  serve(
    app,
    proxyEndpoints.annotationList,
    (input, { user, request }) =>
      guarded(request, 'annotationList', { documentIds: [input.documentId] }, () =>
        annotations.list(user, input.documentId),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.annotationSave,
    (body, { user, request }) =>
      guarded(request, 'annotationSave', { documentIds: [body.documentId], annotationIds: [body.annotation.id] }, () =>
        annotations.save(user, body.documentId, body.annotation, body.baseRevision),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.annotationDelete,
    (body, { user, request }) =>
      guarded(request, 'annotationDelete', { annotationIds: [body.id] }, () =>
        annotations.remove(user, body.id, body.baseRevision),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.annotationRestore,
    (body, { user, request }) =>
      guarded(request, 'annotationRestore', { annotationIds: [body.id] }, () =>
        annotations.restore(user, body.id, body.baseRevision),
      ),
    calls,
  );
  serve(
    app,
    proxyEndpoints.annotationReply,
    (body, { user, request }) =>
      guarded(request, 'annotationReply', { annotationIds: [body.annotationId] }, () =>
        annotations.reply(user, body.annotationId, body.comment),
      ),
    calls,
  );
  // The shared comment bank, read only: the proxy serves no call that changes it.
  serve(
    app,
    proxyEndpoints.commentBankList,
    (_input, { user, request }) => guarded(request, 'commentBankList', {}, () => bank.listFor(user)),
    calls,
  );

  serve(
    app,
    proxyEndpoints.reviewSave,
    (input, { user, request }) =>
      guarded(request, 'reviewSave', { submissionIds: [input.submissionId] }, () => reviews.save(user, input)),
    calls,
  );
  serve(
    app,
    proxyEndpoints.reviewSubmit,
    (input, { user, request }) =>
      guarded(request, 'reviewSubmit', { submissionIds: [input.submissionId] }, () => reviews.submit(user, input)),
    calls,
  );
  // 复核通过: the verdict becomes final and the candidate is told, as the console's check does.
  serve(
    app,
    proxyEndpoints.reviewCheck,
    (input, { user, request }) =>
      guarded(request, 'reviewCheck', { submissionIds: [input.submissionId] }, () =>
        reviews.check(user, input.submissionId),
      ),
    calls,
  );
  // 退回评阅人: the review goes back to its reviewer, who is told why.
  serve(
    app,
    proxyEndpoints.reviewReopen,
    (input, { user, request }) =>
      guarded(request, 'reviewReopen', { submissionIds: [input.submissionId] }, () =>
        reviews.reopen(user, input.submissionId, input.reason),
      ),
    calls,
  );
}
