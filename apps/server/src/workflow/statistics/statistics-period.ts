import { monthStartOf, nextMonthStartOf } from '@zikao/contract/statistics';

/** CST day numbers, both inclusive. */
export interface DayRange {
  from: number;
  to: number;
}

/**
 * Roll-up rows of one span (1 day, 2 month): everyone's (reviewer 0), one reviewer's, or each
 * reviewer's apart; buckets in [from, toExclusive), or all of them.
 */
export interface Part {
  span: 1 | 2;
  reviewer: number | 'each';
  buckets: { from: number; toExclusive: number } | null;
}

/** Whose rows: everyone's together (null), one reviewer's, or each reviewer's apart. */
export type Whose = number | null | 'each';

/**
 * A period as the whole months it covers and the days at either end that are not a whole month,
 * so that a year is read from twelve month rows and at most two months of day rows.
 */
export function splitPeriod(days: DayRange): {
  months: { from: number; toExclusive: number } | null;
  edges: DayRange[];
} {
  const first = monthStartOf(days.from) === days.from ? days.from : nextMonthStartOf(days.from);
  const end = nextMonthStartOf(days.to) === days.to + 1 ? days.to + 1 : monthStartOf(days.to);
  if (first >= end) return { months: null, edges: [days] };
  const edges: DayRange[] = [];
  if (days.from < first) edges.push({ from: days.from, to: first - 1 });
  if (end <= days.to) edges.push({ from: end, to: days.to });
  return { months: { from: first, toExclusive: end }, edges };
}

/** Where a period's sums come from: month rows for its whole months, day rows for the days at its ends. */
export function periodParts(days: DayRange | null, whose: Whose): Part[] {
  const reviewer = whose === null ? 0 : whose;
  if (days === null) return [{ span: 2, reviewer, buckets: null }];
  const { months, edges } = splitPeriod(days);
  const parts: Part[] = [];
  if (months) parts.push({ span: 2, reviewer, buckets: months });
  for (const edge of edges) parts.push({ span: 1, reviewer, buckets: { from: edge.from, toExclusive: edge.to + 1 } });
  return parts;
}

/** Where a period's sums day by day come from: its day rows. */
export function dailyParts(days: DayRange, whose: number | null): Part[] {
  return [{ span: 1, reviewer: whose ?? 0, buckets: { from: days.from, toExclusive: days.to + 1 } }];
}
