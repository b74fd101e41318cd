import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type SubmissionStatus } from '@zikao/contract';
import { ConsoleApiPath } from '@zikao/contract/console';
import { type AdminHome, HOME_QUEUE_LIMIT, REVIEW_DUE_DAYS, type ReviewerHome } from '@zikao/contract/home';
import { buildBatch, buildSubmission, buildThesis, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DAY = 86_400_000;
const COMMENT = '论文结构完整，论证基本充分，语言表达较为规范，参考文献格式需要统一，同意通过本阶段评阅。'.repeat(2);

/**
 * When a submission was submitted and when it was assigned, some days ago: the submission's own
 * time, and an assignment in the audit trail as the assignment call leaves it.
 */
async function waitingSince(app: TestApp, submissionId: number, days: { submitted: number; assigned?: number }) {
  const now = Date.now();
  await app.database.db
    .updateTable('submissions')
    .set({ submitted_at: now - days.submitted * DAY })
    .where('id', '=', submissionId)
    .execute();
  if (days.assigned === undefined) return;
  await app.database.db
    .insertInto('audit_log')
    .values({
      actor_id: null,
      action: 'assign',
      entity: 'submission',
      entity_id: submissionId,
      from_status: 'unassigned',
      to_status: 'assigned',
      reason: '',
      detail_json: '{}',
      created_at: now - days.assigned * DAY,
    })
    .execute();
}

async function home<T>(app: TestApp, which: 'reviewer' | 'admin', token: string): Promise<T> {
  const response = await app.post<T>(`/api/v1/home/${which}`, {}, { token });
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data;
}

describe('the reviewer home', () => {
  let app: TestApp;
  let reviewerA: { id: number; token: string };
  let reviewerB: { id: number; token: string };
  let adminToken: string;
  let batchId: number;
  let blindBatchId: number;

  before(async () => {
    app = await createTestApp();
    const a = await buildUser(app, { role: Role.reviewer, name: '甲评阅' });
    const b = await buildUser(app, { role: Role.reviewer, name: '乙评阅' });
    reviewerA = { id: a.id, token: await app.login(a.account) };
    reviewerB = { id: b.id, token: await app.login(b.account) };
    adminToken = await app.login('13800000004');
    batchId = await buildBatch(app, {}, '2026年下半年（测试）');
    blindBatchId = await buildBatch(app, { blindReview: true }, '2026年上半年（盲审测试）');
  });
  after(() => app.close());

  it('answers a reviewer about their own assignments only, oldest first, overdue marked, the candidate masked where blind', async () => {
    const build = (
      stage: 'topic' | 'plan' | 'draft' | 'final',
      status: SubmissionStatus,
      reviewerId: number,
      blind = false,
    ) => buildSubmission(app, { batchId: blind ? blindBatchId : batchId, stage, status, reviewerId });
    const draft = await build('draft', 'assigned', reviewerA.id);
    await waitingSince(app, draft.id, { submitted: 10, assigned: 9 });
    const topic = await build('topic', 'reviewing', reviewerA.id, true);
    await waitingSince(app, topic.id, { submitted: 3, assigned: 3 });
    const final = await build('final', 'assigned', reviewerA.id);
    await waitingSince(app, final.id, { submitted: 30, assigned: REVIEW_DUE_DAYS + 6 });
    // Submitted long ago but reassigned yesterday: the reviewer's clock starts at the assignment.
    const plan = await build('plan', 'assigned', reviewerA.id);
    await waitingSince(app, plan.id, { submitted: 30, assigned: REVIEW_DUE_DAYS + 10 });
    await waitingSince(app, plan.id, { submitted: 30, assigned: 1 });
    const done = await build('draft', 'passed', reviewerA.id);
    const others = await build('draft', 'assigned', reviewerB.id);
    await waitingSince(app, others.id, { submitted: 40, assigned: 40 });

    const mine = await home<ReviewerHome>(app, 'reviewer', reviewerA.token);
    assert.deepEqual(
      mine.queue.map((item) => item.submissionId),
      [final.id, draft.id, topic.id, plan.id],
      'the longest waiting first; nothing finished, nothing of another reviewer',
    );
    assert.equal(mine.waiting, 4);
    assert.equal(mine.overdue, 1);
    assert.equal(mine.dueDays, REVIEW_DUE_DAYS);
    const stage = (name: string) => mine.stages.find((row) => row.stage === name);
    assert.deepEqual(
      mine.stages.map((row) => row.stage),
      ['topic', 'plan', 'draft', 'final', 'retest'],
    );
    assert.deepEqual(stage('final'), { stage: 'final', assigned: 1, reviewing: 0, overdue: 1 });
    assert.deepEqual(stage('topic'), { stage: 'topic', assigned: 0, reviewing: 1, overdue: 0 });
    assert.deepEqual(stage('retest'), { stage: 'retest', assigned: 0, reviewing: 0, overdue: 0 });

    const byId = new Map(mine.queue.map((item) => [item.submissionId, item]));
    const overdueFinal = byId.get(final.id);
    assert.ok(overdueFinal?.overdue, 'assigned longer ago than the review period');
    assert.ok(Math.abs((overdueFinal?.assignedAt ?? 0) - (Date.now() - (REVIEW_DUE_DAYS + 6) * DAY)) < 60_000);
    assert.equal(overdueFinal?.dueAt, (overdueFinal?.assignedAt ?? 0) + REVIEW_DUE_DAYS * DAY);
    assert.equal(byId.get(plan.id)?.overdue, false, 'a fresh reassignment is not overdue');
    assert.equal(byId.get(draft.id)?.studentName, draft.studentName);
    assert.equal(byId.get(draft.id)?.batchName, '2026年下半年（测试）');
    assert.equal(byId.get(topic.id)?.studentName, '', 'blind review hides the candidate');
    assert.equal(byId.get(topic.id)?.blind, true);
    assert.equal(
      JSON.stringify(mine).includes(topic.studentName),
      false,
      'the blind candidate is nowhere in the answer',
    );
    assert.equal(byId.has(done.id), false);
    assert.equal(byId.has(others.id), false, "another reviewer's work is not included");

    const theirs = await home<ReviewerHome>(app, 'reviewer', reviewerB.token);
    assert.deepEqual(
      theirs.queue.map((item) => item.submissionId),
      [others.id],
    );
    assert.equal(theirs.overdue, 1);
  });

  it('shows a review an admin reopened, with the reason, until it is submitted again', async () => {
    const passed = await buildSubmission(app, { batchId, stage: 'draft', status: 'passed', reviewerId: reviewerA.id });
    await waitingSince(app, passed.id, { submitted: 5, assigned: 4 });
    const before = await home<ReviewerHome>(app, 'reviewer', reviewerA.token);
    assert.equal(
      before.reopened.some((item) => item.submissionId === passed.id),
      false,
    );
    const reason = '评语与结论不一致，请核对后重新评定';
    const reopen = await app.post('/api/v1/review/reopen', { submissionId: passed.id, reason }, { token: adminToken });
    assert.equal(reopen.body.errorCode, 0, reopen.body.errorMsg);

    const after = await home<ReviewerHome>(app, 'reviewer', reviewerA.token);
    const reopened = after.reopened.find((item) => item.submissionId === passed.id);
    assert.ok(reopened, 'the reopened review is listed');
    assert.equal(reopened.reopened?.reason, reason);
    assert.equal(reopened.status, 'reviewing');
    assert.equal(reopened.drafted, true, 'the reopened review is a draft again');
    assert.ok(Date.now() - reopened.assignedAt < 60_000, 'its clock restarts at the reopen');
    assert.equal(after.queue.find((item) => item.submissionId === passed.id)?.reopened?.reason, reason);
    assert.equal(after.waiting, before.waiting + 1);
    // Other waiting reviews are not "reopened".
    assert.deepEqual(
      after.reopened.map((item) => item.submissionId),
      [passed.id],
    );

    const submitted = await app.post(
      '/api/v1/review/submit',
      { submissionId: passed.id, versionNo: 1, verdict: 'pass', comment: COMMENT },
      { token: reviewerA.token },
    );
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    const done = await home<ReviewerHome>(app, 'reviewer', reviewerA.token);
    assert.equal(
      done.reopened.some((item) => item.submissionId === passed.id),
      false,
    );
    assert.equal(
      done.queue.some((item) => item.submissionId === passed.id),
      false,
    );
    assert.equal(done.reviewedThisWeek, after.reviewedThisWeek + 1);
  });

  it('starts the clock of a submission assigned through the assignment call now', async () => {
    const fresh = await buildSubmission(app, { batchId, stage: 'retest' });
    await waitingSince(app, fresh.id, { submitted: 25 });
    const assigned = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [fresh.id], reviewerId: reviewerA.id },
      { token: adminToken },
    );
    assert.equal(assigned.body.errorCode, 0, assigned.body.errorMsg);
    const mine = await home<ReviewerHome>(app, 'reviewer', reviewerA.token);
    const item = mine.queue.find((row) => row.submissionId === fresh.id);
    assert.ok(item);
    assert.equal(item.overdue, false);
    assert.ok(Date.now() - item.assignedAt < 60_000);
    assert.equal(mine.queue.at(-1)?.submissionId, fresh.id, 'the newest assignment comes last');
    assert.deepEqual(
      mine.stages.find((row) => row.stage === 'retest'),
      { stage: 'retest', assigned: 1, reviewing: 0, overdue: 0 },
    );
  });

  it('lists at most HOME_QUEUE_LIMIT rows, counts everything, and costs the same whatever the queue', async () => {
    const busy = await buildUser(app, { role: Role.reviewer });
    const busyToken = await app.login(busy.account);
    const quiet = await buildUser(app, { role: Role.reviewer });
    const quietToken = await app.login(quiet.account);
    const count = HOME_QUEUE_LIMIT + 3;
    const built: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const row = await buildSubmission(app, { batchId, stage: 'draft', status: 'assigned', reviewerId: busy.id });
      await waitingSince(app, row.id, { submitted: count - index + 1, assigned: count - index });
      built.push(row.id);
    }
    await buildSubmission(app, { batchId, stage: 'draft', status: 'assigned', reviewerId: quiet.id });

    const statementsOf = async (token: string) => {
      const before = app.database.changes.statements;
      const data = await home<ReviewerHome>(app, 'reviewer', token);
      return { data, statements: app.database.changes.statements - before };
    };
    // Warm both sessions first: the measured calls then differ in their queues alone.
    await home<ReviewerHome>(app, 'reviewer', busyToken);
    await home<ReviewerHome>(app, 'reviewer', quietToken);
    const busyHome = await statementsOf(busyToken);
    assert.equal(busyHome.data.queue.length, HOME_QUEUE_LIMIT);
    assert.equal(busyHome.data.waiting, count);
    assert.deepEqual(
      busyHome.data.queue.map((item) => item.submissionId),
      built.slice(0, HOME_QUEUE_LIMIT),
    );
    const quietHome = await statementsOf(quietToken);
    assert.equal(quietHome.data.queue.length, 1);
    assert.equal(busyHome.statements, quietHome.statements, 'a fixed number of statements');
  });

  it('is refused to teachers and candidates, and the admin home to reviewers', async () => {
    const teacher = await buildUser(app, { role: Role.teacher });
    const teacherToken = await app.login(teacher.account);
    assert.equal(
      (await app.post('/api/v1/home/reviewer', {}, { token: teacherToken })).body.errorCode,
      ErrorCode.forbidden,
    );
    const student = await buildUser(app, { role: Role.student, examNumber: '030199990001' });
    const studentToken = await app.login(student.account, undefined, 'student');
    assert.equal(
      (await app.post('/api/v1/home/reviewer', {}, { token: studentToken })).body.errorCode,
      ErrorCode.forbidden,
    );
    assert.equal(
      (await app.post('/api/v1/home/admin', {}, { token: reviewerA.token })).body.errorCode,
      ErrorCode.forbidden,
    );
    assert.equal((await app.post('/api/v1/home/reviewer', {})).body.errorCode, ErrorCode.notLoggedIn);
  });
});

