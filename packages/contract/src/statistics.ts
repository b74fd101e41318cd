import { z } from 'zod';
import { idSchema, wholeNumber } from './numbers.ts';
import { type Grade, gradeOf, STAGES, type Stage } from './review.ts';

/**
 * 数据统计 (/data/index, issue 16): review figures for a batch, stage, date range and, for admins,
 * a reviewer and a major. A reviewer gets their own figures only; an admin everyone's.
 */
export const StatisticsPath = {
  options: '/v1/statistics/options',
  overview: '/v1/statistics/overview',
  workload: '/v1/statistics/workload',
  reviewerItems: '/v1/statistics/reviewerItems',
} as const;

/** Days are counted in China Standard Time (UTC+8, no daylight saving), as the exam boards count them. */
const CST_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The CST day an instant falls on, as days since 1970-01-01. */
export function dayNumberOf(ms: number): number {
  return Math.floor((ms + CST_OFFSET_MS) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function isoDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a `YYYY-MM-DD` date; NaN when it is not a real date. */
export function dayOfIsoDate(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return Number.NaN;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return Number.NaN;
  return ms / DAY_MS;
}

/** The first day of the month a day falls in. */
export function monthStartOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
}

/** The first day of the month after the one a day falls in. */
export function nextMonthStartOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
}

/** Monday of the week a day falls in (weeks start on Monday in China). */
export function weekStartOf(day: number): number {
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday.
  return day - ((day + 3) % 7);
}

/** The period before `[from, to]` with as many days. */
export function previousPeriodOf(from: string, to: string): { from: string; to: string } {
  const start = dayOfIsoDate(from);
  const days = dayOfIsoDate(to) - start + 1;
  return { from: isoDateOf(start - days), to: isoDateOf(start - 1) };
}

/** Trend points are days up to this many days, months beyond. */
export const TREND_DAILY_MAX_DAYS = 92;

/** The score histogram's bins: 20 of 5 points each, the last one [95, 100]; each lies in one grade. */
export const SCORE_BIN_WIDTH = 5;
export const SCORE_BINS = 20;
/** The plagiarism-rate histogram's bins: 20 of 5 percentage points each, the last one [95, 100]. */
export const PLAGIARISM_BIN_WIDTH = 5;
export const PLAGIARISM_BINS = 20;

/** The bin of a value of 0–100 in bins of `width`, the top value in the last bin. */
export function binOf(value: number, width: number, bins: number): number {
  return Math.max(0, Math.min(bins - 1, Math.floor(value / width)));
}

/** The grade of a score bin: the bins' edges are the grades' edges. */
export function gradeOfScoreBin(bin: number): Grade {
  return gradeOf(bin * SCORE_BIN_WIDTH);
}

