import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role, type SubmissionStatus } from '@zikao/contract';
import type { StatisticsOverview } from '@zikao/contract/statistics';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLink, REVIEW_COMMENT, TEST_LINK_SECRET, viaLink } from '../review-link/review-link.test-kit.ts';
import {
  factsSnapshot,
  overviewOf,
  rollupSnapshot,
  submitReview,
  userIdOf,
  workloadOf,
} from './statistics.test-kit.ts';
import { StatisticsWriter } from './statistics-writer.ts';

const finalRow = (overview: StatisticsOverview) => overview.byStage.find((row) => row.stage === 'final');

/**
 * The statistics are exact after every write: the next call after a submit, a reopen or a check
 * shows it, whether it came through the review screen or a review link; and the roll-up kept up on
 * each write equals one derived afresh from the reviews.
 */
describe('statistics: every submit, reopen and check shows at once', () => {
  let app: TestApp;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
    reviewer = await app.login('13800000003');
    reviewerId = await userIdOf(app, '13800000003');
  });
  after(() => app.close());

  const reopen = async (submissionId: number) => {
    const response = await app.post(
      '/api/v1/review/reopen',
      { submissionId, reason: '评语与成绩不一致，请复核后重新提交' },
      { token: admin },
    );
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  };
  const check = async (submissionId: number) => {
    const response = await app.post<{ status: SubmissionStatus }>(
      '/api/v1/review/check',
      { submissionId },
      { token: admin },
    );
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  };

  it('a verdict waiting for 复核 counts as reviewed, not as a result, until the check; a reopen takes it back', async () => {
    const batchId = await buildBatch(app, { adminCheck: true });
    const built = await buildSubmission(app, { batchId, stage: 'final', status: 'assigned', reviewerId });
    const before = await overviewOf(app, admin, { batchId });
    assert.deepEqual([before.cards.reviewed.value, before.cards.pending.value], [0, 1]);

    assert.equal(
      await submitReview(app, reviewer, { submissionId: built.id, verdict: 'pass', score: 80, minutes: 30 }),
      'awaiting_check',
    );
    const waiting = await overviewOf(app, admin, { batchId });
    assert.deepEqual([waiting.cards.reviewed.value, waiting.cards.pending.value], [1, 0]);
    assert.deepEqual([finalRow(waiting)?.awaiting, finalRow(waiting)?.passed], [1, 0]);
    assert.equal(waiting.cards.passRate.value, null);
    assert.equal(waiting.cards.averageScore.value, null);
    assert.equal(waiting.cards.medianTimeMs.value, 30 * 60_000);

    await check(built.id);
    const checked = await overviewOf(app, admin, { batchId });
    assert.deepEqual([finalRow(checked)?.awaiting, finalRow(checked)?.passed], [0, 1]);
    assert.equal(checked.cards.passRate.value, 1);
    assert.equal(checked.cards.averageScore.value, 80);

    await reopen(built.id);
    const reopened = await overviewOf(app, admin, { batchId });
    assert.deepEqual([reopened.cards.reviewed.value, reopened.cards.pending.value], [0, 1]);
    assert.equal(reopened.cards.averageScore.value, null);
    assert.equal(reopened.cards.medianTimeMs.value, null);
    assert.equal((await overviewOf(app, reviewer, { batchId })).cards.pending.value, 1, 'the reviewer sees it waiting');

    await submitReview(app, reviewer, { submissionId: built.id, verdict: 'fail', score: 45, minutes: 50 });
    await check(built.id);
    const again = await overviewOf(app, admin, { batchId });
    assert.deepEqual([finalRow(again)?.passed, finalRow(again)?.failed], [0, 1]);
    assert.equal(again.cards.averageScore.value, 45);
    assert.equal(again.cards.medianTimeMs.value, 50 * 60_000, 'the time of the review as submitted last');
  });

  it('keeps a returned version in the history while the new version waits, then counts both', async () => {
    const batchId = await buildBatch(app);
    const student = await buildUser(app, { role: Role.student, name: '沈考生', examNumber: '030124990077' });
    const built = await buildSubmission(app, {
      batchId,
      stage: 'topic',
      status: 'assigned',
      reviewerId,
      studentId: student.id,
    });
    assert.equal(
      await submitReview(app, reviewer, { submissionId: built.id, verdict: 'revise', minutes: 12 }),
      'returned',
    );
    const returned = await overviewOf(app, reviewer, { batchId });
    assert.deepEqual([returned.cards.reviewed.value, returned.cards.pending.value], [1, 0]);

    const studentToken = await app.login(student.account, undefined, 'student');
    const resubmitted = await app.post(
      '/api/v1/submission/resubmit',
      {
        submissionId: built.id,
        structured: {
          title: built.title,
          rationale: '补充了研究背景',
          outline: '一、绪论',
          references: '[1] 参考文献',
        },
      },
      { token: studentToken },
    );
    assert.equal(resubmitted.body.errorCode, 0, resubmitted.body.errorMsg);
    const waiting = await overviewOf(app, reviewer, { batchId });
    assert.deepEqual([waiting.cards.reviewed.value, waiting.cards.pending.value], [1, 1]);

    await submitReview(app, reviewer, { submissionId: built.id, versionNo: 2, verdict: 'pass', minutes: 8 });
    const done = await overviewOf(app, reviewer, { batchId });
    assert.deepEqual([done.cards.reviewed.value, done.cards.pending.value], [2, 0]);
    assert.equal(done.cards.passRate.value, 1 / 2);
    assert.equal(done.cards.medianTimeMs.value, 10 * 60_000);
  });

  it('counts what an outside expert submits through a 评阅 link, and an admin’s check through a 复核 link', async () => {
    const batchId = await buildBatch(app, { adminCheck: true });
    const built = await buildSubmission(app, { batchId, stage: 'topic' });
    const link = await createLink(app, admin, {
      submissionId: built.id,
      purpose: 'review',
      label: '陈教授（北京师范大学）',
    });
    const submitted = await viaLink<{ status: SubmissionStatus }>(app, '/v1/review/submit', link.credential, {
      submissionId: built.id,
      versionNo: 1,
      verdict: 'pass',
      comment: REVIEW_COMMENT,
      timeSpentMs: 25 * 60_000,
    });
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    const waiting = await overviewOf(app, admin, { batchId });
    assert.equal(waiting.cards.reviewed.value, 1);
    assert.equal(waiting.byStage.find((row) => row.stage === 'topic')?.awaiting, 1);
    const table = await workloadOf(app, admin, { batchId });
    assert.deepEqual(
      table.list.map((row) => [row.name, row.reviewed]),
      [['陈教授（北京师范大学）', 1]],
    );

    const checkLink = await createLink(app, admin, { submissionId: built.id, purpose: 'check' });
    const checked = await viaLink(app, '/v1/review/check', checkLink.credential, { submissionId: built.id });
    assert.equal(checked.body.errorCode, 0, checked.body.errorMsg);
    const after = await overviewOf(app, admin, { batchId });
    assert.deepEqual(
      [after.byStage.find((row) => row.stage === 'topic')?.awaiting, after.cards.passRate.value],
      [0, 1],
    );
  });

  it('has kept a roll-up equal to one derived afresh from the reviews', async () => {
    const kept = { rollup: await rollupSnapshot(app), facts: await factsSnapshot(app) };
    assert.ok(kept.facts.length >= 4, `${kept.facts.length} facts`);
    await new StatisticsWriter(app.database.db, app.database.dialect).rebuild();
    assert.deepEqual(await factsSnapshot(app), kept.facts);
    assert.deepEqual(await rollupSnapshot(app), kept.rollup);
  });
});
