import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type Verdict } from '@zikao/contract';
import type { FilePreview, SubmissionAttachments, ThesisSheet } from '@zikao/contract/thesis-sheet';
import ExcelJS from 'exceljs';
import { type BuiltSubmission, buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalDocx, minimalPdf, zipArchive } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SHEET = '/api/v1/submission/sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('thesis information sheet', () => {
  let app: TestApp;
  let reviewer: string;
  let reviewerId: number;
  let other: string;
  let otherId: number;
  let admin: string;
  let draft: BuiltSubmission;
  let topicId: number;
  let blind: BuiltSubmission;

  /** A submitted review of version 1 of a submission. */
  async function review(submissionId: number, reviewer: number, fields: { verdict: Verdict; score?: number | null }) {
    const now = Date.now();
    await app.database.db
      .insertInto('reviews')
      .values({
        submission_id: submissionId,
        version_no: 1,
        reviewer_id: reviewer,
        verdict: fields.verdict,
        score: fields.score ?? null,
        rubric_json: '{}',
        comment: '选题方向明确，具有现实意义。',
        plagiarism_rate: 12.5,
        time_spent_ms: 1000,
        state: 'submitted',
        submitted_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  before(async () => {
    app = await createTestApp();
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const otherUser = await buildUser(app, { role: Role.reviewer, name: '李评阅' });
    otherId = otherUser.id;
    other = await app.login(otherUser.account);
    const batchId = await buildBatch(app, { plagiarismThreshold: 25 }, '2026年上半年信息表');
    draft = await buildSubmission(app, { batchId, stage: 'draft', status: 'reviewing', reviewerId });
    await app.database.db
      .updateTable('users')
      .set({ school_name: '某某大学' })
      .where('id', '=', draft.studentId)
      .execute();
    // The same thesis's topic, passed earlier by another reviewer.
    topicId = await app.submissions.createSubmission(draft.studentId, draft.thesisId, 'topic', {
      structured: { title: draft.title, rationale: '', outline: '', references: '' },
    });
    await app.database.db
      .updateTable('submissions')
      .set({ status: 'passed', reviewer_id: otherId })
      .where('id', '=', topicId)
      .execute();
    await review(topicId, otherId, { verdict: 'pass' });
    const blindBatch = await buildBatch(app, { blindReview: true }, '2026年下半年盲审信息表');
    blind = await buildSubmission(app, { batchId: blindBatch, stage: 'final', status: 'passed', reviewerId });
  });
  after(() => app.close());

  it('gives the reviewer the thesis with every stage’s latest submitted review', async () => {
    const res = await app.post<ThesisSheet>(SHEET, { submissionId: draft.id }, { token: reviewer });
    assert.equal(res.body.errorCode, 0, res.body.errorMsg);
    const sheet = res.body.data;
    assert.equal(sheet.submissionId, draft.id);
    assert.equal(sheet.stage, 'draft');
    assert.deepEqual(sheet.thesis, {
      id: draft.thesisId,
      title: draft.title,
      majorName: '汉语言文学',
      advisor: '张导师',
    });
    assert.deepEqual(sheet.student, { name: draft.studentName, examNo: draft.examNumber, schoolName: '某某大学' });
    assert.equal(sheet.batch.name, '2026年上半年信息表');
    assert.equal(sheet.batch.blindReview, false);
    assert.equal(sheet.plagiarismThreshold, 25);
    assert.deepEqual(
      sheet.stages.map((s) => s.stage),
      ['topic', 'draft'],
    );
    const [topic, current] = sheet.stages;
    assert.equal(topic?.submissionId, topicId);
    assert.equal(topic?.status, 'passed');
    assert.equal(topic?.verdict, 'pass');
    assert.equal(topic?.reviewerName, '李评阅');
    assert.equal(topic?.comment, '选题方向明确，具有现实意义。');
    assert.equal(topic?.plagiarismRate, 12.5);
    assert.equal(topic?.reviewedVersion, 1);
    assert.ok((topic?.reviewedAt ?? 0) > 0);
    // The draft is still being reviewed: no verdict yet.
    assert.equal(current?.status, 'reviewing');
    assert.equal(current?.verdict, null);
    assert.equal(current?.reviewerName, '');
    assert.equal(current?.reviewedAt, null);
    assert.ok((current?.submittedAt ?? 0) > 0);
  });

  it('leaves a draft review out: only submitted reviews are outcomes', async () => {
    const now = Date.now();
    await app.database.db
      .insertInto('reviews')
      .values({
        submission_id: draft.id,
        version_no: 1,
        reviewer_id: reviewerId,
        verdict: 'fail',
        score: null,
        rubric_json: '{}',
        comment: '草稿',
        plagiarism_rate: null,
        time_spent_ms: 0,
        state: 'draft',
        submitted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await app.post<ThesisSheet>(SHEET, { submissionId: draft.id }, { token: reviewer });
    const current = res.body.data.stages.find((s) => s.stage === 'draft');
    assert.equal(current?.verdict, null);
    assert.equal(current?.comment, '');
  });

  it('gives scores and grades of scored stages, and hides the candidate under blind review', async () => {
    const res = await app.post<ThesisSheet>(SHEET, { submissionId: blind.id }, { token: reviewer });
    assert.equal(res.body.errorCode, 0, res.body.errorMsg);
    assert.equal(res.body.data.student, null);
    assert.equal(res.body.data.thesis.advisor, '', 'the advisor is hidden with the candidate');
    assert.equal(res.body.data.batch.blindReview, true);
    const body = JSON.stringify(res.body.data);
    assert.ok(!body.includes(blind.studentName), 'no candidate name anywhere');
    assert.ok(!body.includes(blind.examNumber), 'no exam number anywhere');
    const [final] = res.body.data.stages;
    assert.equal(final?.score, 85);
    assert.equal(final?.grade, '良好');
    assert.equal(final?.verdict, 'pass');
    // Admins see the candidate of a blind batch.
    const asAdmin = await app.post<ThesisSheet>(SHEET, { submissionId: blind.id }, { token: admin });
    assert.equal(asAdmin.body.data.student?.name, blind.studentName);
  });

  it('refuses another reviewer’s submission, other roles and unknown ids', async () => {
    const theirs = await app.post(SHEET, { submissionId: draft.id }, { token: other });
    assert.equal(theirs.body.errorCode, ErrorCode.forbidden);
    // The topic is theirs, not the demo reviewer's.
    const topic = await app.post(SHEET, { submissionId: topicId }, { token: reviewer });
    assert.equal(topic.body.errorCode, ErrorCode.forbidden);
    const own = await app.post<ThesisSheet>(SHEET, { submissionId: topicId }, { token: other });
    assert.equal(own.body.errorCode, 0);
    const student = await app.login('13800000001', undefined, 'student');
    const asStudent = await app.post(SHEET, { submissionId: draft.id }, { token: student });
    assert.equal(asStudent.body.errorCode, ErrorCode.forbidden);
    const missing = await app.post(SHEET, { submissionId: 99_999_999 }, { token: admin });
    assert.equal(missing.body.errorCode, ErrorCode.notFound);
    const invalid = await app.post(SHEET, { submissionId: 'abc' }, { token: admin });
    assert.notEqual(invalid.body.errorCode, 0);
    const anonymous = await app.post(SHEET, { submissionId: draft.id });
    assert.notEqual(anonymous.body.errorCode, 0);
  });

  describe('attachments', () => {
    let withFiles: BuiltSubmission;
    let attachmentId: string;
    let reportId: string;
    let wordId: string;
    let strangerFile: string;
    let csvId: string;
    let xlsxId: string;
    let zipId: string;

    before(async () => {
      const candidate = await buildUser(app, { role: Role.student, name: '附件考生', examNumber: '030199990001' });
      const token = await app.login(candidate.account, candidate.password, 'student');
      const upload = async (kind: string, data: Buffer, name: string) => {
        const form = new FormData();
        form.append('kind', kind);
        form.append('file', new Blob([new Uint8Array(data)]), name);
        const response = await app.upload<{ fileId: string }>('/api/v1/upload', form, { token });
        assert.equal(response.body.errorCode, 0, response.body.errorMsg);
        return response.body.data.fileId;
      };
      attachmentId = await upload('attachment', minimalPdf('appendix'), '调查问卷.pdf');
      reportId = await upload('report', minimalPdf('report'), '查重报告.pdf');
      wordId = await upload('attachment', minimalDocx(), '访谈记录.docx');
      strangerFile = await upload('attachment', minimalPdf('other'), '别的文件.pdf');
      // 序号,满意度 / 1,"很满意, 会推荐" in GB18030, as Chinese Excel saves a CSV.
      const gbkCsv = Buffer.concat([
        Buffer.from('d0f2bac52cc2fad2e2b6c80a312c22', 'hex'),
        Buffer.from('badcc2fad2e22c20bbe1cdc6bcf6', 'hex'),
        Buffer.from('220a', 'hex'),
      ]);
      csvId = await upload('attachment', gbkCsv, '问卷结果.csv');
      const workbook = new ExcelJS.Workbook();
      const answers = workbook.addWorksheet('问卷');
      answers.addRow(['序号', '年级', '每日使用时长（小时）', '备注']);
      for (let i = 1; i <= 250; i++)
        answers.addRow([i, `${(i % 4) + 1}年级`, i % 6, { formula: 'B2', result: '公式' }]);
      workbook.addWorksheet('汇总').addRow(['合计', 250, new Date(Date.UTC(2026, 4, 1))]);
      xlsxId = await upload('attachment', Buffer.from(await workbook.xlsx.writeBuffer()), '问卷数据.xlsx');
      zipId = await upload(
        'attachment',
        zipArchive([
          { name: '访谈/', data: Buffer.alloc(0) },
          { name: '访谈/第一次.txt', data: Buffer.from('访谈记录') },
          // A name in GB18030 without the UTF-8 flag, as Chinese Windows writes it: 数据.csv.
          { name: Buffer.from('cafdbedd2e637376', 'hex'), data: Buffer.from('a,b') },
        ]),
        '原始资料.zip',
      );
      const batchId = await buildBatch(app, {});
      withFiles = await buildSubmission(app, {
        batchId,
        stage: 'final',
        status: 'reviewing',
        reviewerId,
        studentId: candidate.id,
      });
      await app.database.db
        .updateTable('submission_versions')
        .set({
          plagiarism_rate: 18,
          attachments_json: JSON.stringify([
            { uploadId: reportId, name: '查重报告.pdf', kind: 'report' },
            { uploadId: attachmentId, name: '调查问卷.pdf', kind: 'attachment' },
            { uploadId: wordId, name: '访谈记录.docx', kind: 'attachment' },
            { uploadId: csvId, name: '问卷结果.csv', kind: 'attachment' },
            { uploadId: xlsxId, name: '问卷数据.xlsx', kind: 'attachment' },
            { uploadId: zipId, name: '原始资料.zip', kind: 'attachment' },
          ]),
        })
        .where('submission_id', '=', withFiles.id)
        .execute();
    });

    it('lists the current version’s attachments, then the plagiarism report, with sizes', async () => {
      const res = await app.post<SubmissionAttachments>(
        '/api/v1/submission/attachments',
        { submissionId: withFiles.id },
        { token: reviewer },
      );
      assert.equal(res.body.errorCode, 0, res.body.errorMsg);
      const data = res.body.data;
      assert.equal(data.versionNo, 1);
      assert.equal(data.stage, 'final');
      assert.equal(data.plagiarismRate, 18);
      assert.deepEqual(
        data.files.map((f) => [f.name, f.kind, f.mime]),
        [
          ['调查问卷.pdf', 'attachment', 'application/pdf'],
          ['访谈记录.docx', 'attachment', DOCX],
          ['问卷结果.csv', 'attachment', 'text/csv'],
          ['问卷数据.xlsx', 'attachment', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          ['原始资料.zip', 'attachment', 'application/zip'],
          ['查重报告.pdf', 'report', 'application/pdf'],
        ],
      );
      assert.ok(data.files.every((f) => (f.size ?? 0) > 0));
      const empty = await app.post<SubmissionAttachments>(
        '/api/v1/submission/attachments',
        { submissionId: draft.id },
        { token: reviewer },
      );
      assert.deepEqual(empty.body.data.files, []);
    });

    it('downloads a listed file, and previews PDFs inline', async () => {
      const download = await app.server.inject({
        method: 'GET',
        url: `/api/v1/submission/file/${withFiles.id}/${attachmentId}`,
        headers: { authorization: `Bearer ${reviewer}` },
      });
      assert.equal(download.statusCode, 200);
      assert.equal(download.headers['content-type'], 'application/pdf');
      assert.match(String(download.headers['content-disposition']), /^attachment; filename\*=UTF-8''/);
      assert.ok(download.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')));
      const preview = await app.server.inject({
        method: 'GET',
        url: `/api/v1/submission/file/${withFiles.id}/${reportId}?inline=1`,
        headers: { authorization: `Bearer ${reviewer}` },
      });
      assert.match(String(preview.headers['content-disposition']), /^inline;/);
      // Only PDFs and images open inline; a Word file is always a download.
      const word = await app.server.inject({
        method: 'GET',
        url: `/api/v1/submission/file/${withFiles.id}/${wordId}?inline=1`,
        headers: { authorization: `Bearer ${reviewer}` },
      });
      assert.equal(word.statusCode, 200);
      assert.match(String(word.headers['content-disposition']), /^attachment;/);
    });

    it('previews CSV (GB18030) and Excel as tables cut to 200 rows, and a ZIP as its file list', async () => {
      const preview = (uploadId: string, token = reviewer) =>
        app.post<FilePreview>('/api/v1/submission/filePreview', { submissionId: withFiles.id, uploadId }, { token });
      const csv = await preview(csvId);
      assert.equal(csv.body.errorCode, 0, csv.body.errorMsg);
      assert.deepEqual(csv.body.data, {
        kind: 'table',
        sheets: [
          {
            name: '问卷结果',
            rows: [
              ['序号', '满意度'],
              ['1', '很满意, 会推荐'],
            ],
            truncated: false,
          },
        ],
        truncated: false,
      });
      const xlsx = await preview(xlsxId);
      assert.equal(xlsx.body.errorCode, 0, xlsx.body.errorMsg);
      assert.ok(xlsx.body.data.kind === 'table');
      const [answers, total] = xlsx.body.data.sheets;
      assert.equal(answers?.name, '问卷');
      assert.equal(answers?.rows.length, 200, 'the first 200 of 251 rows');
      assert.equal(answers?.truncated, true);
      assert.deepEqual(answers?.rows[0], ['序号', '年级', '每日使用时长（小时）', '备注']);
      assert.deepEqual(answers?.rows[1], ['1', '2年级', '1', '公式']);
      assert.deepEqual(total?.rows, [['合计', '250', '2026-05-01']]);
      assert.equal(total?.truncated, false);
      assert.equal(xlsx.body.data.truncated, true);
      const zip = await preview(zipId);
      assert.equal(zip.body.errorCode, 0, zip.body.errorMsg);
      assert.deepEqual(zip.body.data, {
        kind: 'archive',
        entries: [
          { name: '访谈/第一次.txt', size: 12 },
          { name: '数据.csv', size: 3 },
        ],
        totalEntries: 2,
        truncated: false,
      });
      // PDFs and pictures open in the browser instead; another reviewer reads nothing.
      const pdf = await preview(attachmentId);
      assert.equal(pdf.body.errorCode, ErrorCode.fileTypeRejected);
      assert.match(pdf.body.errorMsg, /PDF 与图片请直接打开/);
      const theirs = await preview(csvId, other);
      assert.equal(theirs.body.errorCode, ErrorCode.forbidden);
      const stranger = await preview(strangerFile);
      assert.equal(stranger.body.errorCode, ErrorCode.notFound);
    });

    it('refuses files of other submissions, other reviewers and anonymous callers', async () => {
      const get = (url: string, token?: string) =>
        app.server.inject({
          method: 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      // An upload that exists but is not one of this submission's files.
      const stranger = await get(`/api/v1/submission/file/${withFiles.id}/${strangerFile}`, reviewer);
      assert.equal(stranger.json().errorCode, ErrorCode.notFound);
      // The file is listed, but on a submission the caller may not read.
      const theirs = await get(`/api/v1/submission/file/${withFiles.id}/${attachmentId}`, other);
      assert.equal(theirs.json().errorCode, ErrorCode.forbidden);
      const list = await app.post('/api/v1/submission/attachments', { submissionId: withFiles.id }, { token: other });
      assert.equal(list.body.errorCode, ErrorCode.forbidden);
      const anonymous = await get(`/api/v1/submission/file/${withFiles.id}/${attachmentId}`);
      assert.notEqual(anonymous.json().errorCode, 0);
      const bad = await get(`/api/v1/submission/file/${withFiles.id}/..%2Fetc`, reviewer);
      assert.notEqual(bad.json().errorCode, 0);
    });
  });
});
