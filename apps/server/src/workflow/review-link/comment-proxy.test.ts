import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, ErrorCode, Role } from '@zikao/contract';
import { proxyPath } from '@zikao/contract/endpoints';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import type { ApiResponse } from '../../test/test-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  type CreatedLink,
  type Credential,
  createLink,
  highlight,
  REVIEW_COMMENT,
  TEST_LINK_SECRET,
  viaLink,
} from './review-link.test-kit.ts';

const OUTSIDE = '评阅链接只能访问指定的论文';

function refused(answer: ApiResponse, code: number, message?: string | RegExp): void {
  assert.equal(answer.body.errorCode, code, `${answer.body.errorCode} ${answer.body.errorMsg}`);
  if (typeof message === 'string') assert.equal(answer.body.errorMsg, message);
  else if (message) assert.match(answer.body.errorMsg, message);
}

/** A candidate's draft with a real PDF, in a batch, and its 评阅 link. */
async function reviewedDraft(app: TestApp, admin: string, batchId: number, label: string) {
  const student = await buildUser(app, { role: Role.student, examNumber: `0301${Date.now() % 1e8}` });
  const token = await app.login(student.account, undefined, 'student');
  const documentId = await buildDocument(app, token, minimalPdf('Chapter One'));
  const built = await buildSubmission(app, { batchId, stage: 'draft', studentId: student.id, documentId });
  const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review', label });
  return { built, documentId, link };
}

