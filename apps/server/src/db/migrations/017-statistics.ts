import { type Kysely, sql } from 'kysely';
import type { DialectKind, MigrationContext } from '../migrate.ts';

const SCORE_BINS = 20;
const PLAGIARISM_BINS = 20;
/** Review time in bins of 5 minutes, the last one from 3 hours on: a median's bin, then its exact value. */
const TIME_BINS = 37;
const TIME_BIN_MS = 300_000;

/**
 * Statistics at exam-board scale (issue 16, adr/014).
 *
 * `stats_reviews` holds one row per submitted review with what the statistics filter and count by
 * (reviewer, batch, stage, major, CST day and month, outcome, score, plagiarism rate, time spent),
 * so that a median and a threshold read one table through covering indexes. `stats_rollup` sums
 * those rows per CST day and per month, for everyone (`reviewer_id` 0) and per reviewer. The
 * review service keeps both in step in the transaction of each submit, reopen and check; this
 * migration fills them from the reviews already there.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stats_reviews')
    .addColumn('review_id', 'integer', (c) => c.primaryKey())
    .addColumn('submission_id', 'integer', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('major_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
    // Days since 1970-01-01 in China Standard Time; `month` is the day its month starts on.
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    // pass, revise or fail; awaiting while the verdict waits for the admin check (待复核).
    .addColumn('outcome', 'varchar(8)', (c) => c.notNull())
    .addColumn('score', 'real')
    // The score in thousandths, summed exactly as integers in the roll-up.
    .addColumn('score_milli', 'bigint')
    .addColumn('score_bin', 'integer')
    .addColumn('plagiarism_rate', 'real')
    .addColumn('plagiarism_bin', 'integer')
    .addColumn('time_spent_ms', 'bigint', (c) => c.notNull())
    .addColumn('time_bin', 'integer', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('stats_reviews').columns(columns).execute();
  await index('stats_reviews_submission_idx', ['submission_id']);
  // One reviewer's reviews, newest first (the workload table's rows open them).
  await index('stats_reviews_reviewer_time_at_idx', ['reviewer_id', 'reviewed_at']);
  // Medians: walked in time order, the filters read from the index itself.
  await index('stats_reviews_time_idx', ['time_spent_ms', 'day', 'batch_id', 'stage', 'major_name']);
  await index('stats_reviews_reviewer_time_idx', [
    'reviewer_id',
    'time_spent_ms',
    'day',
    'batch_id',
    'stage',
    'major_name',
  ]);
  // Rates above a batch's threshold.
  await index('stats_reviews_plagiarism_idx', [
    'batch_id',
    'plagiarism_rate',
    'day',
    'stage',
    'major_name',
    'reviewer_id',
  ]);

  let rollup = db.schema
    .createTable('stats_rollup')
    // 1: a day, 2: a month.
    .addColumn('span', 'integer', (c) => c.notNull())
    // 0 sums every reviewer.
    .addColumn('reviewer_id', 'integer', (c) => c.notNull())
    // The day, or the first day of the month.
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('major_name', 'varchar(200)', (c) => c.notNull());
  for (const column of MEASURES) {
    rollup = rollup.addColumn(column, column === 'score_milli' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0));
  }
  rollup = rollup.addPrimaryKeyConstraint('stats_rollup_pk', [
    'span',
    'reviewer_id',
    'bucket',
    'batch_id',
    'stage',
    'major_name',
  ]);
  // Clustered by its key on SQLite: a period is one contiguous range of rows.
  await (dialect === 'sqlite' ? rollup.modifyEnd(sql`without rowid`) : rollup).execute();
  // Each reviewer's rows of a few days, for the workload table.
  await db.schema
    .createIndex('stats_rollup_bucket_idx')
    .on('stats_rollup')
    .columns(['span', 'bucket', 'reviewer_id'])
    .execute();

  // 待评阅 under the filters: a range of the pending statuses by arrival, read from the index alone.
  await db.schema
    .createIndex('submissions_pending_stats_idx')
    .on('submissions')
    .columns(['status', 'submitted_at', 'reviewer_id', 'batch_id', 'stage', 'major_name'])
    .execute();

  await backfill(db, dialect);
}

const MEASURES = [
  'reviewed',
  'awaiting',
  'passed',
  'revised',
  'failed',
  'scored',
  'score_milli',
  'rated',
  ...Array.from({ length: SCORE_BINS }, (_, i) => `s${i}`),
  ...Array.from({ length: PLAGIARISM_BINS }, (_, i) => `p${i}`),
  ...Array.from({ length: TIME_BINS }, (_, i) => `t${i}`),
];

const floorInt = (dialect: DialectKind, expression: string) =>
  dialect === 'sqlite' ? `cast(${expression} as integer)` : `cast(floor(${expression}) as integer)`;

/** The statistics of the reviews already submitted (a database older than this migration). */
export async function backfill(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  const day = '((r.submitted_at + 28800000) / 86400000)';
  const month =
    dialect === 'sqlite'
      ? `cast(unixepoch(date(${day} * 86400, 'unixepoch', 'start of month')) / 86400 as integer)`
      : `(cast(date_trunc('month', cast(date '1970-01-01' + cast(${day} as integer) as timestamp)) as date) - date '1970-01-01')`;
  const score = 'r.score';
  const rate = 'coalesce(r.plagiarism_rate, v.plagiarism_rate)';
  await sql
    .raw(`insert into stats_reviews (review_id, submission_id, reviewer_id, batch_id, stage, major_name,
      reviewed_at, day, month, outcome, score, score_milli, score_bin, plagiarism_rate, plagiarism_bin, time_spent_ms,
      time_bin)
    select r.id, r.submission_id, r.reviewer_id, s.batch_id, s.stage, s.major_name, r.submitted_at,
      ${day}, ${month},
      case when s.status = 'awaiting_check' and r.version_no = s.current_version then 'awaiting' else r.verdict end,
      ${score}, cast(round(${score} * 1000) as bigint),
      case when ${score} is null then null when ${score} >= 100 then ${SCORE_BINS - 1} else ${floorInt(dialect, `${score} / 5`)} end,
      ${rate},
      case when ${rate} is null then null when ${rate} >= 100 then ${PLAGIARISM_BINS - 1} else ${floorInt(dialect, `${rate} / 5`)} end,
      r.time_spent_ms,
      case when r.time_spent_ms >= ${(TIME_BINS - 1) * TIME_BIN_MS} then ${TIME_BINS - 1} else r.time_spent_ms / ${TIME_BIN_MS} end
    from reviews r
    join submissions s on s.id = r.submission_id
    left join submission_versions v on v.submission_id = r.submission_id and v.version_no = r.version_no
    where r.state = 'submitted' and r.submitted_at is not null and r.verdict is not null`)
    .execute(db);
  const final = "outcome <> 'awaiting'";
  const sums = [
    'count(*)',
    "sum(case when outcome = 'awaiting' then 1 else 0 end)",
    "sum(case when outcome = 'pass' then 1 else 0 end)",
    "sum(case when outcome = 'revise' then 1 else 0 end)",
    "sum(case when outcome = 'fail' then 1 else 0 end)",
    `sum(case when ${final} and score is not null then 1 else 0 end)`,
    `sum(case when ${final} and score is not null then score_milli else 0 end)`,
    'sum(case when plagiarism_rate is not null then 1 else 0 end)',
    ...Array.from({ length: SCORE_BINS }, (_, i) => `sum(case when ${final} and score_bin = ${i} then 1 else 0 end)`),
    ...Array.from({ length: PLAGIARISM_BINS }, (_, i) => `sum(case when plagiarism_bin = ${i} then 1 else 0 end)`),
    ...Array.from({ length: TIME_BINS }, (_, i) => `sum(case when time_bin = ${i} then 1 else 0 end)`),
  ].join(', ');
  const columns = `span, reviewer_id, bucket, batch_id, stage, major_name, ${MEASURES.join(', ')}`;
  for (const [span, reviewer, bucket] of [
    [1, '0', 'day'],
    [2, '0', 'month'],
    [1, 'reviewer_id', 'day'],
    [2, 'reviewer_id', 'month'],
  ] as const) {
    await sql
      .raw(`insert into stats_rollup (${columns})
      select ${span}, ${reviewer}, ${bucket}, batch_id, stage, major_name, ${sums}
      from stats_reviews group by ${reviewer === '0' ? '' : 'reviewer_id, '}${bucket}, batch_id, stage, major_name`)
      .execute(db);
  }
}
