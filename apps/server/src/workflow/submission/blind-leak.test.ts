import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { Role, signParams } from '@zikao/contract';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { findSoffice } from '../../system/converter.ts';
import { buildBatch, buildThesis, buildUser } from '../../test/factories.ts';
import { storedZip } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLink, TEST_LINK_SECRET, viaLink } from '../review-link/review-link.test-kit.ts';

/**
 * Issue 19 §1: a candidate in a blind batch plants their name and exam number in every field they
 * control but the title — file names, PDF metadata (Info and XMP), DOCX core properties, attachment
 * names, the topic's free-text fields, replies to annotations — and every reviewer-facing answer and
 * download is searched for them: in the raw bytes, in UTF-16, in the headers, and in every
 * decompressed stream of a PDF. The candidate still reads their own words as written.
 */
const NAME = '曹小明';
const LATIN_NAME = 'Cao Xiaoming';
const EXAM_NO = `0301${String(Date.now()).slice(-8)}`;
const NEEDLES = [NAME, LATIN_NAME, EXAM_NO];
/** A topic whose free text (all but the title) names the candidate. */
const TOPIC = {
  title: '网络流行语研究',
  rationale: `本人${NAME}（准考证号 ${EXAM_NO}）长期关注网络语言。`,
  outline: `一、绪论\n二、${NAME}的调查\n三、结论`,
  references: `[1] ${NAME}. 网络语言札记[M]. ${EXAM_NO}.`,
};
const REPLY = `${NAME}回复：已补充，准考证号${EXAM_NO}`;

/** A reviewer's highlight of `exact` on page `pageIndex`, for /annotation/save. */
function highlight(documentId: number, pageIndex: number, exact: string) {
  return {
    documentId,
    baseRevision: 0,
    annotation: {
      id: randomUUID(),
      kind: 'highlight',
      category: 'content',
      severity: 'minor',
      comment: '请补充研究方法',
      stamp: null,
      pageIndex,
      selectors: [
        { type: 'TextQuoteSelector', exact, prefix: '', suffix: '' },
        { type: 'PageSelector', index: pageIndex },
      ],
    },
  };
}

/** `t` and `sig` for a GET without parameters of its own. */
function signedQuery(): string {
  const t = Date.now();
  return new URLSearchParams({ t: String(t), sig: signParams({}, t) }).toString();
}

async function plantedPdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(text, { x: 72, y: 720, size: 18, font });
  pdf.addPage([595, 842]).drawText(`${text} page two`, { x: 72, y: 720, size: 18, font });
  pdf.setAuthor(`${LATIN_NAME} ${EXAM_NO}`);
  pdf.setSubject(`${NAME} ${EXAM_NO}`);
  pdf.setKeywords([NAME, EXAM_NO]);
  pdf.setCreator(`${NAME}的电脑`);
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${NAME} ${LATIN_NAME} ${EXAM_NO}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const stream = pdf.context.flateStream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(stream));
  return Buffer.from(await pdf.save());
}

/** A DOCX whose core properties (creator, last modified by, title, keywords) name the candidate. */
function plantedDocx(): Buffer {
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>';
  const core = `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${NAME} ${EXAM_NO}</dc:title><dc:subject>${LATIN_NAME}</dc:subject><dc:creator>${NAME} ${LATIN_NAME} ${EXAM_NO}</dc:creator><cp:keywords>${EXAM_NO}</cp:keywords><cp:lastModifiedBy>${LATIN_NAME}</cp:lastModifiedBy></cp:coreProperties>`;
  const body =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>The draft of the thesis body.</w:t></w:r></w:p></w:body></w:document>';
  return storedZip({
    '[Content_Types].xml': types,
    '_rels/.rels': rels,
    'docProps/core.xml': core,
    'word/document.xml': body,
  });
}

/** Every stream of a PDF, inflated where it is Flate-compressed. */
function pdfStreams(bytes: Buffer): Buffer[] {
  const text = bytes.toString('latin1');
  const streams: Buffer[] = [];
  const pattern = /(?<!end)stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = bytes.subarray(start, end);
    streams.push(raw);
    try {
      streams.push(inflateSync(raw));
    } catch {
      // Not Flate, or not compressed: searched raw.
    }
    pattern.lastIndex = end + 'endstream'.length;
  }
  return streams;
}