describe('the comment proxy', () => {
  let app: TestApp;
  let admin: string;
  let reviewerId: number;
  let mine: Awaited<ReturnType<typeof reviewedDraft>>;
  let other: Awaited<ReturnType<typeof reviewedDraft>>;
  let otherAnnotation: AnnotationDto;
  let check: CreatedLink;
  let checkedId: number;
  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const batchId = await buildBatch(app);
    mine = await reviewedDraft(app, admin, batchId, '王教授（华南理工大学）');
    other = await reviewedDraft(app, admin, batchId, '李教授（中山大学）');
    const saved = await viaLink<AnnotationDto>(app, '/v1/annotation/save', other.link.credential, {
      documentId: other.documentId,
      annotation: highlight(),
      baseRevision: 0,
    });
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    otherAnnotation = saved.body.data;
    const checked = await buildSubmission(app, {
      batchId: await buildBatch(app, { adminCheck: true }),
      stage: 'final',
      status: 'awaiting_check',
      reviewerId,
    });
    checkedId = checked.id;
    check = await createLink(app, admin, { submissionId: checked.id, purpose: 'check' });
  });
  after(() => app.close());

  const use = (credential: Credential | Record<string, unknown>, path: string, body: Record<string, unknown> = {}) =>
    viaLink(app, path, credential, body);
  /** A file GET as the page makes it (pdf.js, a preview tab): the credential in the query, unsigned. */
  const getFile = async (credential: Credential, path: string, headers: Record<string, string> = {}) => {
    const response = await app.server.inject({
      method: 'GET',
      url: `/api${proxyPath(path)}?${new URLSearchParams({ ...credential })}`,
      headers,
    });
    const json = response.headers['content-type']?.toString().startsWith('application/json');
    return {
      status: response.statusCode,
      headers: response.headers,
      body: json ? response.json() : { errorCode: 0, errorMsg: '', data: response.rawPayload },
    } as ApiResponse;
  };

  describe('refuses a credential that does not hold, with 1030004 and the reason', () => {
    it('missing or partial: 评阅链接无效', async () => {
      const { lid, exp, linkSig } = mine.link.credential;
      for (const credential of [{}, { lid, exp }, { lid, linkSig }, { exp, linkSig }, { lid: 'x', exp, linkSig }]) {
        refused(await use(credential, '/v1/link/context'), ErrorCode.badReviewLink, '评阅链接无效');
      }
    });

    it('tampered: another id, submission expiry or signature is 评阅链接无效', async () => {
      const { lid, exp, linkSig } = mine.link.credential;
      const flipped = `${linkSig.slice(0, 5)}${linkSig[5] === 'A' ? 'B' : 'A'}${linkSig.slice(6)}`;
      for (const credential of [
        { lid, exp, linkSig: flipped },
        { lid: other.link.credential.lid, exp, linkSig },
        { lid, exp: String(Number(exp) + 86_400_000), linkSig },
        { lid: '999999', exp, linkSig },
        { lid, exp, linkSig: other.link.credential.linkSig },
      ]) {
        refused(await use(credential, '/v1/link/context'), ErrorCode.badReviewLink, '评阅链接无效');
      }
      refused(
        await getFile({ lid, exp, linkSig: flipped }, `/v1/document/file/${mine.documentId}`),
        ErrorCode.badReviewLink,
      );
    });

    it('still checks the request signature first: 1000002 and 1000003', async () => {
      const credential = mine.link.credential;
      refused(await viaLink(app, '/v1/link/context', credential, {}, { sig: null }), ErrorCode.badSignature);
      refused(await viaLink(app, '/v1/link/context', credential, {}, { sig: 'f'.repeat(32) }), ErrorCode.badSignature);
      refused(
        await viaLink(app, '/v1/link/context', credential, {}, { t: Date.now() - 600_000 }),
        ErrorCode.staleTimestamp,
      );
    });
  });

  it('serves the page its submission: detail, document, annotations, comment bank, sheet and attachments', async () => {
    const credential = mine.link.credential;
    const submissionId = mine.built.id;
    const documentId = mine.documentId;
    for (const [path, body] of [
      ['/v1/submission/detail', { submissionId, open: 1 }],
      ['/v1/document/status', { documentId }],
      ['/v1/document/text', { documentId }],
      ['/v1/annotation/list', { documentId }],
      ['/v1/comment-bank/list', {}],
      ['/v1/submission/sheet', { submissionId }],
      ['/v1/submission/attachments', { submissionId }],
    ] as const) {
      const answer = await use(credential, path, body);
      assert.equal(answer.body.errorCode, 0, `${path}: ${answer.body.errorMsg}`);
    }
    const pdf = await getFile(credential, `/v1/document/file/${documentId}`, { range: 'bytes=0-9' });
    assert.equal(pdf.status, 206);
    assert.equal(pdf.headers['content-range']?.toString().startsWith('bytes 0-9/'), true);
    // Its own submission passes the scope; a file it does not have is then 1040001.
    const missing = await getFile(credential, `/v1/submission/file/${submissionId}/nosuchupload`);
    refused(missing, ErrorCode.notFound, '附件不存在');
  });

  it('a link for one submission cannot read or write another: every proxied call with its ids, documents and annotations is 1030003', async () => {
    const credential = mine.link.credential;
    const submissionId = other.built.id;
    const documentId = other.documentId;
    const annotationId = otherAnnotation.id;
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/v1/submission/detail', { submissionId, open: 1 }],
      ['/v1/submission/sheet', { submissionId }],
      ['/v1/submission/attachments', { submissionId }],
      ['/v1/document/status', { documentId }],
      ['/v1/document/text', { documentId }],
      ['/v1/annotation/list', { documentId }],
      ['/v1/annotation/save', { documentId, annotation: highlight(), baseRevision: 0 }],
      // Its own document, but another submission's annotation.
      [
        '/v1/annotation/save',
        { documentId: mine.documentId, annotation: highlight({ id: annotationId }), baseRevision: 1 },
      ],
      ['/v1/annotation/delete', { id: annotationId, baseRevision: 1 }],
      ['/v1/annotation/restore', { id: annotationId, baseRevision: 1 }],
      ['/v1/annotation/reply', { annotationId, comment: '同意' }],
      ['/v1/review/save', { submissionId, versionNo: 1, comment: '越权' }],
      ['/v1/review/submit', { submissionId, versionNo: 1, verdict: 'pass', comment: REVIEW_COMMENT }],
    ];
    for (const [path, body] of calls) refused(await use(credential, path, body), ErrorCode.forbidden, OUTSIDE);
    refused(await getFile(credential, `/v1/document/file/${documentId}`), ErrorCode.forbidden, OUTSIDE);
    refused(await getFile(credential, `/v1/submission/file/${submissionId}/anything`), ErrorCode.forbidden, OUTSIDE);
    // A 复核 link is held to its submission in the same way.
    for (const path of ['/v1/review/check', '/v1/submission/detail']) {
      refused(await use(check.credential, path, { submissionId }), ErrorCode.forbidden, OUTSIDE);
    }
    refused(
      await use(check.credential, '/v1/review/reopen', { submissionId, reason: '请补充修改意见' }),
      ErrorCode.forbidden,
      OUTSIDE,
    );
    // Nothing of the other submission changed.
    const kept = await app.database.db
      .selectFrom('annotations')
      .select(['deleted', 'revision'])
      .where('id', '=', annotationId)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...kept }, { deleted: 0, revision: 1 });
    const replies = await app.database.db
      .selectFrom('annotation_replies')
      .select('id')
      .where('annotation_id', '=', annotationId)
      .execute();
    assert.equal(replies.length, 0);
    const reviews = await app.database.db
      .selectFrom('reviews')
      .select('id')
      .where('submission_id', '=', submissionId)
      .execute();
    assert.equal(reviews.length, 0);
  });

  it('a 复核 link cannot write the review or its annotations; a 评阅 link cannot check', async () => {
    const reviewOnly: Array<[string, Record<string, unknown>]> = [
      ['/v1/review/save', { submissionId: checkedId, versionNo: 1, comment: '改评语' }],
      ['/v1/review/submit', { submissionId: checkedId, versionNo: 1, verdict: 'pass', comment: REVIEW_COMMENT }],
      ['/v1/annotation/save', { documentId: mine.documentId, annotation: highlight(), baseRevision: 0 }],
      ['/v1/annotation/delete', { id: otherAnnotation.id, baseRevision: 1 }],
      ['/v1/annotation/restore', { id: otherAnnotation.id, baseRevision: 1 }],
      ['/v1/annotation/reply', { annotationId: otherAnnotation.id, comment: '同意' }],
    ];
    for (const [path, body] of reviewOnly) {
      refused(
        await use(check.credential, path, body),
        ErrorCode.forbidden,
        '复核链接只能查看评阅结果，不能修改评阅或批注',
      );
    }
    for (const [path, body] of [
      ['/v1/review/check', { submissionId: mine.built.id }],
      ['/v1/review/reopen', { submissionId: mine.built.id, reason: '请补充修改意见' }],
    ] as const) {
      refused(await use(mine.link.credential, path, body), ErrorCode.forbidden, '评阅链接不能复核');
    }
    const status = await app.database.db
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', checkedId)
      .executeTakeFirstOrThrow();
    assert.equal(status.status, 'awaiting_check');
  });

  it('a session cookie or token sent with a proxy call grants nothing more, and without a credential nothing at all', async () => {
    const cookie = `org_user_session_id=${admin}`;
    const asAdmin = { token: admin, cookie };
    refused(
      await viaLink(app, '/v1/review/check', mine.link.credential, { submissionId: mine.built.id }, asAdmin),
      ErrorCode.forbidden,
      '评阅链接不能复核',
    );
    refused(
      await viaLink(app, '/v1/submission/detail', mine.link.credential, { submissionId: other.built.id }, asAdmin),
      ErrorCode.forbidden,
      OUTSIDE,
    );
    refused(
      await viaLink(app, '/v1/submission/detail', {}, { submissionId: mine.built.id }, asAdmin),
      ErrorCode.badReviewLink,
      '评阅链接无效',
    );
    // Blind or not, the expert's list of annotations is the expert's own, never the admin's view of all.
    const listed = await viaLink<AnnotationDto[]>(
      app,
      '/v1/annotation/list',
      mine.link.credential,
      { documentId: mine.documentId },
      asAdmin,
    );
    assert.equal(listed.body.errorCode, 0, listed.body.errorMsg);
    assert.equal(listed.body.data.length, 0);
  });

  it('answers 1040001 for any path under the proxy that is not one of its calls', async () => {
    const credential = mine.link.credential;
    for (const path of [
      '/v1/comment-bank/save',
      '/v1/assignment/assign',
      '/v1/submission/list',
      '/v1/console/reviewLink/create',
      '/v1/nothing/here',
      `/v1/annotation/export/pdf/${mine.documentId}`,
    ]) {
      const answer = await viaLink(app, path, credential, { submissionId: mine.built.id });
      assert.equal(answer.status, 404, path);
      refused(answer, ErrorCode.notFound);
      const read = await app.get(`/api${proxyPath(path)}`, { ...credential });
      refused(read, ErrorCode.notFound);
    }
  });
});

