import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  type AnnotationDto,
  type AnnotationInput,
  type BatchRules,
  ErrorCode,
  Role,
  type Stage,
  signParams,
} from '@zikao/contract';
import {
  StudentApiPath,
  type StudentOverview,
  type StudentReview,
  type StudentSubmissionDetail,
  type StudentTopic,
} from '@zikao/contract/student';
import { buildBatch, buildDocument, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const HOUR = 3_600_000;
const COMMENT =
  '论文结构完整，论证基本充分，但文献综述部分略显单薄，建议补充近五年的研究成果，并规范参考文献的著录格式，使全文更加严谨。';
const TOPIC = {
  title: '网络流行语对现代汉语词汇的影响研究',
  rationale: '网络流行语大量进入日常交际，值得研究。',
  outline: '一、绪论\n二、现状\n三、影响\n四、结论',
  references: '[1] 王力. 汉语史稿[M]. 北京：中华书局，2004.',
};

interface Candidate {
  id: number;
  token: string;
  thesisId: number;
}

describe('the candidate side', () => {
  let app: TestApp;
  let reviewerId: number;
  let reviewerToken: string;
  let adminToken: string;
  let teacherToken: string;

  before(async () => {
    app = await createTestApp();
    reviewerToken = await app.login('13800000003');
    adminToken = await app.login('13800000004');
    teacherToken = await app.login('13800000002');
    const reviewer = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    reviewerId = reviewer.id;
  });
  after(() => app.close());

  const call = async <T>(path: string, body: Record<string, unknown>, token: string) =>
    (await app.post<T>(`/api${path}`, body, { token })).body;

  async function candidate(batchId: number, name = '考生甲'): Promise<Candidate> {
    const user = await buildUser(app, { role: Role.student, name, examNumber: `0301${randomUUID().slice(0, 8)}` });
    const now = Date.now();
    const thesis = await app.database.db
      .insertInto('theses')
      .values({
        batch_id: batchId,
        student_id: user.id,
        major_name: '汉语言文学',
        title: '待定题目',
        advisor: '张导师',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: user.id, token: await app.login(user.account, user.password, 'student'), thesisId: thesis.id };
  }

  const setRules = (batchId: number, rules: Partial<BatchRules>) =>
    app.database.db
      .updateTable('batches')
      .set({ rules_json: JSON.stringify(rules) })
      .where('id', '=', batchId)
      .execute();

  const overview = (who: Candidate) => call<StudentOverview>(StudentApiPath.thesis, {}, who.token);
  const stageOf = async (who: Candidate, stage: Stage) =>
    (await overview(who)).data.stages.find((s) => s.stage === stage);

  const submit = (who: Candidate, stage: Stage, extra: Record<string, unknown> = {}) =>
    call<{ submissionId: number; versionNo: number; status: string }>(
      StudentApiPath.submit,
      { thesisId: who.thesisId, stage, ...extra },
      who.token,
    );

  const upload = async (who: Candidate, kind: 'attachment' | 'report') => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(minimalPdf(kind))]), `${kind}.pdf`);
    const response = await app.upload<{ fileId: string }>('/api/v1/upload', form, { token: who.token });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data.fileId;
  };

  const assign = async (submissionId: number) => {
    const result = await call('/v1/assignment/assign', { submissionIds: [submissionId], reviewerId }, adminToken);
    assert.equal(result.errorCode, 0, result.errorMsg);
  };

  const review = async (submissionId: number, versionNo: number, verdict: string, score?: number) => {
    const result = await call(
      '/v1/review/submit',
      { submissionId, versionNo, verdict, comment: COMMENT, ...(score === undefined ? {} : { score }) },
      reviewerToken,
    );
    assert.equal(result.errorCode, 0, result.errorMsg);
  };

  const annotate = async (documentId: number, comment: string) => {
    const annotation: AnnotationInput = {
      id: randomUUID(),
      kind: 'note',
      category: 'content',
      severity: 'major',
      comment,
      stamp: null,
      pageIndex: 0,
      selectors: [
        { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=1' },
        { type: 'PageSelector', index: 0 },
      ],
    };
    const result = await call<AnnotationDto>(
      '/v1/annotation/save',
      { documentId, annotation, baseRevision: 0 },
      reviewerToken,
    );
    assert.equal(result.errorCode, 0, result.errorMsg);
    return result.data;
  };

  /** Topic submitted, assigned and passed, so that the later stages open. */
  async function passTopic(who: Candidate): Promise<void> {
    const topic = await submit(who, 'topic', { structured: TOPIC });
    assert.equal(topic.errorCode, 0, topic.errorMsg);
    await assign(topic.data.submissionId);
    await review(topic.data.submissionId, 1, 'pass');
  }

  /** A draft submitted and assigned to the reviewer; returns its submission and document. */
  async function submitDraft(who: Candidate): Promise<{ submissionId: number; documentId: number }> {
    const documentId = await buildDocument(app, who.token, minimalPdf('Draft one'));
    const draft = await submit(who, 'draft', { documentId });
    assert.equal(draft.errorCode, 0, draft.errorMsg);
    await assign(draft.data.submissionId);
    return { submissionId: draft.data.submissionId, documentId };
  }

  it('shows the stages of a new candidate with windows, uploads left and what can be done', async () => {
    const start = Date.now() + 48 * HOUR;
    const batchId = await buildBatch(app, { uploadLimits: { draft: 3 }, windows: { final: { start, end: null } } });
    const who = await candidate(batchId);
    const result = await overview(who);
    assert.equal(result.errorCode, 0, result.errorMsg);
    assert.equal(result.data.thesis?.id, who.thesisId);
    const byStage = Object.fromEntries(result.data.stages.map((s) => [s.stage, s]));
    assert.equal(byStage.topic?.action, 'submit');
    assert.equal(byStage.topic?.uploadsLeft, 4);
    assert.equal(byStage.draft?.uploadLimit, 3);
    assert.equal(byStage.draft?.action, null);
    assert.equal(byStage.draft?.blockedReason, '请先通过选题评阅，再提交论文初稿');
    assert.equal(byStage.final?.windowState, 'notStarted');
    assert.equal(byStage.final?.window.start, start);
  });

  it('keeps the topic draft private, submits it, then makes it read-only', async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    const saved = await call<{ savedAt: number }>(
      StudentApiPath.topicDraft,
      { thesisId: who.thesisId, fields: { title: '草稿题目', rationale: '只写了一半' } },
      who.token,
    );
    assert.equal(saved.errorCode, 0, saved.errorMsg);
    const topic = await call<StudentTopic>(StudentApiPath.topic, {}, who.token);
    assert.equal(topic.data.fields.title, '草稿题目');
    assert.equal(topic.data.editable, true);
    assert.equal(topic.data.submission, null);
    // Nothing reaches the reviewers' or the admins' lists before it is submitted.
    const adminList = await call<{ list: Array<{ thesisId: number }> }>(
      '/v1/submission/list',
      { stage: 'topic', scope: 'all', pageSize: 100 },
      adminToken,
    );
    assert.equal(
      adminList.data.list.some((row) => row.thesisId === who.thesisId),
      false,
    );

    const incomplete = await submit(who, 'topic', { structured: { ...TOPIC, outline: '' } });
    assert.equal(incomplete.errorCode, ErrorCode.invalidInput);
    assert.match(incomplete.errorMsg, /请填写提纲/);
    const submitted = await submit(who, 'topic', { structured: TOPIC });
    assert.equal(submitted.errorCode, 0, submitted.errorMsg);
    assert.equal(submitted.data.status, 'unassigned');
    const after = await call<StudentTopic>(StudentApiPath.topic, { thesisId: who.thesisId }, who.token);
    assert.equal(after.data.editable, false);
    assert.equal(after.data.draftSavedAt, null);
    assert.deepEqual(after.data.fields, TOPIC);
    assert.equal((await overview(who)).data.thesis?.title, TOPIC.title);

    const again = await submit(who, 'topic', { structured: TOPIC });
    assert.equal(again.errorCode, ErrorCode.conflict);
    assert.equal(again.errorMsg, '选题已提交，等待评阅结果，不能重复提交');
    const edit = await call(StudentApiPath.topicDraft, { thesisId: who.thesisId, fields: TOPIC }, who.token);
    assert.equal(edit.errorCode, ErrorCode.conflict);
    assert.equal(edit.errorMsg, '选题已提交，等待评阅结果，不能修改');

    // Returned: editable again, and resubmitted as version 2.
    await assign(submitted.data.submissionId);
    await review(submitted.data.submissionId, 1, 'revise');
    const returned = await call<StudentTopic>(StudentApiPath.topic, {}, who.token);
    assert.equal(returned.data.editable, true);
    assert.equal(returned.data.submission?.versions[0]?.review?.verdict, 'revise');
    assert.equal(returned.data.submission?.versions[0]?.review?.comment, COMMENT);
    const redraft = await call(
      StudentApiPath.topicDraft,
      { thesisId: who.thesisId, fields: { ...TOPIC, rationale: '修改后的立题依据' } },
      who.token,
    );
    assert.equal(redraft.errorCode, 0, redraft.errorMsg);
    const resubmitted = await submit(who, 'topic', { structured: { ...TOPIC, rationale: '修改后的立题依据' } });
    assert.equal(resubmitted.errorCode, 0, resubmitted.errorMsg);
    assert.equal(resubmitted.data.versionNo, 2);
    assert.equal(resubmitted.data.status, 'assigned');
  });

  it('takes one of two submissions of the same stage sent at once, and refuses the other with 1080001', async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    const results = await Promise.all([
      submit(who, 'topic', { structured: TOPIC }),
      submit(who, 'topic', { structured: { ...TOPIC, title: '另一个题目' } }),
    ]);
    assert.deepEqual(results.map((r) => r.errorCode).sort(), [0, ErrorCode.conflict]);
    const submissions = await app.database.db
      .selectFrom('submissions')
      .select('current_version')
      .where('thesis_id', '=', who.thesisId)
      .execute();
    assert.deepEqual(
      submissions.map((row) => row.current_version),
      [1],
    );

    const id = results.find((r) => r.errorCode === 0)?.data.submissionId as number;
    await assign(id);
    await review(id, 1, 'revise');
    const again = await Promise.all([
      submit(who, 'topic', { structured: { ...TOPIC, rationale: '第一份修改' } }),
      submit(who, 'topic', { structured: { ...TOPIC, rationale: '第二份修改' } }),
    ]);
    assert.deepEqual(again.map((r) => r.errorCode).sort(), [0, ErrorCode.conflict]);
    const versions = await app.database.db
      .selectFrom('submission_versions')
      .select('version_no')
      .where('submission_id', '=', id)
      .execute();
    assert.deepEqual(
      versions.map((v) => v.version_no),
      [1, 2],
    );
  });

  it('refuses a submission before its window opens and after it closes, with the dates', async () => {
    const start = Date.UTC(2099, 0, 1, 0, 0);
    const batchId = await buildBatch(app, { windows: { topic: { start, end: null } } });
    const who = await candidate(batchId);
    const early = await submit(who, 'topic', { structured: TOPIC });
    assert.equal(early.errorCode, ErrorCode.conflict);
    assert.equal(early.errorMsg, '选题提交时间未开始（2099-01-01 08:00 开始）');
    assert.equal((await stageOf(who, 'topic'))?.blockedReason, early.errorMsg);
    // The private draft may be written at any time.
    const draft = await call(StudentApiPath.topicDraft, { thesisId: who.thesisId, fields: TOPIC }, who.token);
    assert.equal(draft.errorCode, 0, draft.errorMsg);

    const end = Date.UTC(2020, 5, 30, 15, 59);
    await setRules(batchId, { windows: { topic: { start: null, end } } });
    const late = await submit(who, 'topic', { structured: TOPIC });
    assert.equal(late.errorCode, ErrorCode.conflict);
    assert.equal(late.errorMsg, '选题提交已截止（截止时间 2020-06-30 23:59）');

    await setRules(batchId, { windows: { topic: { start: Date.now() - HOUR, end: Date.now() + HOUR } } });
    const inside = await submit(who, 'topic', { structured: TOPIC });
    assert.equal(inside.errorCode, 0, inside.errorMsg);
  });

  it('keeps the stage order: no draft before the topic passed, no final before the draft passed', async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    const documentId = await buildDocument(app, who.token, minimalPdf('Early draft'));
    const early = await submit(who, 'draft', { documentId });
    assert.equal(early.errorCode, ErrorCode.conflict);
    assert.equal(early.errorMsg, '请先通过选题评阅，再提交论文初稿');
    await passTopic(who);
    const plan = await stageOf(who, 'plan');
    assert.equal(plan?.action, 'submit');
    const final = await submit(who, 'final', { documentId, plagiarismRate: 10 });
    assert.equal(final.errorCode, ErrorCode.conflict);
    assert.equal(final.errorMsg, '请先通过论文初稿评阅，再提交定稿');
    const retest = await stageOf(who, 'retest');
    assert.equal(retest?.blockedReason, '复试仅适用于定稿未通过的考生');
    const draft = await submit(who, 'draft', { documentId });
    assert.equal(draft.errorCode, 0, draft.errorMsg);
  });

  it('resubmits after 退回修改 within the upload limit, then refuses with the number of tries', async () => {
    const batchId = await buildBatch(app, { uploadLimits: { draft: 2 } });
    const who = await candidate(batchId);
    await passTopic(who);
    const { submissionId } = await submitDraft(who);
    const underReview = await submit(who, 'draft', {
      documentId: await buildDocument(app, who.token, minimalPdf('Too soon')),
    });
    assert.equal(underReview.errorCode, ErrorCode.conflict);
    assert.equal(underReview.errorMsg, '论文初稿已提交，等待评阅结果，不能重复提交');

    await review(submissionId, 1, 'revise');
    let stage = await stageOf(who, 'draft');
    assert.equal(stage?.action, 'resubmit');
    assert.equal(stage?.uploadsLeft, 1);
    assert.equal(stage?.submission?.result?.verdict, 'revise');
    const second = await submit(who, 'draft', {
      documentId: await buildDocument(app, who.token, minimalPdf('Draft two')),
    });
    assert.equal(second.errorCode, 0, second.errorMsg);
    assert.equal(second.data.versionNo, 2);
    assert.equal(second.data.status, 'assigned');

    await review(submissionId, 2, 'revise');
    stage = await stageOf(who, 'draft');
    assert.equal(stage?.uploadsLeft, 0);
    assert.equal(stage?.action, null);
    assert.equal(stage?.blockedReason, '已用完 2 次上传机会');
    const third = await submit(who, 'draft', {
      documentId: await buildDocument(app, who.token, minimalPdf('Draft three')),
    });
    assert.equal(third.errorCode, ErrorCode.conflict);
    assert.equal(third.errorMsg, '已用完 2 次上传机会');
  });

  it('refuses a resubmission once the window has closed', async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    await passTopic(who);
    const { submissionId } = await submitDraft(who);
    await review(submissionId, 1, 'revise');
    const end = Date.UTC(2021, 0, 31, 15, 0);
    await setRules(batchId, { windows: { draft: { start: null, end } } });
    const late = await submit(who, 'draft', {
      documentId: await buildDocument(app, who.token, minimalPdf('Late draft')),
    });
    assert.equal(late.errorCode, ErrorCode.conflict);
    assert.equal(late.errorMsg, '论文初稿提交已截止（截止时间 2021-01-31 23:00）');
  });

  it('takes the final with attachments, the plagiarism rate and its report, and shows score and grade', async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    await passTopic(who);
    const { submissionId: draftId } = await submitDraft(who);
    await review(draftId, 1, 'pass');
    const documentId = await buildDocument(app, who.token, minimalPdf('Final'));
    const noRate = await submit(who, 'final', { documentId });
    assert.equal(noRate.errorCode, ErrorCode.invalidInput);
    assert.match(noRate.errorMsg, /请填写查重率/);
    const noReport = await submit(who, 'final', { documentId, plagiarismRate: 12.5 });
    assert.match(noReport.errorMsg, /请上传查重报告/);
    const attachment = await upload(who, 'attachment');
    const report = await upload(who, 'report');
    const final = await submit(who, 'final', {
      documentId,
      plagiarismRate: 12.5,
      plagiarismReport: { uploadId: report },
      attachments: [{ uploadId: attachment }],
    });
    assert.equal(final.errorCode, 0, final.errorMsg);
    const own = await fetchFile(report, who.token);
    assert.equal(own.statusCode, 200);
    assert.match(String(own.headers['content-disposition']), /report\.pdf/);
    assert.equal(own.body.startsWith('%PDF'), true);
    const stranger = await candidate(batchId, '考生戊');
    assert.equal(JSON.parse((await fetchFile(report, stranger.token)).body).errorCode, ErrorCode.forbidden);
    assert.equal(JSON.parse((await fetchFile(report, reviewerToken)).body).errorCode, ErrorCode.forbidden);
    const detail = await call<StudentSubmissionDetail>(
      StudentApiPath.submission,
      { submissionId: final.data.submissionId },
      who.token,
    );
    const version = detail.data.versions[0];
    assert.equal(version?.plagiarismRate, 12.5);
    assert.deepEqual(version?.plagiarismReport, { uploadId: report, name: 'report.pdf' });
    assert.deepEqual(version?.attachments, [{ uploadId: attachment, name: 'attachment.pdf' }]);
    assert.equal(version?.document?.id, documentId);
    assert.equal(version?.document?.status, 'ready');
    await assign(final.data.submissionId);
    await review(final.data.submissionId, 1, 'pass', 86);
    const stage = await stageOf(who, 'final');
    assert.equal(stage?.submission?.status, 'passed');
    assert.equal(stage?.submission?.result?.score, 86);
    assert.equal(stage?.submission?.result?.grade, '良好');
  });

  it("refuses another candidate's document, attachment, or a document already submitted", async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    const other = await candidate(batchId, '考生乙');
    await passTopic(who);
    const theirs = await buildDocument(app, other.token, minimalPdf('Not mine'));
    const stolen = await submit(who, 'draft', { documentId: theirs });
    assert.equal(stolen.errorCode, ErrorCode.forbidden);
    const theirFile = await upload(other, 'attachment');
    const mine = await buildDocument(app, who.token, minimalPdf('Mine'));
    const stolenFile = await submit(who, 'draft', { documentId: mine, attachments: [{ uploadId: theirFile }] });
    assert.equal(stolenFile.errorCode, ErrorCode.forbidden);
    const { submissionId, documentId } = await submitDraft(who);
    await review(submissionId, 1, 'revise');
    // The reviewer workflow's own resubmit call checks the attachments' owner too.
    const direct = await call(
      '/v1/submission/resubmit',
      {
        submissionId,
        documentId: await buildDocument(app, who.token, minimalPdf('Direct')),
        attachments: [{ uploadId: theirFile, name: 'x.pdf' }],
      },
      who.token,
    );
    assert.equal(direct.errorCode, ErrorCode.forbidden, direct.errorMsg);
    const same = await submit(who, 'draft', { documentId });
    assert.equal(same.errorCode, ErrorCode.conflict);
    assert.equal(same.errorMsg, '该文件已提交过，请上传修改后的新文件');
  });

  it("hides the reviewer's draft annotations until the review is submitted; replies reach the reviewer", async () => {
    const batchId = await buildBatch(app);
    const who = await candidate(batchId);
    await passTopic(who);
    const { submissionId, documentId } = await submitDraft(who);
    const note = await annotate(documentId, '第一章缺少研究现状');
    await call('/v1/review/save', { submissionId, versionNo: 1, comment: '草稿评语' }, reviewerToken);

    const before = await call<StudentReview>(StudentApiPath.review, { submissionId }, who.token);
    assert.equal(before.errorCode, 0, before.errorMsg);
    assert.equal(before.data.review, null);
    assert.deepEqual(before.data.annotations, []);
    assert.equal(JSON.stringify(before.data).includes('草稿评语'), false);
    const generic = await call<AnnotationDto[]>('/v1/annotation/list', { documentId }, who.token);
    assert.deepEqual(generic.data, []);
    const earlyReply = await call('/v1/annotation/reply', { annotationId: note.id, comment: '提前回复' }, who.token);
    assert.equal(earlyReply.errorCode, ErrorCode.forbidden);

    await review(submissionId, 1, 'revise');
    const after = await call<StudentReview>(StudentApiPath.review, { submissionId }, who.token);
    assert.equal(after.data.review?.verdict, 'revise');
    assert.equal(after.data.review?.comment, COMMENT);
    assert.equal(after.data.review?.reviewedBy, '评阅教师');
    assert.equal(after.data.documentId, documentId);
    assert.deepEqual(
      after.data.annotations.map((a) => a.comment),
      ['第一章缺少研究现状'],
    );
    const listed = await call<AnnotationDto[]>('/v1/annotation/list', { documentId }, who.token);
    assert.equal(listed.data.length, 1);
    assert.equal(
      listed.data[0]?.authorName,
      '评阅教师',
      'toward a candidate the reviewer is a role, blind batch or not',
    );
    assert.equal(listed.data[0]?.authorId, 0);

    const reply = await call('/v1/annotation/reply', { annotationId: note.id, comment: '已补充研究现状' }, who.token);
    assert.equal(reply.errorCode, 0, reply.errorMsg);
    const seen = await call<AnnotationDto[]>('/v1/annotation/list', { documentId }, reviewerToken);
    assert.deepEqual(
      seen.data[0]?.replies.map((r) => [r.comment, r.authorRole]),
      [['已补充研究现状', Role.student]],
    );

    const pdf = await download(documentId, who.token);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
  });

  const fetchFile = (uploadId: string, token: string) => {
    const t = Date.now();
    return app.server.inject({
      method: 'GET',
      url: `/api${StudentApiPath.file}/${uploadId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  const download = (documentId: number, token: string) => {
    const t = Date.now();
    return app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('withholds a verdict that waits for the admin check, and releases it once checked', async () => {
    const batchId = await buildBatch(app, { adminCheck: true });
    const who = await candidate(batchId);
    await passTopic(who);
    const topic = (await stageOf(who, 'topic'))?.submission;
    assert.equal(topic?.status, 'awaiting_check');
    assert.equal(topic?.result, null);
    assert.equal((await stageOf(who, 'draft'))?.blockedReason, '请先通过选题评阅，再提交论文初稿');
    const checked = await call('/v1/review/check', { submissionId: topic?.id }, adminToken);
    assert.equal(checked.errorCode, 0, checked.errorMsg);
    const after = await stageOf(who, 'topic');
    assert.equal(after?.submission?.result?.verdict, 'pass');
    assert.equal((await stageOf(who, 'draft'))?.action, 'submit');
  });

  it("blind review: no reviewer name or id in any candidate answer, no candidate name in the reviewer's", async () => {
    const batchId = await buildBatch(app, { blindReview: true });
    const who = await candidate(batchId, '盲审考生');
    await passTopic(who);
    const { submissionId, documentId } = await submitDraft(who);
    const note = await annotate(documentId, '请补充数据');
    await review(submissionId, 1, 'revise');
    const reply = await call('/v1/annotation/reply', { annotationId: note.id, comment: '已补充' }, who.token);
    assert.equal(reply.errorCode, 0, reply.errorMsg);

    const answers = [
      await overview(who),
      await call(StudentApiPath.submission, { submissionId }, who.token),
      await call(StudentApiPath.review, { submissionId }, who.token),
      await call(StudentApiPath.topic, {}, who.token),
      await call('/v1/annotation/list', { documentId }, who.token),
    ];
    for (const answer of answers) {
      assert.equal(answer.errorCode, 0, answer.errorMsg);
      const text = JSON.stringify(answer.data);
      assert.equal(text.includes('陈评阅'), false, text);
      assert.equal(new RegExp(`"(authorId|reviewerId)":${reviewerId}\\b`).test(text), false, text);
      assert.equal(/reviewer/i.test(text), false, text);
    }
    const listed = (answers[4] as { data: AnnotationDto[] }).data;
    assert.equal(listed[0]?.authorName, '评阅教师');
    const pdf = await download(documentId, who.token);
    assert.equal(pdf.statusCode, 200);

    const seen = await call<AnnotationDto[]>('/v1/annotation/list', { documentId }, reviewerToken);
    const text = JSON.stringify(seen.data);
    assert.equal(text.includes('盲审考生'), false);
    assert.equal(seen.data[0]?.replies[0]?.authorName, '考生');
  });

  it("gives 1030003 for every call with another candidate's ids, and to roles other than the student", async () => {
    const batchId = await buildBatch(app);
    const owner = await candidate(batchId, '考生丙');
    const other = await candidate(batchId, '考生丁');
    await passTopic(owner);
    const { submissionId, documentId } = await submitDraft(owner);
    const note = await annotate(documentId, '格式不规范');
    await review(submissionId, 1, 'revise');
    const topicId = (await stageOf(owner, 'topic'))?.submission?.id as number;

    const forbiddenCalls: Array<[string, Record<string, unknown>]> = [
      [StudentApiPath.thesis, { thesisId: owner.thesisId }],
      [StudentApiPath.submission, { submissionId }],
      [StudentApiPath.submission, { submissionId: topicId }],
      [StudentApiPath.submit, { thesisId: owner.thesisId, stage: 'draft', documentId }],
      [StudentApiPath.topic, { thesisId: owner.thesisId }],
      [StudentApiPath.topicDraft, { thesisId: owner.thesisId, fields: TOPIC }],
      [StudentApiPath.review, { submissionId }],
      [StudentApiPath.review, { submissionId: topicId, versionNo: 1 }],
      ['/v1/annotation/list', { documentId }],
      ['/v1/annotation/reply', { annotationId: note.id, comment: '冒名回复' }],
      ['/v1/document/status', { documentId }],
    ];
    for (const [path, body] of forbiddenCalls) {
      const result = await call(path, body, other.token);
      assert.equal(result.errorCode, ErrorCode.forbidden, `${path} ${JSON.stringify(body)}: ${result.errorMsg}`);
    }
    const pdf = await download(documentId, other.token);
    assert.equal(JSON.parse(pdf.body).errorCode, ErrorCode.forbidden);
    // The other candidate's own overview shows nothing of the owner's.
    const theirs = await overview(other);
    assert.equal(theirs.data.thesis?.id, other.thesisId);
    assert.deepEqual(
      theirs.data.theses.map((t) => t.id),
      [other.thesisId],
    );
    assert.equal(
      theirs.data.stages.some((stage) => stage.submission !== null),
      false,
    );

    for (const token of [teacherToken, reviewerToken, adminToken]) {
      // The file download is a GET, tested with the final's report.
      for (const path of Object.values(StudentApiPath).filter((p) => p !== StudentApiPath.file)) {
        const result = await call(path, { thesisId: owner.thesisId, submissionId }, token);
        assert.equal(result.errorCode, ErrorCode.forbidden, `${path}: ${result.errorMsg}`);
      }
    }
    const missing = await call(StudentApiPath.review, { submissionId: 999_999 }, owner.token);
    assert.equal(missing.errorCode, ErrorCode.notFound);
  });

  it('answers a candidate without a thesis with an empty overview', async () => {
    const user = await buildUser(app, { role: Role.student });
    const token = await app.login(user.account, user.password, 'student');
    const result = await call<StudentOverview>(StudentApiPath.thesis, {}, token);
    assert.equal(result.errorCode, 0, result.errorMsg);
    assert.equal(result.data.thesis, null);
    assert.deepEqual(result.data.stages, []);
    const topic = await call(StudentApiPath.topic, {}, token);
    assert.equal(topic.errorCode, ErrorCode.notFound);
  });
});