/** The planted strings found in the bytes (UTF-8, UTF-16 either way, PDF hex strings), by needle. */
function leaks(label: string, bytes: Buffer): string[] {
  const found: string[] = [];
  const haystacks = [bytes, ...(bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? pdfStreams(bytes) : [])];
  for (const needle of NEEDLES) {
    const utf16be = Buffer.from(needle, 'utf16le').swap16();
    const forms = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le'), utf16be];
    const hex = utf16be.toString('hex');
    for (const haystack of haystacks) {
      const asText = haystack.toString('latin1').toLowerCase();
      if (forms.some((form) => haystack.includes(form)) || asText.includes(hex)) {
        found.push(`${label}: ${needle}`);
        break;
      }
    }
  }
  return found;
}

describe('blind review leaks nothing of the candidate (issue 19 §1)', () => {
  let app: TestApp;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;
  let student: string;
  let finalId: number;
  let topicId: number;
  let topicDocumentId: number;
  let candidateId: number;
  let draftId: number | null = null;
  let pdfDocumentId: number;
  let docxDocumentId: number | null = null;
  const uploadIds: string[] = [];
  const soffice = findSoffice(process.env.PATH ?? '');

  const upload = async (file: Buffer, name: string, kind: 'document' | 'attachment' | 'report') => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const response = await app.upload<{ fileId: string; documentId?: number }>('/api/v1/upload', form, {
      token: student,
    });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    if (response.body.data.documentId) await app.documents.settled(response.body.data.documentId);
    return response.body.data;
  };

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
    const reviewerUser = await buildUser(app, { role: Role.reviewer, name: '盲审评阅人' });
    reviewerId = reviewerUser.id;
    reviewer = await app.login(reviewerUser.account);
    const batchId = await buildBatch(app, { blindReview: true });
    const candidate = await buildUser(app, { role: Role.student, name: NAME, examNumber: EXAM_NO });
    student = await app.login(candidate.account, candidate.password, 'student');
    const thesisId = await buildThesis(app, {
      batchId,
      studentId: candidate.id,
      majorName: '汉语言文学',
      title: '网络流行语研究',
      advisor: `${NAME}的导师`,
    });

    const paper = await upload(await plantedPdf('Thesis body'), `${NAME}-${EXAM_NO}-论文.pdf`, 'document');
    pdfDocumentId = paper.documentId as number;
    const attachment = await upload(await plantedPdf('Questionnaire'), `${NAME}-附件2.pdf`, 'attachment');
    const report = await upload(await plantedPdf('Plagiarism report'), `${LATIN_NAME}-${EXAM_NO}.pdf`, 'report');
    uploadIds.push(attachment.fileId, report.fileId);
    // As the candidate's submit stores them: the upload's own name, and the report marked as such.
    const files: Array<{ uploadId: string; name: string; kind: string }> = [
      { uploadId: attachment.fileId, name: `${NAME}-附件2.pdf`, kind: 'attachment' },
      { uploadId: report.fileId, name: `${LATIN_NAME}-${EXAM_NO}.pdf`, kind: 'report' },
    ];
    finalId = await app.submissions.createSubmission(candidate.id, thesisId, 'final', {
      documentId: pdfDocumentId,
      attachments: files,
      plagiarismRate: 12,
    });
    candidateId = candidate.id;
    topicId = await app.submissions.createSubmission(candidate.id, thesisId, 'topic', { structured: TOPIC });
    const ids = [finalId, topicId];
    if (soffice) {
      const word = await upload(plantedDocx(), `${NAME}.docx`, 'document');
      docxDocumentId = word.documentId as number;
      const [row] = await app.database.db
        .selectFrom('documents')
        .select('status')
        .where('id', '=', docxDocumentId)
        .execute();
      assert.equal(row?.status, 'ready', 'the Word document was converted');
      draftId = await app.submissions.createSubmission(candidate.id, thesisId, 'draft', { documentId: docxDocumentId });
      ids.push(draftId);
    }
    await app.database.db
      .updateTable('submissions')
      .set({ status: 'reviewing', reviewer_id: reviewerId })
      .where('id', 'in', ids)
      .execute();
    // The reviewer's annotations, so the annotated PDF has something to draw and the candidate something to answer.
    const [topicVersion] = await app.database.db
      .selectFrom('submission_versions')
      .select('document_id')
      .where('submission_id', '=', topicId)
      .execute();
    topicDocumentId = topicVersion?.document_id as number;
    const annotationIds: string[] = [];
    for (const [documentId, pageIndex, exact] of [
      [pdfDocumentId, 0, 'Thesis'],
      [topicDocumentId, 1, '长期关注网络语言'],
    ] as const) {
      const saved = await app.post<{ id: string }>('/api/v1/annotation/save', highlight(documentId, pageIndex, exact), {
        token: reviewer,
      });
      assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
      annotationIds.push(saved.body.data.id);
    }
    // Both reviews are submitted and released; the candidate answers each annotation with their name in it.
    const now = Date.now();
    for (const submissionId of [finalId, topicId]) {
      await app.database.db
        .insertInto('reviews')
        .values({
          submission_id: submissionId,
          version_no: 1,
          reviewer_id: reviewerId,
          verdict: 'pass',
          score: 80,
          rubric_json: '{}',
          comment: '同意通过',
          plagiarism_rate: null,
          time_spent_ms: 0,
          state: 'submitted',
          submitted_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await app.database.db
      .updateTable('submissions')
      .set({ status: 'passed' })
      .where('id', 'in', [finalId, topicId])
      .execute();
    for (const annotationId of annotationIds) {
      const replied = await app.post('/api/v1/annotation/reply', { annotationId, comment: REPLY }, { token: student });
      assert.equal(replied.body.errorCode, 0, replied.body.errorMsg);
    }
  });
  after(() => app.close());

  it('the planted fixtures do carry the name where the reviewer would find it without the fix', async () => {
    // The test can fail: the candidate sees their own upload with everything planted in it.
    const own = await app.server.inject({
      method: 'GET',
      url: `/api/v1/student/file/${uploadIds[0]}?${signedQuery()}`,
      headers: { authorization: `Bearer ${student}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    assert.equal(own.statusCode, 200, own.body.slice(0, 200));
    const found = leaks('own', own.rawPayload);
    assert.ok(found.some((f) => f.endsWith(LATIN_NAME)) && found.some((f) => f.endsWith(EXAM_NO)), found.join());
  });

  it('the candidate reads their own topic and replies as written', async () => {
    const topic = await app.post<{ submission: { versions: Array<{ structured: typeof TOPIC }> } }>(
      '/api/v1/student/topic',
      {},
      { token: student },
    );
    assert.equal(topic.body.errorCode, 0, topic.body.errorMsg);
    assert.deepEqual(topic.body.data.submission.versions[0]?.structured, TOPIC);
    const text = await app.post<{ pages: Array<{ text: string }> }>(
      '/api/v1/document/text',
      { documentId: topicDocumentId },
      { token: student },
    );
    assert.deepEqual(
      text.body.data.pages.map((page) => page.text),
      [TOPIC.title, TOPIC.rationale, TOPIC.outline, TOPIC.references],
    );
    for (const documentId of [pdfDocumentId, topicDocumentId]) {
      const own = await app.post<Array<{ replies: Array<{ comment: string; authorId: number }> }>>(
        '/api/v1/annotation/list',
        { documentId },
        { token: student },
      );
      assert.deepEqual(
        own.body.data.flatMap((a) => a.replies.map((r) => [r.authorId, r.comment])),
        [[candidateId, REPLY]],
      );
    }
  });

  it('the reviewer reads the free text with the name and exam number starred out, offsets unchanged', async () => {
    const star = (text: string) =>
      text.replaceAll(NAME, '＊'.repeat(NAME.length)).replaceAll(EXAM_NO, '＊'.repeat(EXAM_NO.length));
    const detail = await app.post<{ versions: Array<{ structured: typeof TOPIC }> }>(
      '/api/v1/submission/detail',
      { submissionId: topicId },
      { token: reviewer },
    );
    const structured = detail.body.data.versions[0]?.structured;
    assert.deepEqual(structured, {
      title: TOPIC.title,
      rationale: star(TOPIC.rationale),
      outline: star(TOPIC.outline),
      references: star(TOPIC.references),
    });
    // The workspace anchors on the document's pages: they agree with the detail, page for page.
    const text = await app.post<{ pages: Array<{ text: string }> }>(
      '/api/v1/document/text',
      { documentId: topicDocumentId },
      { token: reviewer },
    );
    assert.deepEqual(
      text.body.data.pages.map((page) => page.text),
      [structured?.title, structured?.rationale, structured?.outline, structured?.references],
    );
    assert.equal(structured?.rationale.length, TOPIC.rationale.length);
    const list = await app.post<Array<{ replies: Array<{ comment: string; authorName: string }> }>>(
      '/api/v1/annotation/list',
      { documentId: topicDocumentId },
      { token: reviewer },
    );
    assert.deepEqual(
      list.body.data.flatMap((a) => a.replies.map((r) => [r.authorName, r.comment])),
      [['考生', star(REPLY)]],
    );
    // An admin reads the original.
    const asAdmin = await app.post<{ versions: Array<{ structured: typeof TOPIC }> }>(
      '/api/v1/submission/detail',
      { submissionId: topicId },
      { token: admin },
    );
    assert.deepEqual(asAdmin.body.data.versions[0]?.structured, TOPIC);
  });

  it('no reviewer-facing answer or download carries the name or the exam number', async () => {
    const found: string[] = [];
    const headersOf = (response: { headers: Record<string, unknown> }) =>
      Buffer.from(decodeURIComponent(JSON.stringify(response.headers).replace(/%(?![0-9a-f]{2})/gi, '%25')), 'utf8');
    const post = async (label: string, url: string, body: Record<string, unknown>) => {
      const response = await app.post(url, body, { token: reviewer });
      assert.equal(response.body.errorCode, 0, `${label}: ${response.body.errorMsg}`);
      found.push(...leaks(label, Buffer.from(JSON.stringify(response.body), 'utf8')));
      found.push(...leaks(`${label} headers`, headersOf(response)));
      return response.body.data;
    };
    const download = async (label: string, url: string, method: 'GET' | 'POST' = 'GET', body?: object) => {
      const t = Date.now();
      const payload = body ? { ...body, t, sig: signParams(body as Record<string, unknown>, t) } : undefined;
      const signed = method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}${signedQuery()}` : url;
      const response = await app.server.inject({
        method,
        url: signed,
        ...(payload ? { payload } : {}),
        headers: { authorization: `Bearer ${reviewer}`, 'x-requested-with': 'XMLHttpRequest' },
      });
      assert.ok(response.statusCode < 300, `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      assert.doesNotMatch(
        String(response.headers['content-type']),
        /^application\/json/,
        `${label}: ${response.body.slice(0, 200)}`,
      );
      found.push(...leaks(label, response.rawPayload));
      found.push(...leaks(`${label} headers`, headersOf(response)));
      return response;
    };

    const submissions = draftId === null ? [finalId, topicId] : [finalId, draftId, topicId];
    await post('list', '/api/v1/submission/list', { stage: 'final' });
    await post('final list', '/api/v1/final/list', {});
    await post('home', '/api/v1/home/reviewer', {});
    await post('notices', '/api/v1/notice/list', {});
    await download('export xlsx', '/api/v1/submission/list', 'POST', { stage: 'final', export: 1 });
    for (const submissionId of submissions) {
      const detail = (await post('detail', '/api/v1/submission/detail', { submissionId })) as {
        versions: Array<{ documentId: number | null }>;
      };
      await post('sheet', '/api/v1/submission/sheet', { submissionId });
      await post('attachments', '/api/v1/submission/attachments', { submissionId });
      for (const version of detail.versions) {
        const documentId = version.documentId as number;
        await post('document status', '/api/v1/document/status', { documentId });
        await post('document text', '/api/v1/document/text', { documentId });
        await post('annotations', '/api/v1/annotation/list', { documentId });
        await download('json-ld', `/api/v1/annotation/export/jsonld/${documentId}`);
        if (documentId === topicDocumentId) continue; // Structured text: no PDF, nor an annotated one.
        const whole = await download('document file', `/api/v1/document/file/${documentId}`);
        assert.equal(whole.headers['content-type'], 'application/pdf');
        await download('annotated pdf', `/api/v1/annotation/export/pdf/${documentId}`);
        // pdf.js reads by ranges: the range answers come from the same clean bytes.
        const ranged = await app.server.inject({
          method: 'GET',
          url: `/api/v1/document/file/${documentId}`,
          headers: { authorization: `Bearer ${reviewer}`, range: 'bytes=0-99' },
        });
        assert.equal(ranged.statusCode, 206);
        assert.deepEqual(ranged.rawPayload, whole.rawPayload.subarray(0, 100));
      }
    }
    for (const uploadId of uploadIds) {
      await download('attachment', `/api/v1/submission/file/${finalId}/${uploadId}`);
      await download('attachment inline', `/api/v1/submission/file/${finalId}/${uploadId}?inline=1`);
    }
    assert.deepEqual(found, [], `reviewer-facing leaks:\n${found.join('\n')}`);
  });

  it('an outside expert on a review link reads the same redacted text through the comment proxy', async () => {
    // A thesis per batch and candidate: the same candidate's topic in a second blind batch.
    const thesisId = await buildThesis(app, {
      batchId: await buildBatch(app, { blindReview: true }),
      studentId: candidateId,
      majorName: '汉语言文学',
      title: TOPIC.title,
      advisor: '某导师',
    });
    const submissionId = await app.submissions.createSubmission(candidateId, thesisId, 'topic', { structured: TOPIC });
    const link = await createLink(app, admin, { submissionId, purpose: 'review' });
    const found: string[] = [];
    const call = async <T>(label: string, path: string, body: Record<string, unknown>): Promise<T> => {
      const response = await viaLink<T>(app, path, link.credential, body);
      assert.equal(response.body.errorCode, 0, `${label}: ${response.body.errorMsg}`);
      found.push(...leaks(label, Buffer.from(JSON.stringify(response.body), 'utf8')));
      return response.body.data;
    };
    const detail = await call<{ versions: Array<{ documentId: number }> }>('proxy detail', '/v1/submission/detail', {
      submissionId,
      open: 1,
    });
    const documentId = detail.versions[0]?.documentId as number;
    const saved = await call<{ id: string }>(
      'proxy save',
      '/v1/annotation/save',
      highlight(documentId, 1, '长期关注网络语言'),
    );
    // The candidate's answer, as it stands once the review is released (set up directly: the read is under test).
    await app.database.db
      .insertInto('annotation_replies')
      .values({ annotation_id: saved.id, author_id: candidateId, comment: REPLY, created_at: Date.now() })
      .execute();
    await call('proxy text', '/v1/document/text', { documentId });
    const list = await call<Array<{ replies: Array<{ comment: string }> }>>(
      'proxy annotations',
      '/v1/annotation/list',
      {
        documentId,
      },
    );
    assert.equal(list[0]?.replies.length, 1, 'the reply is there, redacted');
    assert.deepEqual(found, [], `review-link leaks:\n${found.join('\n')}`);
  });

  it('names attachments neutrally under blind review, and by their names for an admin', async () => {
    const attachments = await app.post<{ files: Array<{ name: string; kind: string }> }>(
      '/api/v1/submission/attachments',
      { submissionId: finalId },
      { token: reviewer },
    );
    assert.deepEqual(
      attachments.body.data.files.map((f) => f.name),
      ['附件1.pdf', '查重报告.pdf'],
    );
    const asAdmin = await app.post<{ files: Array<{ name: string }> }>(
      '/api/v1/submission/attachments',
      { submissionId: finalId },
      { token: admin },
    );
    assert.deepEqual(
      asAdmin.body.data.files.map((f) => f.name),
      [`${NAME}-附件2.pdf`, `${LATIN_NAME}-${EXAM_NO}.pdf`],
    );
  });

  it('the clean PDF is still the same document: its pages and text', async () => {
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${pdfDocumentId}`,
      headers: { authorization: `Bearer ${reviewer}` },
    });
    const pdf = await PDFDocument.load(response.rawPayload, { updateMetadata: false });
    assert.equal(pdf.getPageCount(), 2);
    assert.equal(pdf.getAuthor(), undefined);
    assert.equal(pdf.catalog.get(PDFName.of('Metadata')), undefined);
    const exported = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${pdfDocumentId}?${signedQuery()}`,
      headers: { authorization: `Bearer ${reviewer}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    assert.equal(exported.statusCode, 200, exported.body.slice(0, 200));
    const annotated = await PDFDocument.load(exported.rawPayload, { updateMetadata: false });
    assert.equal(annotated.getPageCount(), 3, 'the two pages and the index');
    assert.equal(annotated.getAuthor(), undefined);
    assert.equal(annotated.catalog.get(PDFName.of('Metadata')), undefined);
  });
});