describe('the comment proxy: per-link rate limits', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET, LINK_RATE_LIMIT_PER_MINUTE: '3' });
  });
  after(() => app.close());

  it('counts each link apart: one link over its limit gets 1050001, another is still served', async () => {
    const admin = await app.login('13800000004');
    const batchId = await buildBatch(app);
    const first = await createLink(app, admin, {
      submissionId: (await buildSubmission(app, { batchId })).id,
      purpose: 'review',
    });
    const second = await createLink(app, admin, {
      submissionId: (await buildSubmission(app, { batchId })).id,
      purpose: 'review',
      label: '另一位专家',
    });
    for (let i = 0; i < 3; i++) {
      assert.equal((await viaLink(app, '/v1/link/context', first.credential)).body.errorCode, 0, `call ${i + 1}`);
    }
    const over = await viaLink(app, '/v1/link/context', first.credential);
    refused(over, ErrorCode.tooManyRequests, /请求过于频繁，请 \d+ 秒后再试/);
    assert.equal((await viaLink(app, '/v1/link/context', second.credential)).body.errorCode, 0, 'the other link');
    const detail = await viaLink(app, '/v1/submission/sheet', first.credential, {
      submissionId: first.url.match(/review\/(\d+)/)?.[1],
    });
    assert.equal(detail.body.errorCode, 0, 'each call has its own count');
  });
});
