import type { Stage } from '@zikao/contract';
import { compareText } from '@zikao/contract/ordering';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectKind } from '../../db/migrate.ts';
import type { Database, StatsMeasure } from '../../db/schema.ts';
import {
  addMeasures,
  type Measures,
  TIME_BIN_MEASURES,
  TIME_BIN_MS,
  TIME_BINS,
  zeroMeasures,
} from './statistics-measures.ts';
import type { DayRange, Part } from './statistics-period.ts';

/** The filters on what a review is about. */
export interface Dimensions {
  batchId?: number | undefined;
  stage?: Stage | undefined;
  major?: string | undefined;
}

export type GroupKey = 'none' | 'bucket' | 'stage' | 'major' | 'reviewer' | 'batch';

const PENDING = ['assigned', 'reviewing'] as const;
/** Median lookups (UNION ALL branches) per statement; SQLite allows 500 in a compound select. */
const MEDIAN_LOOKUPS_PER_STATEMENT = 100;
const DAY_MS = 86_400_000;
const CST_OFFSET_MS = 8 * 3_600_000;

/** The instants a range of CST days covers: [from, toExclusive). */
export const instantsOf = (days: DayRange) => ({
  from: days.from * DAY_MS - CST_OFFSET_MS,
  toExclusive: (days.to + 1) * DAY_MS - CST_OFFSET_MS,
});

const KEYS: Record<GroupKey, RawBuilder<unknown>> = {
  none: sql`0`,
  bucket: sql.ref('bucket'),
  stage: sql.ref('stage'),
  major: sql.ref('major_name'),
  reviewer: sql.ref('reviewer_id'),
  batch: sql.ref('batch_id'),
};

function dimensionConditions(dims: Dimensions): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (dims.batchId !== undefined) conditions.push(sql`batch_id = ${dims.batchId}`);
  if (dims.stage !== undefined) conditions.push(sql`stage = ${dims.stage}`);
  if (dims.major !== undefined) conditions.push(sql`major_name = ${dims.major}`);
  return conditions;
}

