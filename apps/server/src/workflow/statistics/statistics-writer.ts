import { dayNumberOf, monthStartOf } from '@zikao/contract/statistics';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectKind } from '../../db/migrate.ts';
import type { Database, StatsMeasure } from '../../db/schema.ts';
import {
  addMeasures,
  type Fact,
  factSum,
  MEASURES,
  type Measures,
  measuresOf,
  plagiarismBinOf,
  scoreBinOf,
  TIME_BIN_MS,
  TIME_BINS,
  timeBinOf,
  zeroMeasures,
} from './statistics-measures.ts';

/** A roll-up row's key: span (1 day, 2 month), reviewer (0 everyone), bucket and the dimensions. */
type RollupKey = [
  span: 1 | 2,
  reviewerId: number,
  bucket: number,
  batchId: number,
  stage: Fact['stage'],
  major: string,
];

/** The roll-up rows a review counts in: its day and its month, for everyone and for its reviewer. */
function keysOf(fact: Fact): RollupKey[] {
  const dims = [fact.batch_id, fact.stage, fact.major_name] as const;
  return [
    [1, 0, fact.day, ...dims],
    [2, 0, fact.month, ...dims],
    [1, fact.reviewer_id, fact.day, ...dims],
    [2, fact.reviewer_id, fact.month, ...dims],
  ];
}

/** Whether two facts are equal; numbers compare by value (PostgreSQL hands some back as strings). */
const sameFact = (a: Fact, b: Fact) =>
  (Object.keys(a) as Array<keyof Fact>).every((key) => {
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) return x === y;
    return typeof x === 'number' || typeof y === 'number' ? Number(x) === Number(y) : x === y;
  });

/**
 * Keeps `stats_reviews` and `stats_rollup` (migration 017, adr/014) equal to the submitted reviews.
 * `refresh` runs inside the transaction of a review's submit, reopen or check: it derives the
 * submission's facts again, and moves the roll-up by the difference from the facts it had, so the
 * roll-up always sums exactly the facts there are. `rebuild` derives everything afresh, for data
 * written around the review service (the demo seeds, the benchmark).
 */
export class StatisticsWriter {
  private readonly db: Kysely<Database>;
  private readonly dialect: DialectKind;

  constructor(db: Kysely<Database>, dialect: DialectKind) {
    this.db = db;
    this.dialect = dialect;
  }

  /** Brings the statistics of these submissions' reviews up to date, in the caller's transaction. */
  async refresh(trx: Kysely<Database>, submissionIds: readonly number[]): Promise<void> {
    if (submissionIds.length === 0) return;
    const fresh = await derive(trx, submissionIds);
    const stored = (await trx
      .selectFrom('stats_reviews')
      .selectAll()
      .where('submission_id', 'in', submissionIds)
      .execute()) as Fact[];
    const freshById = new Map(fresh.map((fact) => [fact.review_id, fact]));
    const storedById = new Map(stored.map((fact) => [fact.review_id, fact]));
    const removed = stored.filter((fact) => {
      const now = freshById.get(fact.review_id);
      return !now || !sameFact(now, fact);
    });
    const added = fresh.filter((fact) => {
      const before = storedById.get(fact.review_id);
      return !before || !sameFact(before, fact);
    });
    if (removed.length === 0 && added.length === 0) return;

    const deltas = new Map<string, { key: RollupKey; measures: Measures }>();
    const move = (fact: Fact, sign: 1 | -1) => {
      const measures = measuresOf(fact);
      for (const key of keysOf(fact)) {
        const id = JSON.stringify(key);
        let delta = deltas.get(id);
        if (!delta) {
          delta = { key, measures: zeroMeasures() };
          deltas.set(id, delta);
        }
        addMeasures(delta.measures, measures, sign);
      }
    };
    for (const fact of removed) move(fact, -1);
    for (const fact of added) move(fact, 1);

    if (removed.length > 0) {
      await trx
        .deleteFrom('stats_reviews')
        .where(
          'review_id',
          'in',
          removed.map((fact) => fact.review_id),
        )
        .execute();
    }
    if (added.length > 0) await trx.insertInto('stats_reviews').values(added).execute();

    // In key order: two transactions moving the same rows lock them in the same order (no deadlock).
    const rows = [...deltas.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { key, measures }]) => ({
        span: key[0],
        reviewer_id: key[1],
        bucket: key[2],
        batch_id: key[3],
        stage: key[4],
        major_name: key[5],
        ...measures,
      }))
      .filter((row) => MEASURES.some((measure) => row[measure] !== 0));
    if (rows.length === 0) return;
    await trx
      .insertInto('stats_rollup')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(['span', 'reviewer_id', 'bucket', 'batch_id', 'stage', 'major_name'])
          .doUpdateSet(
            Object.fromEntries(
              MEASURES.map((measure) => [
                measure,
                sql<number>`${sql.ref(`stats_rollup.${measure}`)} + ${sql.ref(`excluded.${measure}`)}`,
              ]),
            ) as Record<StatsMeasure, RawBuilder<number>>,
          ),
      )
      .execute();
  }

  /** Derives every fact and roll-up row again from the reviews, in one transaction. */
  async rebuild(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stats_rollup').execute();
      await trx.deleteFrom('stats_reviews').execute();
      await insertAllFacts(trx, this.dialect);
      await rollUpAllFacts(trx);
    });
  }
}

