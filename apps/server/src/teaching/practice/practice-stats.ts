import type { AnnotationDto } from '@zikao/contract/annotation';
import type { PracticeStatsDto } from '@zikao/contract/practice';

const BANDS = [
  { label: '0–59', from: 0, to: 59 },
  { label: '60–69', from: 60, to: 69 },
  { label: '70–79', from: 70, to: 79 },
  { label: '80–89', from: 80, to: 89 },
  { label: '90–100', from: 90, to: 100 },
] as const;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The console's numbers for one revision, from its submitted attempts: the score's average,
 * spread (population standard deviation), median and bands, and per reference point the share of
 * attempts that found it, the most missed first.
 */
export function practiceStats(
  attempts: ReadonlyArray<{ user_id: number; score: number | null; precision: number | null; recall: number | null }>,
  pointCounts: ReadonlyArray<{ reference_annotation_id: string; found: number | string; partial: number | string }>,
  references: readonly AnnotationDto[],
): Omit<PracticeStatsDto, 'thesis'> {
  const scores = attempts.map((attempt) => Number(attempt.score ?? 0));
  const n = scores.length;
  const mean = n > 0 ? scores.reduce((sum, score) => sum + score, 0) / n : null;
  const variance = mean === null ? null : scores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / n;
  const sorted = [...scores].sort((a, b) => a - b);
  const median =
    n === 0
      ? null
      : n % 2 === 1
        ? (sorted[(n - 1) / 2] as number)
        : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
  const average = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null);
  const counts = new Map(pointCounts.map((row) => [row.reference_annotation_id, row]));
  const points = references.map((annotation) => {
    const row = counts.get(annotation.id);
    const foundCount = Number(row?.found ?? 0);
    const partialCount = Number(row?.partial ?? 0);
    return {
      annotation,
      foundCount,
      partialCount,
      foundShare: n > 0 ? round((foundCount + partialCount) / n, 4) : null,
    };
  });
  points.sort((a, b) => (a.foundShare ?? 0) - (b.foundShare ?? 0) || a.annotation.pageIndex - b.annotation.pageIndex);
  const averagePrecision = average(attempts.map((attempt) => Number(attempt.precision ?? 0)));
  const averageRecall = average(attempts.map((attempt) => Number(attempt.recall ?? 0)));
  return {
    submittedCount: n,
    markerCount: new Set(attempts.map((attempt) => attempt.user_id)).size,
    averageScore: mean === null ? null : round(mean, 1),
    scoreStdDev: variance === null ? null : round(Math.sqrt(variance), 1),
    medianScore: median,
    minScore: n > 0 ? (sorted[0] as number) : null,
    maxScore: n > 0 ? (sorted[n - 1] as number) : null,
    averagePrecision: averagePrecision === null ? null : round(averagePrecision, 4),
    averageRecall: averageRecall === null ? null : round(averageRecall, 4),
    bands: BANDS.map((band) => ({
      ...band,
      count: scores.filter((score) => score >= band.from && score <= band.to).length,
    })),
    points,
  };
}