/** The conditions on `stats_reviews` rows: whose, which days, and the dimensions. */
function factConditions(reviewer: number | null, days: DayRange | null, dims: Dimensions): RawBuilder<unknown> {
  const conditions = dimensionConditions(dims);
  if (reviewer !== null) conditions.unshift(sql`reviewer_id = ${reviewer}`);
  if (days) conditions.push(sql`day >= ${days.from}`, sql`day <= ${days.to}`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`1 = 1`;
}

/**
 * The statistics' reads (adr/014): sums over the roll-up, medians read from one time bin of the
 * facts, rates above a threshold, and 待评阅 from the submissions. Every statement is parameterised
 * and reads a bounded range: month rows for whole months, day rows for the days at a period's ends.
 */
export class StatisticsRepository {
  private readonly db: Kysely<Database>;
  private readonly dialect: DialectKind;

  constructor(db: Kysely<Database>, dialect: DialectKind) {
    this.db = db;
    this.dialect = dialect;
  }

  /** The measures summed over the parts, per group key (a single key 0 for 'none'). */
  async sums(
    parts: readonly Part[],
    dims: Dimensions,
    group: GroupKey,
    measures: readonly StatsMeasure[],
  ): Promise<Map<string, Measures>> {
    const results = await Promise.all(parts.map((part) => this.sumPart(part, dims, group, measures)));
    const merged = new Map<string, Measures>();
    for (const rows of results) {
      for (const row of rows) {
        const key = String(row.k);
        let into = merged.get(key);
        if (!into) {
          into = zeroMeasures();
          merged.set(key, into);
        }
        addMeasures(into, row as Partial<Measures>);
      }
    }
    return merged;
  }

  private async sumPart(part: Part, dims: Dimensions, group: GroupKey, measures: readonly StatsMeasure[]) {
    const conditions = [sql`span = ${part.span}`];
    conditions.push(part.reviewer === 'each' ? sql`reviewer_id > 0` : sql`reviewer_id = ${part.reviewer}`);
    if (part.buckets) conditions.push(sql`bucket >= ${part.buckets.from}`, sql`bucket < ${part.buckets.toExclusive}`);
    conditions.push(...dimensionConditions(dims));
    // Every reviewer's rows of some days lie apart in the key's order: the bucket index gathers them.
    const hint = part.reviewer === 'each' && part.buckets ? this.hint('stats_rollup_bucket_idx') : sql``;
    const sums = sql.join(measures.map((measure) => sql`sum(${sql.ref(measure)}) as ${sql.ref(measure)}`));
    const { rows } = await sql<Record<string, unknown>>`select ${KEYS[group]} as k, ${sums}
      from stats_rollup ${hint} where ${sql.join(conditions, sql` and `)}
      ${group === 'none' ? sql`` : sql`group by k`}`.execute(this.db);
    // Without a group, no rows sum to one row of nulls, which adds nothing.
    return rows;
  }

  /**
   * The median review time of the facts under the filters, exactly. The time bins summed with the
   * rest say which 5-minute bin holds the middle value (or the two middle values); each is then read
   * from the facts of that bin alone, walking the time index over that range (SQLite is told which
   * index; PostgreSQL's planner takes the range). So the walk is one bin's reviews, never the table.
   */
  async medianTime(reviewer: number | null, days: DayRange | null, dims: Dimensions, sums: Measures) {
    const [median] = await this.medianTimes([{ reviewer, sums }], days, dims);
    return median ?? null;
  }

  /** The median review times of several reviewers (or everyone) at once: one statement per hundred. */
  async medianTimes(
    whose: ReadonlyArray<{ reviewer: number | null; sums: Measures }>,
    days: DayRange | null,
    dims: Dimensions,
  ): Promise<Array<number | null>> {
    const lookups: Array<{ median: number; reviewer: number | null; bin: number; offset: number }> = [];
    whose.forEach(({ reviewer, sums }, median) => {
      const counts = TIME_BIN_MEASURES.map((measure) => sums[measure]);
      const total = counts.reduce((a, b) => a + b, 0);
      const ranks = total === 0 ? [] : total % 2 === 1 ? [(total - 1) / 2] : [total / 2 - 1, total / 2];
      for (const rank of ranks) {
        let bin = 0;
        let before = 0;
        while (bin < counts.length - 1 && before + (counts[bin] ?? 0) <= rank) before += counts[bin++] ?? 0;
        lookups.push({ median, reviewer, bin, offset: rank - before });
      }
    });
    const found: Array<number[]> = whose.map(() => []);
    for (let start = 0; start < lookups.length; start += MEDIAN_LOOKUPS_PER_STATEMENT) {
      const chunk = lookups.slice(start, start + MEDIAN_LOOKUPS_PER_STATEMENT);
      const branches = chunk.map(({ reviewer, bin, offset }, i) => {
        const range = [sql`time_spent_ms >= ${bin * TIME_BIN_MS}`];
        if (bin < TIME_BINS - 1) range.push(sql`time_spent_ms < ${(bin + 1) * TIME_BIN_MS}`);
        const index = reviewer === null ? 'stats_reviews_time_idx' : 'stats_reviews_reviewer_time_idx';
        return sql`select ${sql.lit(start + i)} as i, t from (select time_spent_ms as t
          from stats_reviews ${this.hint(index)}
          where ${factConditions(reviewer, days, dims)} and ${sql.join(range, sql` and `)}
          order by time_spent_ms limit 1 offset ${offset}) ${sql.ref(`l${i}`)}`;
      });
      const { rows } = await sql<{ i: number; t: number }>`${sql.join(branches, sql` union all `)}`.execute(this.db);
      for (const row of rows) {
        const lookup = lookups[Number(row.i)];
        if (lookup) found[lookup.median]?.push(Number(row.t));
      }
    }
    return whose.map((_, median) => {
      const expected = lookups.filter((lookup) => lookup.median === median).length;
      const values = found[median] ?? [];
      return expected === 0 || values.length !== expected ? null : values.reduce((a, b) => a + b, 0) / expected;
    });
  }

  /** 待评阅: submissions assigned or in review whose version arrived in the period, in all or per reviewer. */
  async pending(
    reviewer: number | null,
    days: DayRange | null,
    dims: Dimensions,
    byReviewer: boolean,
  ): Promise<Map<number, number>> {
    const conditions = [sql`status in ('assigned', 'reviewing')`, ...dimensionConditions(dims)];
    if (days) {
      const { from, toExclusive } = instantsOf(days);
      conditions.push(sql`submitted_at >= ${from}`, sql`submitted_at < ${toExclusive}`);
    }
    if (reviewer !== null) conditions.push(sql`reviewer_id = ${reviewer}`);
    const key = byReviewer ? sql`reviewer_id` : sql`0`;
    // The pending statuses' range of the index holds every filter: the backlog, never the history.
    const { rows } = await sql<{ k: number | null; n: number }>`select ${key} as k, count(*) as n
      from submissions ${this.hint('submissions_pending_stats_idx')}
      where ${sql.join(conditions, sql` and `)} ${byReviewer ? sql`group by reviewer_id` : sql``}`.execute(this.db);
    return new Map(rows.map((row) => [Number(row.k ?? 0), Number(row.n)]));
  }

  /** Reviews whose plagiarism rate is above the threshold, in one batch, under the other filters. */
  async overThreshold(
    batchId: number,
    threshold: number,
    reviewer: number | null,
    days: DayRange | null,
    dims: Dimensions,
  ): Promise<number> {
    const where = factConditions(reviewer, days, { ...dims, batchId });
    const { rows } = await sql<{ n: number }>`select count(*) as n
      from stats_reviews ${this.hint('stats_reviews_plagiarism_idx')}
      where ${where} and plagiarism_rate > ${threshold}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** SQLite's `indexed by`: its planner would take a filter's index and sort, where a range is cheaper. */
  private hint(index: string): RawBuilder<unknown> {
    return this.dialect === 'sqlite' ? sql.raw(`indexed by ${index}`) : sql``;
  }

  async batches() {
    return this.db
      .selectFrom('batches')
      .select(['id', 'name', 'status', 'rules_json', 'created_at'])
      .orderBy('id', 'desc')
      .execute();
  }

  /** Each batch's first and last day with a review: the month rows first, then that month's day rows. */
  async batchReviewDays(): Promise<Map<number, DayRange>> {
    const months = await this.db
      .selectFrom('stats_rollup')
      .select((eb) => ['batch_id', eb.fn.min('bucket').as('first'), eb.fn.max('bucket').as('last')])
      .where('span', '=', 2)
      .where('reviewer_id', '=', 0)
      .where('reviewed', '>', 0)
      .groupBy('batch_id')
      .execute();
    const days = new Map<number, DayRange>();
    await Promise.all(
      months.map(async (row) => {
        const inMonth = (bucket: number) =>
          this.db
            .selectFrom('stats_rollup')
            .select((eb) => [eb.fn.min('bucket').as('first'), eb.fn.max('bucket').as('last')])
            .where('span', '=', 1)
            .where('reviewer_id', '=', 0)
            .where('bucket', '>=', bucket)
            .where('bucket', '<', bucket + 31)
            .where('batch_id', '=', row.batch_id)
            .where('reviewed', '>', 0)
            .executeTakeFirst();
        const [first, last] = await Promise.all([inMonth(Number(row.first)), inMonth(Number(row.last))]);
        days.set(row.batch_id, { from: Number(first?.first ?? row.first), to: Number(last?.last ?? row.last) });
      }),
    );
    return days;
  }

  /**
   * Reviewers to choose from: whoever has reviewed (each reviewer id of the month rows, found by
   * skipping from one to the next along the key) or has papers waiting.
   */
  async reviewers(): Promise<Array<{ id: number; name: string }>> {
    const [reviewed, waiting] = await Promise.all([
      sql<{ id: number | null }>`with recursive r(id) as (
          select min(reviewer_id) from stats_rollup where span = 2 and reviewer_id > 0
          union all
          select (select min(reviewer_id) from stats_rollup where span = 2 and reviewer_id > r.id) from r
          where r.id is not null
        ) select id from r where id is not null`.execute(this.db),
      this.db
        .selectFrom('submissions')
        .select('reviewer_id')
        .distinct()
        .where('status', 'in', PENDING)
        .where('reviewer_id', 'is not', null)
        .execute(),
    ]);
    const ids = new Set([
      ...reviewed.rows.map((row) => Number(row.id)),
      ...waiting.map((row) => Number(row.reviewer_id)),
    ]);
    if (ids.size === 0) return [];
    const people = await this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return people.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
  }

  async majors(): Promise<string[]> {
    const [reviewed, pending] = await Promise.all([
      this.db
        .selectFrom('stats_rollup')
        .select('major_name')
        .distinct()
        .where('span', '=', 2)
        .where('reviewer_id', '=', 0)
        .where('reviewed', '>', 0)
        .execute(),
      this.db.selectFrom('submissions').select('major_name').distinct().where('status', 'in', PENDING).execute(),
    ]);
    const names = new Set([...reviewed, ...pending].map((row) => row.major_name).filter((name) => name !== ''));
    return [...names].sort(compareText);
  }

  async person(id: number): Promise<{ id: number; name: string } | undefined> {
    return this.db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async names(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
