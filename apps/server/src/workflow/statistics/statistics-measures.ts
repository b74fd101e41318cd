import { binOf, PLAGIARISM_BIN_WIDTH, PLAGIARISM_BINS, SCORE_BIN_WIDTH, SCORE_BINS } from '@zikao/contract/statistics';
import { type RawBuilder, sql } from 'kysely';
import type { StatsMeasure, StatsReviewsTable } from '../../db/schema.ts';

export type Fact = StatsReviewsTable;
export type Measures = Record<StatsMeasure, number>;

const scoreBins = Array.from({ length: SCORE_BINS }, (_, i) => `s${i}` as StatsMeasure);
const plagiarismBins = Array.from({ length: PLAGIARISM_BINS }, (_, i) => `p${i}` as StatsMeasure);
/** Review time in bins of 5 minutes, the last from 3 hours on: the median's bin, then its value (adr/014). */
export const TIME_BIN_MS = 300_000;
export const TIME_BINS = 37;
const timeBins = Array.from({ length: TIME_BINS }, (_, i) => `t${i}` as StatsMeasure);

/** Every column a roll-up row sums, in the order the migration made them. */
export const MEASURES: readonly StatsMeasure[] = [
  'reviewed',
  'awaiting',
  'passed',
  'revised',
  'failed',
  'scored',
  'score_milli',
  'rated',
  ...scoreBins,
  ...plagiarismBins,
  ...timeBins,
];
export const SCORE_BIN_MEASURES: readonly StatsMeasure[] = scoreBins;
export const PLAGIARISM_BIN_MEASURES: readonly StatsMeasure[] = plagiarismBins;
export const TIME_BIN_MEASURES: readonly StatsMeasure[] = timeBins;
/** What the outcome charts (trend, stages) sum. */
export const OUTCOME_MEASURES: readonly StatsMeasure[] = ['reviewed', 'awaiting', 'passed', 'revised', 'failed'];
/** What the workload table sums per reviewer, and what the cards compare with the previous period. */
export const WORKLOAD_MEASURES: readonly StatsMeasure[] = [
  'reviewed',
  'passed',
  'revised',
  'failed',
  'scored',
  'score_milli',
  ...timeBins,
];

export const zeroMeasures = (): Measures => Object.fromEntries(MEASURES.map((measure) => [measure, 0])) as Measures;

/** Results (pass rate, scores) count final verdicts: a verdict awaiting the admin check is not one yet. */
const isFinal = (fact: Pick<Fact, 'outcome'>) => fact.outcome !== 'awaiting';

/** What one review adds to each measure of its roll-up rows. */
export function measuresOf(fact: Fact): Measures {
  const measures = zeroMeasures();
  measures.reviewed = 1;
  if (fact.outcome === 'awaiting') measures.awaiting = 1;
  if (fact.outcome === 'pass') measures.passed = 1;
  if (fact.outcome === 'revise') measures.revised = 1;
  if (fact.outcome === 'fail') measures.failed = 1;
  if (isFinal(fact) && fact.score !== null && fact.score_bin !== null) {
    measures.scored = 1;
    measures.score_milli = fact.score_milli ?? 0;
    measures[`s${fact.score_bin}` as StatsMeasure] = 1;
  }
  if (fact.plagiarism_rate !== null && fact.plagiarism_bin !== null) {
    measures.rated = 1;
    measures[`p${fact.plagiarism_bin}` as StatsMeasure] = 1;
  }
  measures[`t${fact.time_bin}` as StatsMeasure] = 1;
  return measures;
}

const FINAL = sql`outcome <> 'awaiting'`;
const when = (condition: RawBuilder<unknown>, then: RawBuilder<unknown> = sql`1`) =>
  sql<number>`sum(case when ${condition} then ${then} else 0 end)`;

/** The same sums over `stats_reviews` rows, as SQL; kept beside `measuresOf`, which they must match. */
export function factSum(measure: StatsMeasure): RawBuilder<number> {
  switch (measure) {
    case 'reviewed':
      return sql<number>`count(*)`;
    case 'awaiting':
      return when(sql`outcome = 'awaiting'`);
    case 'passed':
      return when(sql`outcome = 'pass'`);
    case 'revised':
      return when(sql`outcome = 'revise'`);
    case 'failed':
      return when(sql`outcome = 'fail'`);
    case 'scored':
      return when(sql`${FINAL} and score_bin is not null`);
    case 'score_milli':
      return when(sql`${FINAL} and score_bin is not null`, sql`score_milli`);
    case 'rated':
      return when(sql`plagiarism_bin is not null`);
    default: {
      const bin = sql.lit(Number(measure.slice(1)));
      if (measure.startsWith('s')) return when(sql`${FINAL} and score_bin = ${bin}`);
      if (measure.startsWith('p')) return when(sql`plagiarism_bin = ${bin}`);
      return when(sql`time_bin = ${bin}`);
    }
  }
}

/** A score's bin; scores are 0–100. */
export const scoreBinOf = (score: number) => binOf(score, SCORE_BIN_WIDTH, SCORE_BINS);
export const plagiarismBinOf = (rate: number) => binOf(rate, PLAGIARISM_BIN_WIDTH, PLAGIARISM_BINS);
export const timeBinOf = (ms: number) => Math.min(TIME_BINS - 1, Math.floor(ms / TIME_BIN_MS));

export function addMeasures(into: Measures, from: Partial<Measures>, sign = 1): Measures {
  for (const measure of MEASURES) {
    const value = from[measure];
    if (value !== undefined && value !== null) into[measure] += sign * Number(value);
  }
  return into;
}
