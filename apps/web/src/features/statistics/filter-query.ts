import { isStage, type Stage } from '@zikao/contract/review';
import {
  dayOfIsoDate,
  isoDateOf,
  monthStartOf,
  type StatisticsBatchOption,
  type StatisticsFilter,
  weekStartOf,
} from '@zikao/contract/statistics';

/** The page's filters as the URL keeps them: `?batch=&stage=&from=&to=&reviewer=&major=`, or `period=all`. */
export interface FilterState {
  batchId?: number;
  stage?: Stage;
  reviewerId?: number;
  major?: string;
  /** A period of whole days; with neither, this month so far, unless `allTime`. */
  from?: string;
  to?: string;
  allTime?: boolean;
}

export type PresetKey = 'week' | 'month' | 'batch';
export const PRESET_LABELS: Record<PresetKey, string> = { week: '本周', month: '本月', batch: '本批次' };

const positiveInt = (value: string | null) => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
};
const isDate = (value: string | null): value is string => value !== null && !Number.isNaN(dayOfIsoDate(value));

export function parseFilterSearch(search: string): FilterState {
  const params = new URLSearchParams(search);
  const state: FilterState = {};
  const batchId = positiveInt(params.get('batch'));
  if (batchId !== undefined) state.batchId = batchId;
  const stage = params.get('stage');
  if (isStage(stage)) state.stage = stage;
  const reviewerId = positiveInt(params.get('reviewer'));
  if (reviewerId !== undefined) state.reviewerId = reviewerId;
  const major = params.get('major')?.trim();
  if (major) state.major = major.slice(0, 100);
  const from = params.get('from');
  const to = params.get('to');
  if (isDate(from) && isDate(to) && from <= to) {
    state.from = from;
    state.to = to;
  } else if (params.get('period') === 'all') {
    state.allTime = true;
  }
  return state;
}

export function toFilterSearch(state: FilterState): string {
  const params = new URLSearchParams();
  if (state.batchId !== undefined) params.set('batch', String(state.batchId));
  if (state.stage) params.set('stage', state.stage);
  if (state.from && state.to) {
    params.set('from', state.from);
    params.set('to', state.to);
  } else if (state.allTime) {
    params.set('period', 'all');
  }
  if (state.reviewerId !== undefined) params.set('reviewer', String(state.reviewerId));
  if (state.major) params.set('major', state.major);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A preset's days, up to today; 本批次 is the batch's period (it ends today while the batch is open). */
export function presetRange(
  preset: PresetKey,
  today: string,
  batch?: StatisticsBatchOption,
): { from: string; to: string } | null {
  const day = dayOfIsoDate(today);
  if (preset === 'week') return { from: isoDateOf(weekStartOf(day)), to: today };
  if (preset === 'month') return { from: isoDateOf(monthStartOf(day)), to: today };
  return batch ? { from: batch.from, to: batch.to } : null;
}

/** Which preset the period is, if any: the control shows it as chosen. */
export function presetOf(state: FilterState, today: string, batch?: StatisticsBatchOption): PresetKey | null {
  const period = periodOf(state, today);
  if (!period) return null;
  for (const key of ['week', 'month', 'batch'] as const) {
    const range = presetRange(key, today, batch);
    if (range && range.from === period.from && range.to === period.to) return key;
  }
  return null;
}

/** The period the page shows: the URL's, all time, or by default this month so far. */
export function periodOf(state: FilterState, today: string): { from: string; to: string } | null {
  if (state.from && state.to) return { from: state.from, to: state.to };
  if (state.allTime) return null;
  return presetRange('month', today);
}

/** What the calls are asked: the filters, with the period resolved. A reviewer's own page names no one. */
export function filterOf(state: FilterState, today: string, everyone: boolean): StatisticsFilter {
  const filter: StatisticsFilter = {};
  if (state.batchId !== undefined) filter.batchId = state.batchId;
  if (state.stage) filter.stage = state.stage;
  const period = periodOf(state, today);
  if (period) {
    filter.from = period.from;
    filter.to = period.to;
  }
  if (everyone && state.reviewerId !== undefined) filter.reviewerId = state.reviewerId;
  if (everyone && state.major) filter.major = state.major;
  return filter;
}
