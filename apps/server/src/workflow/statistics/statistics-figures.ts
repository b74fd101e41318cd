import { STAGES, type Stage } from '@zikao/contract';
import { compareText } from '@zikao/contract/ordering';
import {
  gradeOfScoreBin,
  isoDateOf,
  monthStartOf,
  nextMonthStartOf,
  type OutcomeCounts,
  PLAGIARISM_BIN_WIDTH,
  SCORE_BIN_WIDTH,
  type StatisticsOverview,
  type StatisticsTrendPoint,
} from '@zikao/contract/statistics';
import { type Measures, PLAGIARISM_BIN_MEASURES, SCORE_BIN_MEASURES, zeroMeasures } from './statistics-measures.ts';
import type { DayRange } from './statistics-period.ts';

/** Figures from summed measures: the pure part of the statistics, tested on its own. */

export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** Final verdicts: what a pass rate is a share of. */
export const decidedOf = (m: Measures) => m.passed + m.revised + m.failed;

export const passRateOf = (m: Measures) => ratio(m.passed, decidedOf(m));

/** The average score to one decimal, from the sum in thousandths. */
export const averageScoreOf = (m: Measures): number | null =>
  m.scored > 0 ? Math.round(m.score_milli / m.scored / 100) / 10 : null;

export const outcomesOf = (m: Measures): OutcomeCounts => ({
  reviewed: m.reviewed,
  passed: m.passed,
  revised: m.revised,
  failed: m.failed,
  awaiting: m.awaiting,
});

const measuresAt = (sums: Map<string, Measures>, key: string | number) => sums.get(String(key)) ?? zeroMeasures();

/**
 * The trend's points: every day of a short period, or every month (of the period, or from the first
 * to the last month with reviews when there is no period). Day rows at a period's ends count in their month.
 */
export function trendPoints(
  sums: Map<string, Measures>,
  unit: 'day' | 'month',
  days: DayRange | null,
): StatisticsTrendPoint[] {
  if (unit === 'day') {
    if (!days) return [];
    const points: StatisticsTrendPoint[] = [];
    for (let day = days.from; day <= days.to; day++) {
      points.push({ date: isoDateOf(day), ...outcomesOf(measuresAt(sums, day)) });
    }
    return points;
  }
  const byMonth = new Map<number, OutcomeCounts>();
  for (const [key, m] of sums) {
    if (m.reviewed === 0) continue;
    const month = monthStartOf(Number(key));
    const into = byMonth.get(month) ?? { reviewed: 0, passed: 0, revised: 0, failed: 0, awaiting: 0 };
    for (const field of ['reviewed', 'passed', 'revised', 'failed', 'awaiting'] as const) into[field] += m[field];
    byMonth.set(month, into);
  }
  const known = [...byMonth.keys()];
  const first = days ? monthStartOf(days.from) : Math.min(...known);
  const last = days ? monthStartOf(days.to) : Math.max(...known);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return [];
  const points: StatisticsTrendPoint[] = [];
  for (let month = first; month <= last; month = nextMonthStartOf(month)) {
    const counts = byMonth.get(month) ?? { reviewed: 0, passed: 0, revised: 0, failed: 0, awaiting: 0 };
    points.push({ date: isoDateOf(month).slice(0, 7), ...counts });
  }
  return points;
}

export function stageRows(sums: Map<string, Measures>): StatisticsOverview['byStage'] {
  return STAGES.map((stage: Stage) => ({ stage, ...outcomesOf(measuresAt(sums, stage)) }));
}

/** Majors with final verdicts, most verdicts first; at most `limit`. */
export function majorRows(sums: Map<string, Measures>, limit: number): StatisticsOverview['byMajor'] {
  return [...sums.entries()]
    .map(([major, m]) => ({ major, decided: decidedOf(m), passed: m.passed, passRate: passRateOf(m) }))
    .filter((row) => row.decided > 0)
    .sort((a, b) => b.decided - a.decided || compareText(a.major, b.major))
    .slice(0, limit);
}

export function scoreBins(m: Measures): StatisticsOverview['scores'] {
  const bins = SCORE_BIN_MEASURES.map((measure, i) => ({
    from: i * SCORE_BIN_WIDTH,
    to: (i + 1) * SCORE_BIN_WIDTH,
    grade: gradeOfScoreBin(i),
    count: m[measure],
  }));
  return { bins, total: m.scored };
}

export function plagiarismBins(m: Measures): Array<{ from: number; to: number; count: number }> {
  return PLAGIARISM_BIN_MEASURES.map((measure, i) => ({
    from: i * PLAGIARISM_BIN_WIDTH,
    to: (i + 1) * PLAGIARISM_BIN_WIDTH,
    count: m[measure],
  }));
}