/** The facts of these submissions' submitted reviews, as they are now. */
async function derive(db: Kysely<Database>, submissionIds: readonly number[]): Promise<Fact[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('submissions as s', 's.id', 'r.submission_id')
    .leftJoin('submission_versions as v', (join) =>
      join.onRef('v.submission_id', '=', 'r.submission_id').onRef('v.version_no', '=', 'r.version_no'),
    )
    .select([
      'r.id',
      'r.submission_id',
      'r.reviewer_id',
      'r.version_no',
      'r.verdict',
      'r.score',
      'r.plagiarism_rate',
      'r.time_spent_ms',
      'r.submitted_at',
      's.batch_id',
      's.stage',
      's.major_name',
      's.status',
      's.current_version',
      'v.plagiarism_rate as version_plagiarism_rate',
    ])
    .where('r.submission_id', 'in', submissionIds)
    .where('r.state', '=', 'submitted')
    .where('r.submitted_at', 'is not', null)
    .where('r.verdict', 'is not', null)
    .execute();
  return rows.map((row): Fact => {
    const reviewedAt = Number(row.submitted_at);
    const day = dayNumberOf(reviewedAt);
    const score = row.score === null ? null : Number(row.score);
    const rate = row.plagiarism_rate ?? row.version_plagiarism_rate;
    const awaiting = row.status === 'awaiting_check' && row.version_no === row.current_version;
    return {
      review_id: row.id,
      submission_id: row.submission_id,
      reviewer_id: row.reviewer_id,
      batch_id: row.batch_id,
      stage: row.stage,
      major_name: row.major_name,
      reviewed_at: reviewedAt,
      day,
      month: monthStartOf(day),
      outcome: awaiting ? 'awaiting' : (row.verdict ?? 'fail'),
      score,
      score_milli: score === null ? null : Math.round(score * 1000),
      score_bin: score === null ? null : scoreBinOf(score),
      plagiarism_rate: rate === null ? null : Number(rate),
      plagiarism_bin: rate === null ? null : plagiarismBinOf(Number(rate)),
      time_spent_ms: Number(row.time_spent_ms),
      time_bin: timeBinOf(Number(row.time_spent_ms)),
    };
  });
}

const floorInt = (dialect: DialectKind, expression: string) =>
  dialect === 'sqlite' ? `cast(${expression} as integer)` : `cast(floor(${expression}) as integer)`;

/** Every submitted review's fact, in one statement (the same derivation as `derive`). */
async function insertAllFacts(db: Kysely<Database>, dialect: DialectKind): Promise<void> {
  const day = '((r.submitted_at + 28800000) / 86400000)';
  const month =
    dialect === 'sqlite'
      ? `cast(unixepoch(date(${day} * 86400, 'unixepoch', 'start of month')) / 86400 as integer)`
      : `(cast(date_trunc('month', cast(date '1970-01-01' + cast(${day} as integer) as timestamp)) as date) - date '1970-01-01')`;
  const rate = 'coalesce(r.plagiarism_rate, v.plagiarism_rate)';
  const bin = (value: string) =>
    `case when ${value} is null then null when ${value} >= 100 then 19 else ${floorInt(dialect, `${value} / 5`)} end`;
  await sql
    .raw(`insert into stats_reviews (review_id, submission_id, reviewer_id, batch_id, stage, major_name,
      reviewed_at, day, month, outcome, score, score_milli, score_bin, plagiarism_rate, plagiarism_bin, time_spent_ms,
      time_bin)
    select r.id, r.submission_id, r.reviewer_id, s.batch_id, s.stage, s.major_name, r.submitted_at, ${day}, ${month},
      case when s.status = 'awaiting_check' and r.version_no = s.current_version then 'awaiting' else r.verdict end,
      r.score, cast(round(r.score * 1000) as bigint), ${bin('r.score')}, ${rate}, ${bin(rate)}, r.time_spent_ms,
      case when r.time_spent_ms >= ${(TIME_BINS - 1) * TIME_BIN_MS} then ${TIME_BINS - 1} else r.time_spent_ms / ${TIME_BIN_MS} end
    from reviews r
    join submissions s on s.id = r.submission_id
    left join submission_versions v on v.submission_id = r.submission_id and v.version_no = r.version_no
    where r.state = 'submitted' and r.submitted_at is not null and r.verdict is not null`)
    .execute(db);
}

/** The roll-up of every fact: by day and by month, for everyone and per reviewer. */
async function rollUpAllFacts(db: Kysely<Database>): Promise<void> {
  const sums = sql.join(MEASURES.map((measure) => factSum(measure)));
  const columns = sql.join(
    ['span', 'reviewer_id', 'bucket', 'batch_id', 'stage', 'major_name', ...MEASURES].map((c) => sql.ref(c)),
  );
  await sql`insert into stats_rollup (${columns})
    select 1, 0, day, batch_id, stage, major_name, ${sums} from stats_reviews group by day, batch_id, stage, major_name`.execute(
    db,
  );
  await sql`insert into stats_rollup (${columns})
    select 2, 0, month, batch_id, stage, major_name, ${sums} from stats_reviews group by month, batch_id, stage, major_name`.execute(
    db,
  );
  await sql`insert into stats_rollup (${columns})
    select 1, reviewer_id, day, batch_id, stage, major_name, ${sums} from stats_reviews
    group by reviewer_id, day, batch_id, stage, major_name`.execute(db);
  await sql`insert into stats_rollup (${columns})
    select 2, reviewer_id, month, batch_id, stage, major_name, ${sums} from stats_reviews
    group by reviewer_id, month, batch_id, stage, major_name`.execute(db);
}
