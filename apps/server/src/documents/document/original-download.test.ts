import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type BatchRules, ErrorCode, Role, signParams } from '@zikao/contract';
import { StudentApiPath, type StudentSubmissionDetail } from '@zikao/contract/student';
import { Redis } from 'ioredis';
import { PDFDocument } from 'pdf-lib';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf, thesisDocx } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pdfWithoutMetadata } from './metadata-strip.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Candidate {
  id: number;
  token: string;
  thesisId: number;
  title: string;
}

/** A candidate whose topic has passed, so the draft is open to them. */
async function candidate(app: TestApp, batchId: number): Promise<Candidate> {
  const user = await buildUser(app, { role: Role.student, examNumber: `0301${randomUUID().slice(0, 8)}` });
  const title = `基于语料库的现代汉语量词研究${randomUUID().slice(0, 4)}`;
  const reviewer = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', '13800000003')
    .executeTakeFirstOrThrow();
  const topic = await buildSubmission(app, {
    batchId,
    stage: 'topic',
    status: 'passed',
    reviewerId: reviewer.id,
    studentId: user.id,
    title,
  });
  return {
    id: user.id,
    token: await app.login(user.account, user.password, 'student'),
    thesisId: topic.thesisId,
    title,
  };
}

async function uploadDocx(app: TestApp, token: string, docx: Buffer, name = '张三-毕业论文.docx'): Promise<number> {
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(docx)]), name);
  const response = await app.upload<{ documentId: number }>('/api/v1/upload', form, { token });
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data.documentId;
}

const submitDraft = (app: TestApp, who: Candidate, documentId: number) =>
  app.post<{ submissionId: number; versionNo: number }>(
    `/api${StudentApiPath.submit}`,
    { thesisId: who.thesisId, stage: 'draft', documentId, attachments: [] },
    { token: who.token },
  );

describe('a Word thesis is not submitted before its PDF exists (issue 23)', () => {
  // With REDIS_URL this instance only enqueues conversions, and no worker runs: the DOCX stays queued.
  const prefix = `test-word-confirm-${process.pid}-${randomUUID().slice(0, 8)}:`;
  let app: TestApp;

  before(async () => {
    app = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
  });
  after(async () => {
    await app.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('refuses the submit with a Chinese reason and uses no upload', async () => {
    const who = await candidate(app, await buildBatch(app));
    const documentId = await uploadDocx(app, who.token, thesisDocx({ pages: 1 }));
    const row = await app.database.db
      .selectFrom('documents')
      .select('status')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'queued');

    const refused = await submitDraft(app, who, documentId);
    assert.equal(refused.body.errorCode, ErrorCode.conflict);
    assert.equal(refused.body.errorMsg, '论文文件尚未转换完成，请等待转换完成并核对 PDF 后再提交');
    const submissions = await app.database.db
      .selectFrom('submissions')
      .innerJoin('theses', 'theses.id', 'submissions.thesis_id')
      .select('submissions.stage')
      .where('theses.student_id', '=', who.id)
      .execute();
    assert.deepEqual(
      submissions.map((row) => row.stage),
      ['topic'],
      'no draft was submitted',
    );
  });
  it('refuses a resubmit with a document still converting the same way', async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(app, batchId);
    const reviewer = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    // A draft returned for revision, in a batch of its own (one thesis per candidate and batch).
    const returned = await buildSubmission(app, {
      batchId: await buildBatch(app),
      stage: 'draft',
      status: 'returned',
      reviewerId: reviewer.id,
      studentId: who.id,
    });
    const documentId = await uploadDocx(app, who.token, thesisDocx({ pages: 1, seed: '修改稿' }));
    const refused = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: returned.id, documentId, attachments: [] },
      { token: who.token },
    );
    assert.equal(refused.body.errorCode, ErrorCode.conflict);
    assert.equal(refused.body.errorMsg, '论文文件尚未转换完成，请等待转换完成并核对 PDF 后再提交');
    const submission = await app.database.db
      .selectFrom('submissions')
      .select(['current_version', 'status'])
      .where('id', '=', returned.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...submission }, { current_version: 1, status: 'returned' });
  });
});

