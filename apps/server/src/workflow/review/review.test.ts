import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type ReviewDto, Role, type SubmissionDetail, type SubmissionStatus } from '@zikao/contract';
import { eventually } from '../../test/eventually.ts';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);

describe('review workflow', () => {
  let app: TestApp;
  let reviewer: string;
  let reviewerId: number;
  let admin: string;
  let batchId: number;
  before(async () => {
    app = await createTestApp();
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
    const row = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    reviewerId = row.id;
    batchId = await buildBatch(app);
  });
  after(() => app.close());

  const detail = async (id: number, token = reviewer, open?: 1) =>
    (
      await app.post<SubmissionDetail>(
        '/api/v1/submission/detail',
        { submissionId: id, ...(open ? { open } : {}) },
        { token },
      )
    ).body;
  const statusOf = async (id: number): Promise<SubmissionStatus> =>
    (await app.database.db.selectFrom('submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const submit = (body: Record<string, unknown>, token = reviewer) =>
    app.post<{ status: SubmissionStatus; review: ReviewDto }>('/api/v1/review/submit', body, { token });
  const save = (body: Record<string, unknown>, token = reviewer) =>
    app.post<ReviewDto>('/api/v1/review/save', body, { token });
  const trail = (id: number) =>
    app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'submission')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('assigns, opens, saves a draft, returns a topic for revision, takes the new version and passes it', async () => {
    const student = await buildUser(app, { role: Role.student, examNumber: '030199990001', name: '周考生' });
    const studentToken = await app.login(student.account, undefined, 'student');
    const built = await buildSubmission(app, { batchId, stage: 'topic', studentId: student.id });
    assert.equal(await statusOf(built.id), 'unassigned');

    const assigned = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [built.id], reviewerId },
      { token: admin },
    );
    assert.equal(assigned.body.errorCode, 0, assigned.body.errorMsg);
    assert.equal(await statusOf(built.id), 'assigned');

    // Reading the detail does not start the review; opening the review screen does.
    assert.equal((await detail(built.id)).data.status, 'assigned');
    assert.equal((await detail(built.id, reviewer, 1)).data.status, 'reviewing');

    const draft = await save({
      submissionId: built.id,
      versionNo: 1,
      verdict: 'revise',
      comment: '初稿意见',
      timeSpentMs: 5000,
    });
    assert.equal(draft.body.errorCode, 0, draft.body.errorMsg);
    assert.equal(draft.body.data.state, 'draft');
    assert.equal((await detail(built.id)).data.review?.comment, '初稿意见');

    const returned = await submit({ submissionId: built.id, versionNo: 1, verdict: 'revise', comment: COMMENT });
    assert.equal(returned.body.errorCode, 0, returned.body.errorMsg);
    assert.equal(returned.body.data.status, 'returned');
    assert.equal(returned.body.data.review.timeSpentMs, 5000);

    const again = await save({ submissionId: built.id, versionNo: 1, comment: '改一下' });
    assert.equal(again.body.errorCode, ErrorCode.conflict);
    assert.match(again.body.errorMsg, /退回修改/);

    const resubmitted = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: built.id, documentId: null },
      { token: studentToken },
    );
    assert.equal(resubmitted.body.errorCode, ErrorCode.invalidInput, 'a topic needs its fields');
    const topic = { title: '新题目', rationale: '理由', outline: '提纲', references: '文献' };
    const second = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: built.id, structured: topic },
      { token: studentToken },
    );
    assert.equal(second.body.errorCode, 0, second.body.errorMsg);
    const after2 = (await detail(built.id)).data;
    assert.equal(after2.status, 'assigned');
    assert.equal(after2.reviewer?.id, reviewerId, 'the same reviewer gets the new version');
    assert.equal(after2.currentVersion, 2);
    assert.equal(after2.uploadsUsed, 2);
    assert.equal(after2.versions.length, 2);
    assert.equal(after2.versions[0]?.review?.verdict, 'revise');
    assert.equal(after2.review, null);

    const stale = await submit({ submissionId: built.id, versionNo: 1, verdict: 'pass', comment: COMMENT });
    assert.equal(stale.body.errorCode, ErrorCode.conflict);
    assert.equal(stale.body.errorMsg, '论文已有新版本，请刷新后再试');

    const passed = await submit({ submissionId: built.id, versionNo: 2, verdict: 'pass', comment: COMMENT });
    assert.equal(passed.body.errorCode, 0, passed.body.errorMsg);
    assert.equal(passed.body.data.status, 'passed');

    const locked = await save({ submissionId: built.id, versionNo: 2, comment: COMMENT });
    assert.equal(locked.body.errorCode, ErrorCode.conflict);
    assert.equal(locked.body.errorMsg, '已提交评阅不能修改');

    const entries = await trail(built.id);
    assert.deepEqual(
      entries.map((e) => [e.action, e.from_status, e.to_status]),
      [
        ['submit', null, 'unassigned'],
        ['assign', 'unassigned', 'assigned'],
        ['open', 'assigned', 'reviewing'],
        ['submit', 'reviewing', 'returned'],
        ['resubmit', 'returned', 'assigned'],
        ['submit', 'assigned', 'passed'],
      ],
    );
    assert.ok(entries.every((e) => e.actor_id !== null && e.created_at > 0));
    assert.deepEqual(
      (await detail(built.id)).data.history.map((h) => h.actorName),
      ['周考生', '赵管理', '陈评阅', '陈评阅', '周考生', '陈评阅'],
    );
  });

  it('refuses a resubmission beyond the upload limit or outside the window', async () => {
    const tight = await buildBatch(app, { uploadLimit: 1 });
    const closed = await buildBatch(app, { windows: { topic: { start: null, end: Date.now() - 1000 } } });
    for (const [batch, message] of [
      [tight, '上传次数已用完'],
      [closed, '不在提交时间内'],
    ] as const) {
      const student = await buildUser(app, { role: Role.student });
      const token = await app.login(student.account, undefined, 'student');
      const built = await buildSubmission(app, {
        batchId: batch,
        stage: 'topic',
        status: 'returned',
        reviewerId,
        studentId: student.id,
      });
      const response = await app.post(
        '/api/v1/submission/resubmit',
        {
          submissionId: built.id,
          structured: { title: '再交一次', rationale: '理由', outline: '提纲', references: '文献' },
        },
        { token },
      );
      assert.equal(response.body.errorCode, ErrorCode.conflict);
      assert.equal(response.body.errorMsg, message);
      assert.equal(await statusOf(built.id), 'returned');
    }
  });

  it('lets only the owning candidate resubmit', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'topic', status: 'returned', reviewerId });
    const other = await buildUser(app, { role: Role.student });
    const token = await app.login(other.account, undefined, 'student');
    const response = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: built.id, structured: { title: '冒名', rationale: '理由', outline: '提纲', references: '文献' } },
      { token },
    );
    assert.equal(response.body.errorCode, ErrorCode.forbidden);
    const asReviewer = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: built.id, structured: { title: '冒名', rationale: '理由', outline: '提纲', references: '文献' } },
      { token: reviewer },
    );
    assert.equal(asReviewer.body.errorCode, ErrorCode.forbidden);
  });

  it('validates the comment length and the score of a final, and derives the grade', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'final', status: 'reviewing', reviewerId });
    const base = { submissionId: built.id, versionNo: 1 };
    const short = await submit({ ...base, verdict: 'pass', score: 92, comment: '写得不错' });
    assert.equal(short.body.errorCode, ErrorCode.invalidInput);
    assert.equal(short.body.errorMsg, '参数错误：评语至少需要 50 个字，当前 4 个字');

    const unscored = await submit({ ...base, verdict: 'pass', comment: COMMENT });
    assert.equal(unscored.body.errorCode, ErrorCode.invalidInput);
    assert.match(unscored.body.errorMsg, /成绩/);

    const revise = await submit({ ...base, verdict: 'revise', score: 50, comment: COMMENT });
    assert.equal(revise.body.errorCode, ErrorCode.conflict);
    assert.match(revise.body.errorMsg, /不能退回修改/);

    const mismatch = await submit({ ...base, verdict: 'pass', score: 55, comment: COMMENT });
    assert.equal(mismatch.body.errorCode, ErrorCode.invalidInput);
    assert.match(mismatch.body.errorMsg, /55 分不及格/);

    const outOfRange = await submit({ ...base, verdict: 'pass', score: 101, comment: COMMENT });
    assert.equal(outOfRange.body.errorCode, ErrorCode.invalidInput);

    assert.equal(await statusOf(built.id), 'reviewing', 'a refused submit changes nothing');
    const graded = await submit({ ...base, verdict: 'pass', score: 92, comment: COMMENT, plagiarismRate: 35 });
    assert.equal(graded.body.errorCode, 0, graded.body.errorMsg);
    assert.equal(graded.body.data.review.grade, '优秀');
    const shown = (await detail(built.id)).data;
    assert.deepEqual(shown.plagiarism, { rate: 35, threshold: 30, exceeds: true });
  });

  it('computes a final score from the rubric items', async () => {
    const rubric = [
      { key: 'content', label: '内容', weight: 60, max: 100 },
      { key: 'format', label: '格式', weight: 40, max: 10 },
    ];
    const rubricBatch = await buildBatch(app, { rubric, minCommentLength: 10 });
    const built = await buildSubmission(app, { batchId: rubricBatch, stage: 'retest', status: 'assigned', reviewerId });
    const base = { submissionId: built.id, versionNo: 1, comment: COMMENT };
    const partial = await submit({ ...base, verdict: 'pass', rubric: { content: 80 } });
    assert.equal(partial.body.errorCode, ErrorCode.invalidInput);
    assert.equal(partial.body.errorMsg, '参数错误：请为评分项“格式”打分');
    const tooHigh = await save({ ...base, rubric: { format: 11 } });
    assert.equal(tooHigh.body.errorCode, ErrorCode.invalidInput);
    const unknown = await save({ ...base, rubric: { style: 1 } });
    assert.equal(unknown.body.errorCode, ErrorCode.invalidInput);
    // 80/100 × 60 + 7/10 × 40 = 76; the client's score is ignored.
    const done = await submit({ ...base, verdict: 'pass', score: 99, rubric: { content: 80, format: 7 } });
    assert.equal(done.body.errorCode, 0, done.body.errorMsg);
    assert.equal(done.body.data.review.score, 76);
    assert.equal(done.body.data.review.grade, '中等');
  });

  it('sends verdicts through the admin check when the batch asks for it', async () => {
    const checked = await buildBatch(app, { adminCheck: true });
    const built = await buildSubmission(app, { batchId: checked, stage: 'plan', status: 'reviewing', reviewerId });
    const early = await app.post('/api/v1/review/check', { submissionId: built.id }, { token: admin });
    assert.equal(early.body.errorCode, ErrorCode.conflict);
    const submitted = await submit({ submissionId: built.id, versionNo: 1, verdict: 'fail', comment: COMMENT });
    assert.equal(submitted.body.data.status, 'awaiting_check');
    const byReviewer = await app.post('/api/v1/review/check', { submissionId: built.id }, { token: reviewer });
    assert.equal(byReviewer.body.errorCode, ErrorCode.forbidden);
    const done = await app.post<{ status: string }>(
      '/api/v1/review/check',
      { submissionId: built.id },
      { token: admin },
    );
    assert.equal(done.body.data.status, 'checked');
    const twice = await app.post('/api/v1/review/check', { submissionId: built.id }, { token: admin });
    assert.equal(twice.body.errorCode, ErrorCode.conflict);

    // A return for revision is not a final verdict: it skips the check.
    const returned = await buildSubmission(app, { batchId: checked, stage: 'draft', status: 'assigned', reviewerId });
    const back = await submit({ submissionId: returned.id, versionNo: 1, verdict: 'revise', comment: COMMENT });
    assert.equal(back.body.data.status, 'returned');
  });

  it('reopens a submitted review for the admin only, with a reason', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft', status: 'passed', reviewerId });
    const byReviewer = await app.post(
      '/api/v1/review/reopen',
      { submissionId: built.id, reason: '改' },
      { token: reviewer },
    );
    assert.equal(byReviewer.body.errorCode, ErrorCode.forbidden);
    const noReason = await app.post('/api/v1/review/reopen', { submissionId: built.id, reason: ' ' }, { token: admin });
    assert.equal(noReason.body.errorCode, ErrorCode.invalidInput);
    const reopened = await app.post(
      '/api/v1/review/reopen',
      { submissionId: built.id, reason: '评语有误，请修改' },
      { token: admin },
    );
    assert.equal(reopened.body.errorCode, 0, reopened.body.errorMsg);
    assert.equal(await statusOf(built.id), 'reviewing');
    const shown = (await detail(built.id)).data;
    assert.equal(shown.review?.state, 'draft');
    assert.equal(shown.history.at(-1)?.reason, '评语有误，请修改');
    const twice = await app.post(
      '/api/v1/review/reopen',
      { submissionId: built.id, reason: '再次开放评阅' },
      { token: admin },
    );
    assert.equal(twice.body.errorCode, ErrorCode.conflict);
    const resubmit = await submit({ submissionId: built.id, versionNo: 1, verdict: 'fail', comment: COMMENT });
    assert.equal(resubmit.body.data.status, 'failed');
  });

  it('lets one of two concurrent submits win and leaves one review and one audit row', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'draft', status: 'reviewing', reviewerId });
    const body = { submissionId: built.id, versionNo: 1, comment: COMMENT };
    const results = await Promise.all([
      submit({ ...body, verdict: 'pass' }),
      submit({ ...body, verdict: 'fail' }),
      submit({ ...body, verdict: 'revise' }),
    ]);
    const winners = results.filter((r) => r.body.errorCode === 0);
    assert.equal(winners.length, 1, JSON.stringify(results.map((r) => r.body)));
    for (const loser of results.filter((r) => r.body.errorCode !== 0)) {
      assert.equal(loser.body.errorCode, ErrorCode.conflict);
    }
    const winner = winners[0]?.body.data;
    assert.equal(await statusOf(built.id), winner?.status);
    const reviews = await app.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('submission_id', '=', built.id)
      .execute();
    assert.equal(reviews.length, 1);
    assert.equal(reviews[0]?.state, 'submitted');
    assert.equal(reviews[0]?.verdict, winner?.review.verdict);
    const submits = (await trail(built.id)).filter((e) => e.action === 'submit' && e.from_status !== null);
    assert.equal(submits.length, 1);
  });

  it('refuses to assign a submitted review, or to a candidate, all or nothing', async () => {
    const open = await buildSubmission(app, { batchId, stage: 'draft' });
    const done = await buildSubmission(app, { batchId, stage: 'draft', status: 'passed', reviewerId });
    const mixed = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [open.id, done.id], reviewerId },
      { token: admin },
    );
    assert.equal(mixed.body.errorCode, ErrorCode.conflict);
    assert.match(mixed.body.errorMsg, /已提交评阅不能修改/);
    assert.equal(await statusOf(open.id), 'unassigned', 'nothing of a refused bulk assignment is applied');
    const student = await buildUser(app, { role: Role.student });
    const toStudent = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [open.id], reviewerId: student.id },
      { token: admin },
    );
    assert.equal(toStudent.body.errorCode, ErrorCode.invalidInput);
    const missing = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [open.id, 999999], reviewerId },
      { token: admin },
    );
    assert.equal(missing.body.errorCode, ErrorCode.notFound);
  });

  it('drops the old reviewer’s draft when a submission is reassigned', async () => {
    const other = await buildUser(app, { role: Role.reviewer });
    const otherToken = await app.login(other.account);
    const built = await buildSubmission(app, { batchId, stage: 'draft', status: 'assigned', reviewerId: other.id });
    await save({ submissionId: built.id, versionNo: 1, comment: '旧评阅人的草稿' }, otherToken);
    assert.equal(await statusOf(built.id), 'reviewing');
    const moved = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [built.id], reviewerId },
      { token: admin },
    );
    assert.equal(moved.body.errorCode, 0, moved.body.errorMsg);
    assert.equal(await statusOf(built.id), 'assigned');
    assert.equal((await detail(built.id)).data.review, null);
    const gone = await detail(built.id, otherToken);
    assert.equal(gone.errorCode, ErrorCode.forbidden);
  });
});