describe('the admin home', () => {
  let app: TestApp;
  let adminToken: string;

  before(async () => {
    app = await createTestApp();
    adminToken = await app.login('13800000004');
  });
  after(() => app.close());

  it("shows the open batches' progress, unassigned work by stage, overdue reviews, 待复核 and who to chase", async () => {
    const a = await buildUser(app, { role: Role.reviewer, name: '甲评阅' });
    const b = await buildUser(app, { role: Role.reviewer, name: '乙评阅' });
    const checked = await buildBatch(app, { adminCheck: true }, '需复核批次');
    const blind = await buildBatch(app, { blindReview: true }, '盲审批次');
    const closed = await buildBatch(app, {}, '已关闭批次');
    await app.database.db.updateTable('batches').set({ status: 'closed' }).where('id', '=', closed).execute();

    const build = (
      batchId: number,
      stage: 'topic' | 'plan' | 'draft' | 'final' | 'retest',
      status: SubmissionStatus = 'unassigned',
      reviewerId?: number,
    ) => buildSubmission(app, { batchId, stage, status, ...(reviewerId ? { reviewerId } : {}) });
    await build(checked, 'draft');
    await build(checked, 'draft');
    await build(checked, 'topic');
    const lateDraft = await build(checked, 'draft', 'assigned', a.id);
    await waitingSince(app, lateDraft.id, { submitted: 22, assigned: 20 });
    const reviewingFinal = await build(checked, 'final', 'reviewing', a.id);
    await waitingSince(app, reviewingFinal.id, { submitted: 3, assigned: 2 });
    const check = await build(checked, 'final', 'awaiting_check', b.id);
    await build(checked, 'topic', 'passed', b.id);
    const latePlan = await build(blind, 'plan', 'assigned', b.id);
    await waitingSince(app, latePlan.id, { submitted: 17, assigned: 16 });
    await build(blind, 'draft', 'returned', a.id);
    await build(closed, 'retest');
    const lateTopic = await build(closed, 'topic', 'assigned', b.id);
    await waitingSince(app, lateTopic.id, { submitted: 31, assigned: 30 });

    const data = await home<AdminHome>(app, 'admin', adminToken);
    assert.deepEqual(data.totals, {
      submissions: 11,
      unassigned: 4,
      inReview: 4,
      overdue: 3,
      awaitingCheck: 1,
      released: 0,
    });
    assert.deepEqual(data.unassigned, [
      { stage: 'topic', count: 1 },
      { stage: 'plan', count: 0 },
      { stage: 'draft', count: 2 },
      { stage: 'final', count: 0 },
      { stage: 'retest', count: 1 },
    ]);

    // Open batches only, newest first: the seed's own batch is open and empty.
    assert.deepEqual(
      data.batches.map((batch) => batch.name),
      ['盲审批次', '需复核批次', '2026年下半年'],
    );
    const [blindProgress, checkProgress, seedBatch] = data.batches;
    assert.equal(checkProgress?.total, 7);
    assert.equal(checkProgress?.adminCheck, true);
    assert.equal(checkProgress?.overdue, 1);
    assert.deepEqual(
      Object.entries(checkProgress?.counts ?? {}).filter(([, n]) => n > 0),
      [
        ['unassigned', 3],
        ['assigned', 1],
        ['reviewing', 1],
        ['passed', 1],
        ['awaiting_check', 1],
      ],
    );
    assert.equal(blindProgress?.blindReview, true);
    assert.equal(blindProgress?.total, 2);
    assert.equal(blindProgress?.overdue, 1);
    assert.equal(seedBatch?.total, 0);

    assert.deepEqual(
      data.overdue.map((item) => [item.submissionId, item.reviewerName]),
      [
        [lateTopic.id, '乙评阅'],
        [lateDraft.id, '甲评阅'],
        [latePlan.id, '乙评阅'],
      ],
    );
    const first = data.overdue[0];
    assert.ok(first && first.dueAt === first.assignedAt + REVIEW_DUE_DAYS * DAY && first.dueAt < Date.now());

    assert.equal(data.awaitingCheck.length, 1);
    assert.equal(data.awaitingCheck[0]?.submissionId, check.id);
    assert.equal(data.awaitingCheck[0]?.verdict, 'pass');
    assert.equal(data.awaitingCheck[0]?.score, 85);
    assert.equal(data.awaitingCheck[0]?.reviewerName, '乙评阅');

    assert.deepEqual(
      data.reviewers.map((row) => [row.name, row.active, row.overdue]),
      [
        ['乙评阅', 2, 2],
        ['甲评阅', 2, 1],
      ],
    );
  });

  it('counts a batch’s theses as 批次管理 does, beside its submissions (issue 32 §3)', async () => {
    const batchId = await buildBatch(app, {}, '计数批次');
    // One candidate with three stages submitted, one thesis with nothing submitted yet.
    const first = await buildSubmission(app, { batchId, stage: 'topic' });
    const thesis = await app.database.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .select(['s.thesis_id', 't.student_id'])
      .where('s.id', '=', first.id)
      .executeTakeFirstOrThrow();
    for (const stage of ['plan', 'draft'] as const) {
      await app.submissions.createSubmission(thesis.student_id, thesis.thesis_id, stage, { documentId: null });
    }
    const other = await buildUser(app, { role: Role.student, name: '未提交考生' });
    await buildThesis(app, { batchId, studentId: other.id, majorName: '汉语言文学', title: '待定', advisor: '张导师' });

    const data = await home<AdminHome>(app, 'admin', adminToken);
    const progress = data.batches.find((batch) => batch.batchId === batchId);
    assert.equal(progress?.total, 3, 'three submissions');
    assert.equal(progress?.theses, 2, 'two theses');
    const listed = await app.post<{ list: Array<{ id: number; thesisCount: number; submissionCount: number }> }>(
      `/api${ConsoleApiPath.batchList}`,
      { page: 1, pageSize: 100 },
      { token: adminToken },
    );
    const row = listed.body.data.list.find((batch) => batch.id === batchId);
    assert.equal(row?.thesisCount, progress?.theses, '批次管理 and the home count the same theses');
    assert.equal(row?.submissionCount, progress?.total, 'and the same submissions');
  });
});