describe('the Word original beside the review PDF (issue 23)', () => {
  let app: TestApp;
  let adminToken: string;
  let reviewerToken: string;
  let otherTeacherToken: string;
  let reviewerId: number;
  let batchId: number;
  let who: Candidate;
  const docx = thesisDocx({ pages: 2, seed: '原文' });
  let documentId: number;
  let submissionId: number;

  const setBlind = (blindReview: boolean) =>
    app.database.db
      .updateTable('batches')
      .set({ rules_json: JSON.stringify({ blindReview } satisfies Partial<BatchRules>) })
      .where('id', '=', batchId)
      .execute();

  const original = (id: number, token: string) => {
    const now = Date.now();
    return app.server.inject({
      method: 'GET',
      url: `/api/v1/document/original/${id}?t=${now}&sig=${signParams({}, now)}`,
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
  };
  const pdfOf = async (id: number, token: string) => {
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.rawPayload;
  };

  before(async () => {
    app = await createTestApp();
    const version = await app.get<{ converter: { available: boolean } }>('/api/v1/version');
    assert.ok(version.body.data.converter.available, 'LibreOffice (soffice) is needed for these tests');
    adminToken = await app.login('13800000004');
    reviewerToken = await app.login('13800000003');
    otherTeacherToken = await app.login('13800000002');
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    batchId = await buildBatch(app);
    who = await candidate(app, batchId);
    documentId = await uploadDocx(app, who.token, docx);
    await app.documents.settled(documentId);
    const submitted = await submitDraft(app, who, documentId);
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    submissionId = submitted.body.data.submissionId;
    const assigned = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [submissionId], reviewerId },
      { token: adminToken },
    );
    assert.equal(assigned.body.errorCode, 0, assigned.body.errorMsg);
  });
  after(() => app.close());

  it('a converted Word thesis is submitted, and reviewer and candidate see the same PDF', async () => {
    const mine = await app.post<StudentSubmissionDetail>(
      `/api${StudentApiPath.submission}`,
      { submissionId },
      { token: who.token },
    );
    const theirs = await app.post<{ versions: Array<{ documentId: number | null }> }>(
      '/api/v1/submission/detail',
      { submissionId },
      { token: reviewerToken },
    );
    assert.equal(mine.body.data.versions[0]?.document?.id, documentId);
    assert.equal(mine.body.data.versions[0]?.document?.status, 'ready');
    assert.equal(theirs.body.data.versions[0]?.documentId, documentId, 'one document for both');

    const candidatePdf = await pdfOf(documentId, who.token);
    const reviewerPdf = await pdfOf(documentId, reviewerToken);
    const stored = await app.database.db
      .selectFrom('documents')
      .select(['pdf_sha256', 'page_count'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    assert.equal(
      createHash('sha256').update(candidatePdf).digest('hex'),
      stored.pdf_sha256,
      'the candidate checks the stored review PDF itself',
    );
    // The reviewer reads the same PDF without its metadata (who wrote it), nothing else changed.
    assert.ok(Buffer.from(await pdfWithoutMetadata(candidatePdf)).equals(reviewerPdf), 'the same PDF');
    const [a, b] = await Promise.all([PDFDocument.load(candidatePdf), PDFDocument.load(reviewerPdf)]);
    assert.equal(a.getPageCount(), stored.page_count);
    assert.equal(b.getPageCount(), stored.page_count);
    assert.ok(stored.page_count >= 2, `pages: ${stored.page_count}`);
  });

  it('the assigned reviewer downloads the Word original, named by the thesis title', async () => {
    await setBlind(false);
    const response = await original(documentId, reviewerToken);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], DOCX_MIME);
    assert.ok(response.rawPayload.equals(docx), 'the bytes the candidate uploaded');
    const disposition = String(response.headers['content-disposition']);
    assert.equal(disposition, `attachment; filename*=UTF-8''${encodeURIComponent(`${who.title}-论文初稿.docx`)}`);
    assert.ok(!decodeURIComponent(disposition).includes('张三'), 'not the upload name');
  });

  it('an admin downloads it too, under the upload name', async () => {
    const response = await original(documentId, adminToken);
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(response.rawPayload.equals(docx));
    assert.match(decodeURIComponent(String(response.headers['content-disposition'])), /张三-毕业论文\.docx$/);
  });

  it('another teacher, the candidate and unknown ids are refused', async () => {
    const other = await original(documentId, otherTeacherToken);
    assert.equal(other.json().errorCode, ErrorCode.forbidden);
    assert.equal(other.json().errorMsg, '无权下载该论文的 Word 原文');
    const own = await original(documentId, who.token);
    assert.equal(own.json().errorCode, ErrorCode.forbidden, 'the candidate has the file already');
    const missing = await original(documentId + 10_000, reviewerToken);
    assert.equal(missing.json().errorCode, ErrorCode.notFound);
  });

  it('under blind review the reviewer is refused and an admin is not', async () => {
    await setBlind(true);
    try {
      const refused = await original(documentId, reviewerToken);
      assert.equal(refused.json().errorCode, ErrorCode.forbidden);
      assert.equal(refused.json().errorMsg, '盲审论文不提供 Word 原文，请以 PDF 为准');
      const admin = await original(documentId, adminToken);
      assert.equal(admin.statusCode, 200);
    } finally {
      await setBlind(false);
    }
  });

  it('a thesis uploaded as PDF has no Word original', async () => {
    const pdfCandidate = await candidate(app, batchId);
    const pdfDocument = await buildDocument(app, pdfCandidate.token, minimalPdf('PDF 论文'));
    const submitted = await submitDraft(app, pdfCandidate, pdfDocument);
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [submitted.body.data.submissionId], reviewerId },
      { token: adminToken },
    );
    const response = await original(pdfDocument, reviewerToken);
    assert.equal(response.json().errorCode, ErrorCode.notFound);
    assert.equal(response.json().errorMsg, '该论文上传的是 PDF，没有 Word 原文');
  });
});