describe('review submit under concurrency (issue 19 §3, §4)', () => {
  let apps: TestApp[] = [];
  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });

  it('takes one of 12 concurrent submits across two instances: one notice, one SMS, one audit row', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const reviewerId = (
      await first.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const tokens = [await first.login('13800000003'), await second.login('13800000003')];
    const batchId = await buildBatch(first, { adminCheck: false });
    const built = await buildSubmission(first, { batchId, stage: 'draft', status: 'reviewing', reviewerId });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (apps[i % 2] as TestApp).post<{ status: SubmissionStatus }>(
          '/api/v1/review/submit',
          { submissionId: built.id, versionNo: 1, verdict: 'pass', comment: COMMENT },
          { token: tokens[i % 2] },
        ),
      ),
    );
    const codes = responses.map((r) => r.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, 1, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === ErrorCode.conflict).length, 11);
    const db = first.database.db;
    const notices = await db.selectFrom('notices').select('id').where('user_id', '=', built.studentId).execute();
    assert.equal(notices.length, 1);
    const outbox = await db.selectFrom('review_outbox').selectAll().where('submission_id', '=', built.id).execute();
    assert.equal(outbox.length, 1);
    const student = await db
      .selectFrom('users')
      .select('account')
      .where('id', '=', built.studentId)
      .executeTakeFirstOrThrow();
    // The SMS leaves after the answer (the outbox is drained beside it).
    const sms = () => apps.flatMap((a) => a.logs).filter((l) => l.msg === 'sms sent' && l.phone === student.account);
    await eventually(() => assert.ok(sms().length > 0, 'the SMS was sent'), 10_000);
    assert.equal(sms().length, 1);
    const audits = await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'submission')
      .where('entity_id', '=', built.id)
      .where('action', '=', 'submit')
      .where('actor_id', '=', reviewerId)
      .execute();
    assert.equal(audits.length, 1);
  });
});
