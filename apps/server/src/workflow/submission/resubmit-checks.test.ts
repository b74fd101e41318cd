import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 19 §2: `/v1/submission/resubmit` has exactly the checks of the candidate's submit. */
describe('the resubmit call checks what the submit checks', () => {
  let app: TestApp;
  let student: string;
  let submissionId: number;
  let firstDocument: number;
  let topicDocument: number;

  before(async () => {
    app = await createTestApp();
    const reviewerId = (await buildUser(app, { role: Role.reviewer })).id;
    const batchId = await buildBatch(app);
    const candidate = await buildUser(app, { role: Role.student });
    student = await app.login(candidate.account, candidate.password, 'student');
    firstDocument = await buildDocument(app, student, minimalPdf('First version'));
    const built = await buildSubmission(app, {
      batchId,
      stage: 'draft',
      status: 'returned',
      reviewerId,
      studentId: candidate.id,
      documentId: firstDocument,
    });
    submissionId = built.id;
    const topic = await buildSubmission(app, {
      batchId: await buildBatch(app),
      stage: 'topic',
      studentId: candidate.id,
    });
    const [version] = await app.database.db
      .selectFrom('submission_versions')
      .select('document_id')
      .where('submission_id', '=', topic.id)
      .execute();
    topicDocument = version?.document_id as number;
  });
  after(() => app.close());

  const resubmit = (body: Record<string, unknown>) =>
    app.post<{ versionNo: number }>('/api/v1/submission/resubmit', { submissionId, ...body }, { token: student });

  it('refuses the document another version already uses', async () => {
    const response = await resubmit({ documentId: firstDocument });
    assert.equal(response.body.errorCode, ErrorCode.conflict, response.body.errorMsg);
  });

  it('refuses a structured-text document', async () => {
    assert.ok(topicDocument > 0);
    const response = await resubmit({ documentId: topicDocument });
    assert.equal(response.body.errorCode, ErrorCode.invalidInput, response.body.errorMsg);
  });

  it('names attachments by their uploads, never by the client', async () => {
    const form = new FormData();
    form.append('kind', 'attachment');
    form.append('file', new Blob([new Uint8Array(minimalPdf('Data'))]), '问卷数据.pdf');
    const upload = await app.upload<{ fileId: string }>('/api/v1/upload', form, { token: student });
    assert.equal(upload.body.errorCode, 0, upload.body.errorMsg);
    const secondDocument = await buildDocument(app, student, minimalPdf('Second version'));
    const response = await resubmit({
      documentId: secondDocument,
      attachments: [{ uploadId: upload.body.data.fileId, name: '冒充的名字.exe' }],
    });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    const [version] = await app.database.db
      .selectFrom('submission_versions')
      .select('attachments_json')
      .where('submission_id', '=', submissionId)
      .where('version_no', '=', response.body.data.versionNo)
      .execute();
    const files = JSON.parse(version?.attachments_json ?? '[]') as Array<{ name: string }>;
    assert.deepEqual(
      files.map((f) => f.name),
      ['问卷数据.pdf'],
    );
  });
});
