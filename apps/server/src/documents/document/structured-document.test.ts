import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  type AnnotationDto,
  type AnnotationInput,
  type DocumentSummary,
  type DocumentText,
  ErrorCode,
  type ListResult,
  Role,
  type SubmissionDetail,
} from '@zikao/contract';
import { STRUCTURED_TEXT_MIME, structuredTextFields } from '@zikao/contract/structured-text';
import { StudentApiPath, type StudentReview } from '@zikao/contract/student';
import { up as topicDocumentsMigration } from '../../db/migrations/013-topic-documents.ts';
import { buildBatch, buildDocument, buildThesis, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TOPIC = {
  title: '网络流行语对现代汉语词汇的影响研究',
  rationale: '网络流行语大量进入日常交际，对现代汉语词汇系统产生了明显影响，值得系统研究。',
  outline: '一、绪论\n二、现状\n三、影响\n四、结论',
  references: '[1] 王力. 汉语史稿[M]. 北京：中华书局，2004.',
};
const REVIEW_COMMENT =
  '选题有一定现实意义，但研究范围偏大，建议聚焦某一类流行语，并补充近五年的研究文献，使论证更加集中、充分。';

/** A highlight of `exact` inside the page text of field `page`, as the workspace saves it. */
function highlightOf(pages: readonly string[], page: number, exact: string, comment: string): AnnotationInput {
  const before = pages.slice(0, page).reduce((sum, text) => sum + text.length, 0);
  const at = (pages[page] as string).indexOf(exact);
  assert.ok(at >= 0, `${exact} is on page ${page}`);
  return {
    id: randomUUID(),
    kind: 'highlight',
    category: 'content',
    severity: 'major',
    comment,
    stamp: null,
    pageIndex: page,
    selectors: [
      { type: 'TextQuoteSelector', exact, prefix: '', suffix: '' },
      { type: 'TextPositionSelector', start: before + at, end: before + at + exact.length },
      { type: 'PageSelector', index: page },
    ],
  };
}

describe('structured text (topic) documents', () => {
  let app: TestApp;
  let reviewerId: number;
  let reviewerToken: string;
  let otherReviewerToken: string;
  let adminToken: string;

  before(async () => {
    app = await createTestApp();
    reviewerToken = await app.login('13800000003');
    adminToken = await app.login('13800000004');
    const other = await buildUser(app, { role: Role.teacher, name: '另一位评阅' });
    otherReviewerToken = await app.login(other.account, other.password);
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
  });
  after(() => app.close());

  const call = async <T>(path: string, body: Record<string, unknown>, token: string) =>
    (await app.post<T>(`/api${path}`, body, { token })).body;

  async function candidate() {
    const batchId = await buildBatch(app);
    const user = await buildUser(app, { role: Role.student, examNumber: `0301${randomUUID().slice(0, 8)}` });
    const thesisId = await buildThesis(app, {
      batchId,
      studentId: user.id,
      majorName: '汉语言文学',
      title: '待定题目',
      advisor: '张导师',
    });
    return { id: user.id, thesisId, token: await app.login(user.account, user.password, 'student') };
  }
  type Candidate = Awaited<ReturnType<typeof candidate>>;

  const submitTopic = async (who: Candidate, fields = TOPIC) => {
    const result = await call<{ submissionId: number; versionNo: number }>(
      StudentApiPath.submit,
      { thesisId: who.thesisId, stage: 'topic', structured: fields },
      who.token,
    );
    assert.equal(result.errorCode, 0, result.errorMsg);
    return result.data;
  };
  const versionDocument = async (submissionId: number, versionNo: number) => {
    const row = await app.database.db
      .selectFrom('submission_versions')
      .select('document_id')
      .where('submission_id', '=', submissionId)
      .where('version_no', '=', versionNo)
      .executeTakeFirstOrThrow();
    return row.document_id;
  };
  const assign = async (submissionId: number) => {
    const result = await call('/v1/assignment/assign', { submissionIds: [submissionId], reviewerId }, adminToken);
    assert.equal(result.errorCode, 0, result.errorMsg);
  };
  const save = (documentId: number, annotation: AnnotationInput, baseRevision: number, token = reviewerToken) =>
    call<AnnotationDto>('/v1/annotation/save', { documentId, annotation, baseRevision }, token);
  const list = (documentId: number, token = reviewerToken) =>
    call<AnnotationDto[]>('/v1/annotation/list', { documentId }, token);

  it('holds a submitted topic in a ready text document: a page per field, no file, the candidate its owner', async () => {
    const who = await candidate();
    const { submissionId } = await submitTopic(who);
    const documentId = await versionDocument(submissionId, 1);
    assert.ok(documentId !== null, 'the topic version has a document');
    const row = await app.database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    assert.equal(row.owner_id, who.id);
    assert.equal(row.upload_id, null);
    assert.equal(row.pdf_sha256, null);
    assert.equal(row.source_mime, STRUCTURED_TEXT_MIME);
    assert.equal(row.status, 'ready');
    assert.equal(row.page_count, 4);

    const text = await call<DocumentText>('/v1/document/text', { documentId }, who.token);
    assert.equal(text.errorCode, 0, text.errorMsg);
    assert.deepEqual(
      text.data.pages.map((page) => page.text),
      structuredTextFields(TOPIC).map((field) => field.text),
    );

    const status = await call<DocumentSummary>('/v1/document/status', { documentId }, who.token);
    assert.equal(status.data.status, 'ready');
    assert.equal(status.data.sourceMime, STRUCTURED_TEXT_MIME);
    const file = await app.get<unknown>(`/api/v1/document/file/${documentId}`, {}, { token: who.token });
    assert.equal(file.body.errorCode, ErrorCode.notFound);
    assert.match(file.body.errorMsg, /文字内容，没有 PDF 文件/);
    const annotated = await app.get<unknown>(`/api/v1/annotation/export/pdf/${documentId}`, {}, { token: adminToken });
    assert.equal(annotated.body.errorCode, ErrorCode.notFound);
    assert.match(annotated.body.errorMsg, /没有 PDF 文件/);

    // Not among the candidate's uploaded documents, and not usable as a thesis file.
    const own = await call<ListResult<DocumentSummary>>('/v1/document/list', { pageSize: 100 }, who.token);
    assert.ok(!own.data.list.some((doc) => doc.id === documentId));
    const detail = await call<SubmissionDetail>('/v1/submission/detail', { submissionId }, adminToken);
    assert.equal(detail.data.versions[0]?.documentId, documentId);
    assert.deepEqual(detail.data.versions[0]?.structured, TOPIC);
  });

  it('lets the assigned reviewer annotate a topic under review, refuses others, and shows the candidate the released review', async () => {
    const who = await candidate();
    const { submissionId } = await submitTopic(who);
    const documentId = (await versionDocument(submissionId, 1)) as number;
    const pages = structuredTextFields(TOPIC).map((field) => field.text);
    const note = highlightOf(pages, 1, '现代汉语词汇系统', '范围偏大，建议聚焦');

    // Not assigned yet: even the reviewer may not annotate.
    assert.equal((await save(documentId, note, 0)).errorCode, ErrorCode.forbidden);
    await assign(submissionId);
    const created = await save(documentId, note, 0);
    assert.equal(created.errorCode, 0, created.errorMsg);
    assert.equal(created.data.pageIndex, 1);
    const edited = await save(documentId, { ...note, comment: '研究范围偏大，建议聚焦一类流行语' }, 1);
    assert.equal(edited.data.revision, 2);
    const extra = highlightOf(pages, 2, '绪论', '提纲过简');
    assert.equal((await save(documentId, extra, 0)).errorCode, 0);
    const deleted = await call<AnnotationDto>(
      '/v1/annotation/delete',
      { id: extra.id, baseRevision: 1 },
      reviewerToken,
    );
    assert.equal(deleted.errorCode, 0, deleted.errorMsg);
    const listed = await list(documentId);
    assert.deepEqual(
      listed.data.map((a) => [a.id, a.comment]),
      [[note.id, '研究范围偏大，建议聚焦一类流行语']],
    );

    // Another reviewer: no list, no create, no edit, no delete (1030003).
    const other = highlightOf(pages, 0, '网络流行语', '他人批注');
    assert.equal((await list(documentId, otherReviewerToken)).errorCode, ErrorCode.forbidden);
    assert.equal((await save(documentId, other, 0, otherReviewerToken)).errorCode, ErrorCode.forbidden);
    assert.equal(
      (await save(documentId, { ...note, comment: '改' }, 2, otherReviewerToken)).errorCode,
      ErrorCode.forbidden,
    );
    const foreignDelete = await call('/v1/annotation/delete', { id: note.id, baseRevision: 2 }, otherReviewerToken);
    assert.equal(foreignDelete.errorCode, ErrorCode.forbidden);
    // The candidate cannot annotate, and sees nothing of the reviewer's while the review runs.
    assert.equal((await save(documentId, other, 0, who.token)).errorCode, ErrorCode.forbidden);
    assert.deepEqual((await list(documentId, who.token)).data, []);

    const submitted = await call(
      '/v1/review/submit',
      { submissionId, versionNo: 1, verdict: 'revise', comment: REVIEW_COMMENT },
      reviewerToken,
    );
    assert.equal(submitted.errorCode, 0, submitted.errorMsg);
    // The review is over: the annotations are final.
    assert.equal((await save(documentId, { ...note, comment: '晚了' }, 2)).errorCode, ErrorCode.forbidden);
    const released = await call<StudentReview>(StudentApiPath.review, { submissionId }, who.token);
    assert.equal(released.errorCode, 0, released.errorMsg);
    assert.equal(released.data.documentId, documentId);
    assert.deepEqual(
      released.data.annotations.map((a) => a.comment),
      ['研究范围偏大，建议聚焦一类流行语'],
    );
    assert.equal((await list(documentId, who.token)).data.length, 1);
  });

  it('gives a resubmitted topic a new document and carries the reviewer’s annotations onto it', async () => {
    const who = await candidate();
    const { submissionId } = await submitTopic(who);
    const first = (await versionDocument(submissionId, 1)) as number;
    await assign(submissionId);
    const pages = structuredTextFields(TOPIC).map((field) => field.text);
    const kept = highlightOf(pages, 1, '现代汉语词汇系统', '范围偏大');
    const dropped = highlightOf(pages, 2, '二、现状', '现状一节应细分');
    assert.equal((await save(first, kept, 0)).errorCode, 0);
    assert.equal((await save(first, dropped, 0)).errorCode, 0);
    await call(
      '/v1/review/submit',
      { submissionId, versionNo: 1, verdict: 'revise', comment: REVIEW_COMMENT },
      reviewerToken,
    );

    const revised = {
      ...TOPIC,
      outline: '一、绪论\n二、网络流行语的构成\n三、影响\n四、结论',
      references: '[1] 王力. 汉语史稿.',
    };
    const again = await submitTopic(who, revised);
    assert.equal(again.versionNo, 2);
    const second = (await versionDocument(submissionId, 2)) as number;
    assert.ok(second !== first);
    const text = await call<DocumentText>('/v1/document/text', { documentId: second }, reviewerToken);
    assert.equal(text.data.pages[2]?.text, revised.outline);

    const detail = await call<SubmissionDetail>('/v1/submission/detail', { submissionId, open: 1 }, reviewerToken);
    assert.equal(detail.errorCode, 0, detail.errorMsg);
    const carried = detail.data.carried;
    assert.ok(carried, 'the carried-over summary is shown');
    const byComment = new Map(carried.items.map((item) => [item.comment, item]));
    assert.equal(byComment.get('范围偏大')?.status, 'found');
    assert.equal(byComment.get('范围偏大')?.pageIndex, 1);
    assert.equal(byComment.get('现状一节应细分')?.status, 'orphaned');
    const onSecond = await list(second);
    assert.equal(onSecond.data.length, 2);
    // The new version is under review again: the reviewer annotates it.
    const fresh = highlightOf(
      structuredTextFields(revised).map((f) => f.text),
      2,
      '构成',
      '好',
    );
    assert.equal((await save(second, fresh, 0)).errorCode, 0);
  });

  it('makes the document in the submission’s transaction: a second submission of the stage leaves none behind', async () => {
    const db = app.database.db;
    const student = await buildUser(app, { role: Role.student });
    const batchId = await buildBatch(app);
    const thesisId = await buildThesis(app, {
      batchId,
      studentId: student.id,
      majorName: '汉语言文学',
      title: TOPIC.title,
      advisor: '',
    });
    const textDocuments = async () =>
      db
        .selectFrom('documents')
        .select('id')
        .where('owner_id', '=', student.id)
        .where('source_mime', '=', STRUCTURED_TEXT_MIME)
        .execute();
    await app.submissions.createSubmission(student.id, thesisId, 'topic', { structured: TOPIC });
    assert.equal((await textDocuments()).length, 1);
    // As two tabs submitting at once: the unique (thesis, stage) refuses the second.
    await assert.rejects(app.submissions.createSubmission(student.id, thesisId, 'topic', { structured: TOPIC }));
    assert.equal((await textDocuments()).length, 1, 'the refused submission’s document went with its transaction');
  });

  it('migration 013 gives every structured version without a document one, and keeps other documents whole', async () => {
    const db = app.database.db;
    const reviewer = await app.login('13800000003');
    const pdfDocument = await buildDocument(app, reviewer, minimalPdf('Chapter One'));
    const pdfPagesBefore = await db
      .selectFrom('document_pages')
      .select(['page_no', 'text'])
      .where('document_id', '=', pdfDocument)
      .execute();
    const batchId = await buildBatch(app);
    const legacy: Array<{ versionId: number; studentId: number; fields: typeof TOPIC }> = [];
    for (const fields of [TOPIC, { ...TOPIC, title: '第二个选题', rationale: '', outline: '提纲' }]) {
      const student = await buildUser(app, { role: Role.student });
      const now = Date.now();
      const thesisId = await buildThesis(app, {
        batchId,
        studentId: student.id,
        majorName: '汉语言文学',
        title: fields.title,
        advisor: '',
      });
      // As topics were stored before this change: the fields and no document. The service now
      // gives every structured version a document, so this one is taken away again.
      const submissionId = await app.submissions.createSubmission(student.id, thesisId, 'topic', {
        structured: fields,
      });
      const made = await db
        .selectFrom('submission_versions')
        .select(['id', 'document_id'])
        .where('submission_id', '=', submissionId)
        .executeTakeFirstOrThrow();
      await db.updateTable('submission_versions').set({ document_id: null }).where('id', '=', made.id).execute();
      if (made.document_id !== null) {
        await db.deleteFrom('document_pages').where('document_id', '=', made.document_id).execute();
        await db.deleteFrom('documents').where('id', '=', made.document_id).execute();
      }
      const version = await db
        .selectFrom('submission_versions')
        .select(['id', 'document_id'])
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      assert.equal(version.document_id, null);
      legacy.push({ versionId: version.id, studentId: student.id, fields });
      if (legacy.length === 1) {
        // A resubmitted topic of those days: a second version, nothing carried.
        const second = await db
          .insertInto('submission_versions')
          .values({
            submission_id: submissionId,
            version_no: 2,
            document_id: null,
            structured_json: JSON.stringify({ ...fields, outline: '修改后的提纲' }),
            attachments_json: '[]',
            plagiarism_rate: null,
            carry_state: 'none',
            submitted_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        legacy.push({ versionId: second.id, studentId: student.id, fields: { ...fields, outline: '修改后的提纲' } });
      }
    }
    const countAnnotations = async () =>
      Number(
        (
          await db
            .selectFrom('annotations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const annotationsBefore = await countAnnotations();
    assert.ok(annotationsBefore > 0);
    const documentsBefore = Number(
      (
        await db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    await topicDocumentsMigration(db as never, { dialect: app.database.dialect, idColumn: (column) => column });

    for (const { versionId, studentId, fields } of legacy) {
      const version = await db
        .selectFrom('submission_versions')
        .select(['document_id', 'version_no', 'carry_state'])
        .where('id', '=', versionId)
        .executeTakeFirstOrThrow();
      assert.ok(version.document_id !== null, 'the legacy version has a document');
      assert.equal(version.carry_state, version.version_no > 1 ? 'done' : 'none');
      const document = await db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', version.document_id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [document.owner_id, document.upload_id, document.source_mime, document.source_sha256],
        [studentId, null, STRUCTURED_TEXT_MIME, ''],
      );
      assert.deepEqual([document.status, document.page_count, document.name], ['ready', 4, '选题内容']);
      const pages = await db
        .selectFrom('document_pages')
        .select(['page_no', 'text'])
        .where('document_id', '=', document.id)
        .orderBy('page_no')
        .execute();
      assert.deepEqual(
        pages.map((page) => [page.page_no, page.text]),
        structuredTextFields(fields).map((field, i) => [i + 1, field.text]),
      );
      // An empty field reads on its page as on screen.
      if (fields.rationale === '') assert.equal(pages[1]?.text, '（未填写）');
    }
    const documentsAfter = Number(
      (
        await db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    assert.equal(documentsAfter, documentsBefore + legacy.length, 'only the legacy versions got documents');
    // The other documents keep their pages, and new uploads still get fresh ids.
    assert.deepEqual(
      await db
        .selectFrom('document_pages')
        .select(['page_no', 'text'])
        .where('document_id', '=', pdfDocument)
        .execute(),
      pdfPagesBefore,
    );
    assert.equal(await countAnnotations(), annotationsBefore, 'no annotation went with the rebuilt table');
    const newer = await buildDocument(app, reviewer, minimalPdf('Chapter Two'));
    assert.ok(newer > pdfDocument);
    // Foreign keys are enforced again after the rebuild.
    await assert.rejects(
      db
        .insertInto('document_pages')
        .values({ document_id: 999_999, page_no: 1, width: 0, height: 0, has_text: 0, text: '' })
        .execute(),
    );
  });
});
