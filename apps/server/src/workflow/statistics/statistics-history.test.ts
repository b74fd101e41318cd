import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseBatchRules, type Stage } from '@zikao/contract';
import { dayNumberOf, dayOfIsoDate, isoDateOf, type StatisticsOverview } from '@zikao/contract/statistics';
import type { Kysely } from 'kysely';
import { backfill } from '../../db/migrations/017-statistics.ts';
import { seedStatisticsDemo } from '../../seed/statistics-demo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { factsSnapshot, overviewOf, rollupSnapshot, userIdOf, workloadOf } from './statistics.test-kit.ts';
import { StatisticsWriter } from './statistics-writer.ts';

/** A submitted review as a person would count it, read straight from the workflow's tables. */
interface Counted {
  reviewerId: number;
  batchId: number;
  stage: Stage;
  major: string;
  day: number;
  outcome: string;
  score: number | null;
  rate: number | null;
  minutes: number;
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2;
};

/**
 * The demo history (several hundred reviews over two years) counted by the statistics and counted by
 * hand from the reviews themselves must agree, for any period: whole months, days at either end,
 * one day, all time; for everyone, one reviewer, and each reviewer of the workload table.
 */
describe('statistics over the demo history agree with a count by hand', () => {
  let app: TestApp;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;
  let counted: Counted[];
  let thresholds: Map<number, number>;
  let today: number;

  before(async () => {
    app = await createTestApp();
    const seeded = await seedStatisticsDemo({
      db: app.database.db,
      statistics: new StatisticsWriter(app.database.db, app.database.dialect),
    });
    assert.ok(seeded.reviews >= 300, `${seeded.reviews} reviews seeded`);
    admin = await app.login('13800000004');
    reviewer = await app.login('13800000003');
    reviewerId = await userIdOf(app, '13800000003');
    today = dayNumberOf(Date.now());
    const rows = await app.database.db
      .selectFrom('reviews as r')
      .innerJoin('submissions as s', 's.id', 'r.submission_id')
      .innerJoin('submission_versions as v', (join) =>
        join.onRef('v.submission_id', '=', 'r.submission_id').onRef('v.version_no', '=', 'r.version_no'),
      )
      .select([
        'r.reviewer_id',
        's.batch_id',
        's.stage',
        's.major_name',
        'r.submitted_at',
        'r.verdict',
        's.status',
        'r.version_no',
        's.current_version',
        'r.score',
        'r.plagiarism_rate',
        'v.plagiarism_rate as version_rate',
        'r.time_spent_ms',
      ])
      .where('r.state', '=', 'submitted')
      .execute();
    counted = rows.map((row) => ({
      reviewerId: row.reviewer_id,
      batchId: row.batch_id,
      stage: row.stage,
      major: row.major_name,
      day: Math.floor((Number(row.submitted_at) + 8 * 3_600_000) / 86_400_000),
      outcome:
        row.status === 'awaiting_check' && row.version_no === row.current_version ? 'awaiting' : String(row.verdict),
      score: row.score === null ? null : Number(row.score),
      rate: row.plagiarism_rate ?? (row.version_rate === null ? null : Number(row.version_rate)),
      minutes: Number(row.time_spent_ms),
    }));
    const batches = await app.database.db.selectFrom('batches').select(['id', 'rules_json']).execute();
    thresholds = new Map(batches.map((b) => [b.id, parseBatchRules(b.rules_json).plagiarismThreshold]));
  });
  after(() => app.close());

  const within = (from: string | undefined, to: string | undefined) => (c: Counted) =>
    from === undefined || to === undefined || (c.day >= dayOfIsoDate(from) && c.day <= dayOfIsoDate(to));

  function expectMatch(overview: StatisticsOverview, rows: Counted[], what: string) {
    const decided = rows.filter((c) => c.outcome !== 'awaiting');
    const passed = decided.filter((c) => c.outcome === 'pass').length;
    const scored = decided.filter((c) => c.score !== null);
    const rated = rows.filter((c) => c.rate !== null);
    assert.equal(overview.cards.reviewed.value, rows.length, `${what}: reviewed`);
    assert.equal(overview.cards.passRate.value, decided.length ? passed / decided.length : null, `${what}: pass rate`);
    // To one decimal, from the scores' exact sum (in thousandths: the demo's scores have one decimal).
    const thousandths = scored.reduce((sum, c) => sum + Math.round((c.score ?? 0) * 1000), 0);
    const average = scored.length ? Math.round(thousandths / scored.length / 100) / 10 : null;
    assert.equal(overview.cards.averageScore.value, average, `${what}: average`);
    const middle = median(rows.map((c) => c.minutes));
    assert.equal(overview.cards.medianTimeMs.value, middle === null ? null : Math.round(middle), `${what}: median`);
    assert.equal(
      overview.trend.points.reduce((sum, p) => sum + p.reviewed, 0),
      rows.length,
      `${what}: the trend adds up`,
    );
    for (const row of overview.byStage) {
      assert.equal(row.reviewed, rows.filter((c) => c.stage === row.stage).length, `${what}: ${row.stage}`);
    }
    for (const row of overview.byMajor) {
      assert.equal(row.decided, decided.filter((c) => c.major === row.major).length, `${what}: ${row.major}`);
    }
    for (const bin of overview.scores.bins) {
      const inBin = scored.filter((c) => Math.min(19, Math.floor((c.score ?? 0) / 5)) * 5 === bin.from).length;
      assert.equal(bin.count, inBin, `${what}: scores from ${bin.from}`);
    }
    assert.equal(overview.plagiarism.total, rated.length, `${what}: rated`);
    const over = rated.filter((c) => (c.rate ?? 0) > (thresholds.get(c.batchId) ?? 30)).length;
    assert.equal(overview.plagiarism.overThreshold, over, `${what}: over the threshold`);
  }

  const periods = () => {
    const first = Math.min(...counted.map((c) => c.day));
    return [
      { what: 'all time' },
      { what: 'from mid-month to mid-month, months apart', from: isoDateOf(first + 17), to: isoDateOf(first + 140) },
      { what: 'one calendar month', from: `${isoDateOf(first + 31).slice(0, 8)}01`, to: null },
      { what: 'one day', from: isoDateOf(first + 60), to: isoDateOf(first + 60) },
      { what: 'the last 400 days', from: isoDateOf(today - 399), to: isoDateOf(today) },
    ].map((p) => {
      if (p.to !== null || !p.from) return p;
      const start = dayOfIsoDate(p.from);
      const next = new Date(start * 86_400_000);
      next.setUTCMonth(next.getUTCMonth() + 1);
      return { ...p, to: isoDateOf(next.getTime() / 86_400_000 - 1) };
    });
  };

  it('for everyone, over any period', async () => {
    for (const { what, from, to } of periods()) {
      const overview = await overviewOf(app, admin, from && to ? { from, to } : {});
      expectMatch(overview, counted.filter(within(from, to ?? undefined)), what);
    }
  });

  it('for one reviewer, and under the batch, stage and major filters', async () => {
    for (const { what, from, to } of periods()) {
      const range = from && to ? { from, to } : {};
      const mine = await overviewOf(app, reviewer, range);
      expectMatch(
        mine,
        counted.filter(within(from, to ?? undefined)).filter((c) => c.reviewerId === reviewerId),
        `mine, ${what}`,
      );
      const finals = await overviewOf(app, admin, { ...range, stage: 'final', major: '会计学' });
      expectMatch(
        finals,
        counted.filter(within(from, to ?? undefined)).filter((c) => c.stage === 'final' && c.major === '会计学'),
        `finals of 会计学, ${what}`,
      );
    }
    const batchId = counted[0]?.batchId ?? 0;
    expectMatch(
      await overviewOf(app, admin, { batchId }),
      counted.filter((c) => c.batchId === batchId),
      'one batch',
    );
  });

  it('in the workload table, reviewer by reviewer', async () => {
    for (const { what, from, to } of periods()) {
      const rows = counted.filter(within(from, to ?? undefined));
      const { list } = await workloadOf(app, admin, from && to ? { from, to } : {});
      const reviewers = new Set(rows.map((c) => c.reviewerId));
      assert.equal(list.filter((row) => row.reviewed > 0).length, reviewers.size, `${what}: reviewers`);
      for (const row of list.filter((r) => r.reviewed > 0)) {
        const theirs = rows.filter((c) => c.reviewerId === row.reviewerId);
        const decided = theirs.filter((c) => c.outcome !== 'awaiting');
        assert.equal(row.reviewed, theirs.length, `${what}: ${row.name}`);
        const middle = median(theirs.map((c) => c.minutes));
        assert.equal(row.medianTimeMs, middle === null ? null : Math.round(middle), `${what}: ${row.name} median`);
        const revised = decided.filter((c) => c.outcome === 'revise').length;
        assert.equal(
          row.returnedShare,
          decided.length ? revised / decided.length : null,
          `${what}: ${row.name} returned`,
        );
      }
    }
  });

  it('fills the statistics of an older database in its migration as a rebuild does', async () => {
    const rebuilt = { rollup: await rollupSnapshot(app), facts: await factsSnapshot(app) };
    await app.database.db.deleteFrom('stats_rollup').execute();
    await app.database.db.deleteFrom('stats_reviews').execute();
    await backfill(app.database.db as unknown as Kysely<unknown>, app.database.dialect);
    assert.deepEqual(await factsSnapshot(app), rebuilt.facts);
    assert.deepEqual(await rollupSnapshot(app), rebuilt.rollup);
  });
});
