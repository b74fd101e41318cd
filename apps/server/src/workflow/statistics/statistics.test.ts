import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, signParams } from '@zikao/contract';
import { dayNumberOf, isoDateOf, type StatisticsOptions } from '@zikao/contract/statistics';
import ExcelJS from 'exceljs';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { itemsOf, overviewCall, overviewOf, submitReview, userIdOf, workloadOf } from './statistics.test-kit.ts';

const MINUTE = 60_000;

/**
 * Who sees what on 数据统计, and the figures of a small batch reviewed through the API: two reviewers,
 * each with their own reviews, one paper still waiting.
 */
describe('statistics: who sees what, and the figures', () => {
  let app: TestApp;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;
  let other: { id: number; token: string; name: string };
  let batchId: number;
  const today = isoDateOf(dayNumberOf(Date.now()));

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    reviewer = await app.login('13800000003');
    reviewerId = await userIdOf(app, '13800000003');
    const built = await buildUser(app, { role: Role.reviewer, name: '周评阅' });
    other = { id: built.id, token: await app.login(built.account), name: '周评阅' };
    batchId = await buildBatch(app, { plagiarismThreshold: 30 });

    const assigned = (stage: 'topic' | 'draft' | 'final', id: number, majorName = '汉语言文学') =>
      buildSubmission(app, { batchId, stage, status: 'assigned', reviewerId: id, majorName });
    // The demo reviewer: a topic passed, a topic returned, a final passed at 85 (plagiarism 35%), one waiting.
    const [t1, t2, f1] = await Promise.all([
      assigned('topic', reviewerId),
      assigned('topic', reviewerId),
      assigned('final', reviewerId),
    ]);
    await assigned('draft', reviewerId);
    await submitReview(app, reviewer, { submissionId: t1.id, verdict: 'pass', minutes: 10 });
    await submitReview(app, reviewer, { submissionId: t2.id, verdict: 'revise', minutes: 40 });
    await submitReview(app, reviewer, {
      submissionId: f1.id,
      verdict: 'pass',
      score: 85,
      plagiarismRate: 35,
      minutes: 20,
    });
    // The other reviewer, another major: a draft failed, a final failed at 52 (plagiarism 10%).
    const [d2, f2] = await Promise.all([
      assigned('draft', other.id, '行政管理'),
      assigned('final', other.id, '行政管理'),
    ]);
    await submitReview(app, other.token, { submissionId: d2.id, verdict: 'fail', minutes: 30 });
    await submitReview(app, other.token, {
      submissionId: f2.id,
      verdict: 'fail',
      score: 52,
      plagiarismRate: 10,
      minutes: 50,
    });
  });
  after(() => app.close());

  it('gives a reviewer their own figures only', async () => {
    const mine = await overviewOf(app, reviewer, { batchId });
    assert.deepEqual(mine.reviewer, { id: reviewerId, name: '陈评阅' });
    assert.equal(mine.period, null);
    assert.equal(mine.cards.reviewed.value, 3);
    assert.equal(mine.cards.pending.value, 1);
    assert.equal(mine.cards.passRate.value, 2 / 3);
    assert.equal(mine.cards.averageScore.value, 85);
    assert.equal(mine.cards.medianTimeMs.value, 20 * MINUTE);
    assert.deepEqual(
      mine.byStage.filter((row) => row.reviewed > 0).map((row) => [row.stage, row.passed, row.revised, row.failed]),
      [
        ['topic', 1, 1, 0],
        ['final', 1, 0, 0],
      ],
    );
    assert.deepEqual(
      mine.scores.bins.filter((bin) => bin.count > 0).map((bin) => [bin.from, bin.to, bin.grade, bin.count]),
      [[85, 90, '良好', 1]],
    );
    assert.deepEqual(mine.byMajor, [{ major: '汉语言文学', decided: 3, passed: 2, passRate: 2 / 3 }]);
    assert.equal(mine.plagiarism.total, 1);
    assert.equal(mine.plagiarism.overThreshold, 1);
    assert.equal(mine.plagiarism.threshold, 30);
    assert.equal(mine.plagiarism.bins.find((bin) => bin.count > 0)?.from, 35);
  });

  it('refuses a reviewer another reviewer’s figures and the admin’s calls (1030003)', async () => {
    const refused = await overviewCall(app, reviewer, { batchId, reviewerId: other.id });
    assert.equal(refused.body.errorCode, ErrorCode.forbidden);
    assert.equal(refused.body.data, null);
    const own = await overviewCall(app, reviewer, { batchId, reviewerId });
    assert.equal(own.body.errorCode, 0, 'naming oneself is fine');
    for (const path of ['/api/v1/statistics/workload', '/api/v1/statistics/reviewerItems']) {
      const call = await app.post(path, { reviewerId: other.id, kind: 'reviewed' }, { token: reviewer });
      assert.equal(call.body.errorCode, ErrorCode.forbidden, path);
    }
    const teacher = await app.login('13800000002');
    assert.equal((await overviewCall(app, teacher, {})).body.errorCode, ErrorCode.forbidden);
  });

  it('gives an admin everyone’s figures, one reviewer’s, and the workload table', async () => {
    const all = await overviewOf(app, admin, { batchId });
    assert.equal(all.reviewer, null);
    assert.equal(all.cards.reviewed.value, 5);
    assert.equal(all.cards.pending.value, 1);
    assert.equal(all.cards.passRate.value, 2 / 5);
    assert.equal(all.cards.averageScore.value, 68.5);
    assert.equal(all.cards.medianTimeMs.value, 30 * MINUTE);
    assert.equal(all.plagiarism.total, 2);
    assert.equal(all.plagiarism.overThreshold, 1);
    assert.deepEqual(
      all.byMajor.map((row) => [row.major, row.decided, row.passed]),
      [
        ['汉语言文学', 3, 2],
        ['行政管理', 2, 0],
      ],
    );

    const theirs = await overviewOf(app, admin, { batchId, reviewerId: other.id });
    assert.deepEqual(theirs.reviewer, { id: other.id, name: other.name });
    assert.equal(theirs.cards.reviewed.value, 2);
    assert.equal(theirs.cards.pending.value, 0);
    assert.equal(theirs.cards.averageScore.value, 52);
    assert.equal(theirs.cards.medianTimeMs.value, 40 * MINUTE, 'the mean of the two middle values');

    const { list } = await workloadOf(app, admin, { batchId });
    assert.deepEqual(
      list.map((row) => [row.name, row.assigned, row.reviewed, row.pending, row.medianTimeMs, row.averageScore]),
      [
        ['陈评阅', 4, 3, 1, 20 * MINUTE, 85],
        ['周评阅', 2, 2, 0, 40 * MINUTE, 52],
      ],
    );
    assert.equal(list[0]?.returnedShare, 1 / 3);
    assert.equal(list[1]?.returnedShare, 0);

    const unknown = await overviewCall(app, admin, { batchId, reviewerId: 987654 });
    assert.equal(unknown.body.errorCode, ErrorCode.notFound);
  });

  it('lists a reviewer’s waiting and reviewed papers for the admin', async () => {
    const waiting = await itemsOf(app, admin, { batchId, reviewerId, kind: 'pending' });
    assert.equal(waiting.total, 1);
    assert.equal(waiting.list[0]?.stage, 'draft');
    const reviewed = await itemsOf(app, admin, { batchId, reviewerId, kind: 'reviewed', pageSize: 2 });
    assert.equal(reviewed.total, 3);
    assert.equal(reviewed.list.length, 2);
    assert.ok(reviewed.list.every((item) => item.outcome !== null && item.title.length > 0));
  });

  it('counts a period and compares it with the one before, of the same length', async () => {
    const week = await overviewOf(app, admin, { batchId, from: isoDateOf(dayNumberOf(Date.now()) - 6), to: today });
    assert.equal(week.period?.days, 7);
    assert.equal(week.previous?.to, isoDateOf(dayNumberOf(Date.now()) - 7));
    assert.equal(week.cards.reviewed.value, 5);
    assert.equal(week.cards.reviewed.previous, 0);
    assert.equal(week.cards.passRate.previous, null, 'no verdicts before: no rate');
    assert.equal(week.trend.unit, 'day');
    assert.equal(week.trend.points.length, 7);
    assert.equal(week.trend.points.at(-1)?.date, today);
    assert.equal(week.trend.points.at(-1)?.reviewed, 5);

    const lastYear = await overviewOf(app, admin, { batchId, from: '2025-01-01', to: '2025-12-31' });
    assert.equal(lastYear.cards.reviewed.value, 0);
    assert.equal(lastYear.cards.medianTimeMs.value, null);
    assert.equal(lastYear.trend.unit, 'month');
    assert.equal(lastYear.trend.points.length, 12);
  });

  it('checks the filters with clear messages', async () => {
    const half = await overviewCall(app, admin, { from: '2026-01-01' });
    assert.equal(half.body.errorCode, ErrorCode.invalidInput);
    assert.match(half.body.errorMsg, /开始日期和结束日期须同时填写/);
    const reversed = await overviewCall(app, admin, { from: '2026-02-01', to: '2026-01-01' });
    assert.match(reversed.body.errorMsg, /开始日期不能晚于结束日期/);
    const bad = await overviewCall(app, admin, { from: '2026-02-30', to: '2026-03-01' });
    assert.match(bad.body.errorMsg, /不是有效的日期/);
    const stage = await overviewCall(app, admin, { stage: 'essay' });
    assert.match(stage.body.errorMsg, /阶段/);
  });

  it('offers batches with their periods, and reviewers and majors to admins only', async () => {
    const forAdmin = await app.post<StatisticsOptions>('/api/v1/statistics/options', {}, { token: admin });
    assert.equal(forAdmin.body.errorCode, 0, forAdmin.body.errorMsg);
    assert.equal(forAdmin.body.data.everyone, true);
    assert.equal(forAdmin.body.data.today, today);
    const batch = forAdmin.body.data.batches.find((b) => b.id === batchId);
    assert.deepEqual(batch && [batch.to, batch.plagiarismThreshold], [today, 30]);
    assert.ok(forAdmin.body.data.reviewers.some((r) => r.id === other.id));
    assert.deepEqual(
      ['汉语言文学', '行政管理'].filter((m) => forAdmin.body.data.majors.includes(m)),
      ['汉语言文学', '行政管理'],
    );
    const forReviewer = await app.post<StatisticsOptions>('/api/v1/statistics/options', {}, { token: reviewer });
    assert.equal(forReviewer.body.data.everyone, false);
    assert.deepEqual(forReviewer.body.data.reviewers, []);
    assert.deepEqual(forReviewer.body.data.majors, []);
    assert.deepEqual(forReviewer.body.data.self, { id: reviewerId, name: '陈评阅' });
  });

  it('exports every chart and, for admins, the workload table as .xlsx with the server’s file name', async () => {
    const read = async (token: string) => {
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/v1/statistics/overview',
        payload: signed({ batchId, export: 1 }),
        headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
      });
      assert.equal(response.statusCode, 200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return { workbook, disposition: String(response.headers['content-disposition']) };
    };
    const forAdmin = await read(admin);
    assert.match(decodeURIComponent(forAdmin.disposition), /filename\*=UTF-8''评阅统计-\d{8}\.xlsx/);
    assert.deepEqual(
      forAdmin.workbook.worksheets.map((sheet) => sheet.name),
      ['概览', '每月评阅量', '各阶段评阅结论', '成绩分布', '各专业通过率', '查重率分布', '评阅教师工作量'],
    );
    const table = forAdmin.workbook.getWorksheet('评阅教师工作量');
    const first = table?.getRow(2);
    assert.deepEqual(
      [1, 2, 3, 4].map((column) => first?.getCell(column).value),
      ['陈评阅', 4, 3, 1],
    );
    assert.equal(reviewedCell(forAdmin.workbook), 5);
    const forReviewer = await read(reviewer);
    assert.equal(forReviewer.workbook.getWorksheet('评阅教师工作量'), undefined, 'no table for a reviewer');
    assert.equal(reviewedCell(forReviewer.workbook), 3);
  });
});

/** The 已评阅 figure on the summary sheet. */
function reviewedCell(workbook: ExcelJS.Workbook): unknown {
  let value: unknown;
  workbook.getWorksheet('概览')?.eachRow((row) => {
    if (row.getCell(1).value === '已评阅（篇）') value = row.getCell(2).value;
  });
  return value;
}

function signed(body: Record<string, unknown>) {
  const t = Date.now();
  return { ...body, t, sig: signParams(body, t) };
}