const id = idSchema;
const isoDate = z
  .string({ error: '须为日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '须为 YYYY-MM-DD 格式的日期')
  .refine((value) => !Number.isNaN(dayOfIsoDate(value)), '不是有效的日期')
  .refine((value) => value >= '2000-01-01' && value <= '2099-12-31', '须在 2000 年至 2099 年之间');

/** The filters every statistics call takes; `reviewerId` and `major` are the admin's. */
const filterFields = {
  batchId: id.optional(),
  stage: z.enum(STAGES, { error: '须为 topic、plan、draft、final 或 retest' }).optional(),
  /** The first and last day of the period, inclusive; both or neither. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** An admin's choice of one reviewer; a reviewer may name only themselves. */
  reviewerId: id.optional(),
  major: z.string().trim().min(1, '不能为空').max(100, '不能超过 100 个字符').optional(),
};

type FilterShape = { from?: string | undefined; to?: string | undefined };
const periodIsWhole = (value: FilterShape) => (value.from === undefined) === (value.to === undefined);
const periodIsOrdered = (value: FilterShape) => !value.from || !value.to || value.from <= value.to;
const PERIOD_WHOLE = { message: '开始日期和结束日期须同时填写', path: ['to'] };
const PERIOD_ORDERED = { message: '开始日期不能晚于结束日期', path: ['to'] };

export const statisticsFilterSchema = z
  .object(filterFields)
  .refine(periodIsWhole, PERIOD_WHOLE)
  .refine(periodIsOrdered, PERIOD_ORDERED);
export type StatisticsFilter = z.infer<typeof statisticsFilterSchema>;

/** The overview's input: the filters, and `export: 1` for the .xlsx of every chart and the table. */
export const statisticsOverviewSchema = z
  .object({ ...filterFields, export: wholeNumber(z.number().int().min(0).max(1)).optional() })
  .refine(periodIsWhole, PERIOD_WHOLE)
  .refine(periodIsOrdered, PERIOD_ORDERED);
export type StatisticsOverviewQuery = z.infer<typeof statisticsOverviewSchema>;

export const REVIEWER_ITEM_KINDS = ['pending', 'reviewed'] as const;
export type ReviewerItemKind = (typeof REVIEWER_ITEM_KINDS)[number];

/** One reviewer's papers under the filters (admins): what waits for them, or what they reviewed. */
export const statisticsReviewerItemsSchema = z
  .object({
    ...filterFields,
    reviewerId: id,
    kind: z.enum(REVIEWER_ITEM_KINDS, { error: '须为 pending 或 reviewed' }),
    page: wholeNumber(z.number().int().min(1, '必须大于等于 1')).default(1),
    pageSize: wholeNumber(z.number().int().min(1, '必须大于等于 1').max(50, '不能超过 50')).default(10),
  })
  .refine(periodIsWhole, PERIOD_WHOLE)
  .refine(periodIsOrdered, PERIOD_ORDERED);
export type StatisticsReviewerItemsQuery = z.infer<typeof statisticsReviewerItemsSchema>;

/** A figure for the period and for the previous period of the same length (null: none to show). */
export interface StatisticsFigure {
  value: number | null;
  previous: number | null;
}

export interface StatisticsCards {
  /** 待评阅: assigned or in review, the version having arrived in the period. */
  pending: StatisticsFigure;
  /** 已评阅: reviews submitted in the period, those awaiting the admin check included. */
  reviewed: StatisticsFigure;
  /** 通过率, 0–1: passed among final verdicts (通过, 退回修改, 不通过). */
  passRate: StatisticsFigure;
  /** 平均分 of scored final verdicts (定稿, 复试). */
  averageScore: StatisticsFigure;
  /** 评阅用时中位数, in ms, of the reviews submitted in the period. */
  medianTimeMs: StatisticsFigure;
}

/** Reviews by outcome: a verdict, or 待复核 while the admin check is to come. */
export interface OutcomeCounts {
  reviewed: number;
  passed: number;
  revised: number;
  failed: number;
  awaiting: number;
}

export interface StatisticsTrendPoint extends OutcomeCounts {
  /** `YYYY-MM-DD` of a day, or `YYYY-MM` of a month. */
  date: string;
}

export interface StatisticsOverview {
  /** Whose figures: one reviewer's (a reviewer's own, or the admin's choice), or everyone's (null). */
  reviewer: { id: number; name: string } | null;
  /** The period, or null for all time (then nothing to compare with). */
  period: { from: string; to: string; days: number } | null;
  previous: { from: string; to: string } | null;
  cards: StatisticsCards;
  trend: { unit: 'day' | 'month'; points: StatisticsTrendPoint[] };
  byStage: Array<OutcomeCounts & { stage: Stage }>;
  /** Final verdicts' scores in SCORE_BINS bins of SCORE_BIN_WIDTH points: from ≤ score < to (the last to 100 inclusive). */
  scores: { bins: Array<{ from: number; to: number; grade: Grade; count: number }>; total: number };
  byMajor: Array<{ major: string; decided: number; passed: number; passRate: number | null }>;
  plagiarism: {
    bins: Array<{ from: number; to: number; count: number }>;
    /** Reviews with a plagiarism rate. */
    total: number;
    /** Of those, above their batch's threshold. */
    overThreshold: number;
    /** The threshold the chart marks: the chosen batch's, or the one every batch shares; null when they differ. */
    threshold: number | null;
    thresholds: Array<{ batchId: number; batchName: string; threshold: number }>;
  };
}

export interface ReviewerWorkload {
  reviewerId: number;
  name: string;
  /** 已分配: reviewed plus pending. */
  assigned: number;
  reviewed: number;
  pending: number;
  medianTimeMs: number | null;
  averageScore: number | null;
  /** 退回修改 among final verdicts, 0–1. */
  returnedShare: number | null;
}

export interface StatisticsWorkload {
  list: ReviewerWorkload[];
}

export interface ReviewerItem {
  submissionId: number;
  stage: Stage;
  title: string;
  majorName: string;
  batchName: string;
  /** When the version arrived (pending) or when the review was submitted (reviewed). */
  at: number;
  outcome: 'pass' | 'revise' | 'fail' | 'awaiting' | null;
  score: number | null;
}

export interface StatisticsReviewerItems {
  list: ReviewerItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StatisticsBatchOption {
  id: number;
  name: string;
  /** The batch's period, for the 本批次 preset: first to last day of its windows and reviews. */
  from: string;
  to: string;
  plagiarismThreshold: number;
}

export interface StatisticsOptions {
  /** Today in CST, by the server's clock, for the presets. */
  today: string;
  /** Whether the caller sees everyone's figures (an admin), with the reviewer and major filters. */
  everyone: boolean;
  self: { id: number; name: string };
  batches: StatisticsBatchOption[];
  /** Admins only; empty for a reviewer. */
  reviewers: Array<{ id: number; name: string }>;
  majors: string[];
}

export const OUTCOME_LABELS = { pass: '通过', revise: '退回修改', fail: '不通过', awaiting: '待复核' } as const;
