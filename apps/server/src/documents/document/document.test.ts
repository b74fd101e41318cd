import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type DocumentSummary,
  type DocumentText,
  ErrorCode,
  Role,
  signParams,
  type UploadResponse,
} from '@zikao/contract';
import { findSoffice } from '../../system/converter.ts';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import {
  corruptDocx,
  damagedPdf,
  encryptedPdf,
  minimalDocx,
  minimalPdf,
  storedZip,
  thesisDocx,
  unembeddedChinesePdf,
  zipBombDocx,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const hasLibreOffice = findSoffice(process.env.PATH) !== null;

function form(bytes: Buffer, name: string, kind = 'document'): FormData {
  const data = new FormData();
  data.append('kind', kind);
  data.append('file', new Blob([new Uint8Array(bytes)]), name);
  return data;
}

describe('review documents', () => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
  });
  after(() => app.close());

  const upload = async (bytes: Buffer, name: string, as = token) => {
    const response = await app.upload<UploadResponse>('/api/v1/upload', form(bytes, name), { token: as });
    return response.body;
  };
  const settle = async (id: number, as = token): Promise<DocumentSummary> => {
    await app.documents.settled(id);
    const status = await app.post<DocumentSummary>('/api/v1/document/status', { documentId: id }, { token: as });
    assert.equal(status.body.errorCode, 0, status.body.errorMsg);
    return status.body.data;
  };
  const storedObjects = async () =>
    (await app.database.db.selectFrom('stored_files').select('sha256').execute()).length;

  it('prepares an uploaded PDF: page count and text per page', async () => {
    const body = await upload(minimalPdf('Chapter One'), 'thesis.pdf');
    assert.equal(body.errorCode, 0, body.errorMsg);
    assert.ok(body.data.documentId);
    const summary = await settle(body.data.documentId);
    assert.equal(summary.status, 'ready');
    assert.equal(summary.progress, 100);
    assert.equal(summary.pageCount, 1);
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId: summary.id }, { token });
    assert.equal(text.body.data.pages.length, 1);
    assert.equal(text.body.data.pages[0]?.text, 'Chapter One');
    assert.equal(text.body.data.pages[0]?.hasText, true);
    assert.equal(text.body.data.pages[0]?.width, 595);
  });

  it('lists only the caller’s documents, with search, sorting and pages', async () => {
    const other = await buildUser(app, { role: Role.reviewer });
    const otherToken = await app.login(other.account, other.password);
    for (const name of ['甲论文.pdf', '乙论文.pdf', '丙报告.pdf'])
      await settle(
        (await upload(minimalPdf(name.length.toString()), name, otherToken)).data.documentId as number,
        otherToken,
      );
    type Page = { list: DocumentSummary[]; total: number; page: number; pageSize: number };
    const all = await app.post<Page>(
      '/api/v1/document/list',
      { page: 1, pageSize: 2, sort: 'name', order: 'asc' },
      { token: otherToken },
    );
    assert.equal(all.body.data.total, 3);
    // By pinyin (bǐng, jiǎ, yǐ), as a reader sorts them; not by code point (丙, 乙, 甲).
    assert.deepEqual(
      all.body.data.list.map((d) => d.name),
      ['丙报告.pdf', '甲论文.pdf'],
    );
    const second = await app.post<Page>(
      '/api/v1/document/list',
      { page: 2, pageSize: 2, sort: 'name', order: 'asc' },
      { token: otherToken },
    );
    assert.deepEqual(
      second.body.data.list.map((d) => d.name),
      ['乙论文.pdf'],
    );
    const found = await app.post<Page>(
      '/api/v1/document/list',
      { page: 1, pageSize: 20, keyword: '论文' },
      { token: otherToken },
    );
    assert.equal(found.body.data.total, 2);
    const mine = await app.post<Page>('/api/v1/document/list', { page: 1, pageSize: 20 }, { token });
    const othersNames = new Set(['甲论文.pdf', '乙论文.pdf', '丙报告.pdf']);
    assert.ok(mine.body.data.total > 0);
    assert.ok(
      mine.body.data.list.every((d) => !othersNames.has(d.name)),
      'no other user’s documents',
    );
    const bad = await app.post('/api/v1/document/list', { page: 0, sort: 'size' }, { token });
    assert.equal(bad.body.errorCode, ErrorCode.invalidInput);
    // A ready copy made for another user (a practice attempt's document) is not one of their uploads.
    const source = all.body.data.list[0];
    assert.ok(source);
    const marker = await buildUser(app, { role: Role.teacher });
    const markerToken = await app.login(marker.account, marker.password);
    const copy = await app.documents.copyReady(source.id, marker.id, '练习副本.pdf');
    assert.ok(copy);
    const after = await app.post<Page>('/api/v1/document/list', { page: 1, pageSize: 20 }, { token: markerToken });
    assert.equal(after.body.data.total, 0);
    assert.deepEqual(after.body.data.list, []);
  });

  it('reads Chinese text set in a font the PDF does not embed (needs pdf.js CMaps)', async () => {
    const body = await upload(unembeddedChinesePdf('自学考试论文评阅'), 'old-export.pdf');
    const summary = await settle(body.data.documentId as number);
    assert.equal(summary.status, 'ready');
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId: summary.id }, { token });
    assert.equal(text.body.data.pages[0]?.text, '自学考试论文评阅');
  });

  it('serves the PDF whole and by byte range', async () => {
    const pdf = minimalPdf('ranges');
    const body = await upload(pdf, 'r.pdf');
    const id = body.data.documentId as number;
    await settle(id);
    const whole = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.equal(whole.headers['content-type'], 'application/pdf');
    assert.ok(whole.rawPayload.equals(pdf));
    const part = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${id}`,
      headers: { cookie: `org_user_session_id=${token}`, range: 'bytes=10-29' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 10-29/${pdf.length}`);
    assert.ok(part.rawPayload.equals(pdf.subarray(10, 30)));
    const tail = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${id}`,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=-5' },
    });
    assert.ok(tail.rawPayload.equals(pdf.subarray(pdf.length - 5)));
    const beyond = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${id}`,
      headers: { authorization: `Bearer ${token}`, range: `bytes=${pdf.length + 10}-` },
    });
    assert.equal(beyond.statusCode, 416);
  });

  it("refuses another user's document with 1030003, everywhere, and lets an admin read it", async () => {
    const body = await upload(minimalPdf('private'), 'p.pdf');
    const id = body.data.documentId as number;
    await settle(id);
    const other = await buildUser(app, { role: Role.reviewer });
    const otherToken = await app.login(other.account, other.password);
    for (const url of ['/api/v1/document/status', '/api/v1/document/text']) {
      const response = await app.post(url, { documentId: id }, { token: otherToken });
      assert.equal(response.body.errorCode, ErrorCode.forbidden, url);
    }
    const file = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${id}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    assert.equal(JSON.parse(file.body).errorCode, ErrorCode.forbidden);
    const anonymous = await app.server.inject({ method: 'GET', url: `/api/v1/document/file/${id}` });
    assert.equal(JSON.parse(anonymous.body).errorCode, ErrorCode.notLoggedIn);
    const admin = await app.login('13800000004');
    assert.equal((await app.post('/api/v1/document/status', { documentId: id }, { token: admin })).body.errorCode, 0);
    const missing = await app.post('/api/v1/document/status', { documentId: 999999 }, { token });
    assert.equal(missing.body.errorCode, ErrorCode.notFound);
    const bad = await app.post('/api/v1/document/status', { documentId: 'abc' }, { token });
    assert.equal(bad.body.errorCode, ErrorCode.invalidInput);
  });

  it('names a document to its reviewer by thesis title and stage, neutrally under blind review, never by the upload’s name', async () => {
    const student = await buildUser(app, { role: Role.student, name: '王小明' });
    const studentToken = await app.login(student.account, student.password, 'student');
    const reviewer = await buildUser(app, { role: Role.reviewer });
    const reviewerToken = await app.login(reviewer.account, reviewer.password);
    const named = async (blindReview: boolean, title: string) => {
      const documentId = await buildDocument(app, studentToken, minimalPdf('draft'), '王小明-毕业论文初稿.pdf');
      const batchId = await buildBatch(app, { blindReview }, blindReview ? '2026年盲审批次' : '2026年公开批次');
      await buildSubmission(app, {
        batchId,
        studentId: student.id,
        documentId,
        status: 'assigned',
        reviewerId: reviewer.id,
        title,
      });
      const seen = await app.post<DocumentSummary>('/api/v1/document/status', { documentId }, { token: reviewerToken });
      assert.equal(seen.body.errorCode, 0, seen.body.errorMsg);
      const file = await app.server.inject({
        method: 'GET',
        url: `/api/v1/document/file/${documentId}`,
        headers: { authorization: `Bearer ${reviewerToken}` },
      });
      assert.equal(file.statusCode, 200);
      const disposition = decodeURIComponent(String(file.headers['content-disposition']));
      assert.ok(!disposition.includes('王小明'), disposition);
      const t = Date.now();
      const annotated = await app.server.inject({
        method: 'GET',
        url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
        headers: { authorization: `Bearer ${reviewerToken}` },
      });
      assert.equal(annotated.statusCode, 200, annotated.body);
      const annotatedName = decodeURIComponent(String(annotated.headers['content-disposition']));
      assert.equal(
        annotatedName.replace(/^attachment; filename\*=UTF-8''/, ''),
        `${(seen.body.data.name).replace(/\.pdf$/, '')}-批注版.pdf`,
      );
      const own = await app.post<DocumentSummary>('/api/v1/document/status', { documentId }, { token: studentToken });
      assert.equal(own.body.data.name, '王小明-毕业论文初稿.pdf');
      return { documentId, name: seen.body.data.name, disposition };
    };

    const open = await named(false, '乡村振兴背景下/农村电商的发展路径研究');
    assert.equal(open.name, '乡村振兴背景下 农村电商的发展路径研究-论文初稿.pdf');
    assert.match(open.disposition, /filename\*=UTF-8''乡村振兴背景下 农村电商的发展路径研究-论文初稿\.pdf$/);
    const blind = await named(true, '盲审论文的题目不外露');
    assert.equal(blind.name, `论文文档-${blind.documentId}.pdf`);
    assert.ok(!blind.disposition.includes('盲审论文'), blind.disposition);
  });

  it('refuses encrypted and damaged PDFs and a zip-bomb DOCX, each with its own message, storing nothing', async () => {
    const before = await storedObjects();
    const encrypted = await upload(encryptedPdf(), 'locked.pdf');
    assert.equal(encrypted.errorCode, ErrorCode.fileTypeRejected);
    assert.match(encrypted.errorMsg, /已加密/);
    const damaged = await upload(damagedPdf(), 'broken.pdf');
    assert.equal(damaged.errorCode, ErrorCode.fileTypeRejected);
    assert.match(damaged.errorMsg, /已损坏/);
    const bomb = await upload(zipBombDocx(80), 'bomb.docx');
    assert.equal(bomb.errorCode, ErrorCode.fileTypeRejected);
    assert.match(bomb.errorMsg, /压缩炸弹/);
    const notWord = await upload(storedZip({ 'readme.txt': 'hello' }), 'x.docx');
    assert.equal(notWord.errorCode, ErrorCode.fileTypeRejected);
    assert.equal(await storedObjects(), before);
    const documents = await app.database.db
      .selectFrom('documents')
      .select('id')
      .where('name', 'in', ['locked.pdf', 'broken.pdf', 'bomb.docx'])
      .execute();
    assert.equal(documents.length, 0);
  });

  it('converts a multi-page Chinese DOCX to PDF with LibreOffice and extracts each page', {
    skip: !hasLibreOffice && 'LibreOffice is not installed',
  }, async () => {
    const body = await upload(thesisDocx({ pages: 3 }), '毕业论文.docx');
    assert.equal(body.errorCode, 0, body.errorMsg);
    const summary = await settle(body.data.documentId as number);
    assert.equal(summary.status, 'ready', summary.error);
    assert.ok(summary.pageCount >= 3, `pages: ${summary.pageCount}`);
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId: summary.id }, { token });
    const compact = text.body.data.pages.map((page) => page.text.replace(/\s+/g, ''));
    assert.ok(compact[0]?.includes('自学考试毕业论文评阅平台的设计与实现'));
    assert.ok(
      compact.some((page) => page.includes('第3页第6段')),
      'the last paragraph is extracted',
    );
    const file = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${summary.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(file.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.match(
      String(file.headers['content-disposition']),
      /filename\*=UTF-8''%E6%AF%95%E4%B8%9A%E8%AE%BA%E6%96%87\.pdf/,
    );
  });

  it('runs 4 conversions at once and every one produces its own output', {
    skip: !hasLibreOffice && 'LibreOffice is not installed',
  }, async () => {
    const seeds = ['甲', '乙', '丙', '丁'];
    const bodies = await Promise.all(seeds.map((seed) => upload(thesisDocx({ pages: 2, seed }), `论文${seed}.docx`)));
    const summaries = await Promise.all(bodies.map((body) => settle(body.data.documentId as number)));
    for (const [i, summary] of summaries.entries()) {
      assert.equal(summary.status, 'ready', `${seeds[i]}: ${summary.error}`);
      const text = await app.post<DocumentText>('/api/v1/document/text', { documentId: summary.id }, { token });
      const all = text.body.data.pages.map((page) => page.text.replace(/\s+/g, '')).join('');
      assert.ok(all.includes(`第1页第1段${seeds[i]}`), `${seeds[i]} has its own text`);
    }
  });

  it('marks a Word file LibreOffice cannot read as failed, with a message', {
    skip: !hasLibreOffice && 'LibreOffice is not installed',
  }, async () => {
    const body = await upload(corruptDocx(), 'corrupt.docx');
    assert.equal(body.errorCode, 0, 'it looks like a DOCX, so the upload is accepted');
    const summary = await settle(body.data.documentId as number);
    assert.equal(summary.status, 'failed');
    assert.equal(summary.error, '文档转换失败，文件可能已损坏');
    const text = await app.post('/api/v1/document/text', { documentId: summary.id }, { token });
    assert.equal(text.body.errorCode, ErrorCode.notFound);
  });
});

describe('without LibreOffice', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ PATH: '/nonexistent' });
  });
  after(() => app.close());

  it('refuses Word documents with a clear message and reports the converter as missing', async () => {
    const token = await app.login('13800000003');
    const response = await app.upload('/api/v1/upload', form(minimalDocx(), 'a.docx'), { token });
    assert.equal(response.body.errorCode, ErrorCode.fileTypeRejected);
    assert.match(response.body.errorMsg, /未安装 LibreOffice/);
    const version = await app.get<{ converter: { available: boolean } }>('/api/v1/version');
    assert.equal(version.body.data.converter.available, false);
    const attachment = await app.upload('/api/v1/upload', form(minimalDocx(), 'a.docx', 'attachment'), { token });
    assert.equal(attachment.body.errorCode, 0, 'Word attachments are kept as they are');
  });
});
