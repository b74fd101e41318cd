import { z } from 'zod';
import type { AnnotationKind } from './annotation.ts';
import { listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';
import { type ReviewListRow, SUBMISSION_STATUS_LABELS, type SubmissionStatus } from './review-lists.ts';

export { SUBMISSION_STATUS_LABELS, type SubmissionStatus };

/** Stages of a thesis, in order (product.md, "The thesis lifecycle"). */
export const STAGES = ['topic', 'plan', 'draft', 'final', 'retest'] as const;
/** Narrows a received value (a tab's key, say) to a stage. */
export const isStage = (value: unknown): value is (typeof STAGES)[number] =>
  (STAGES as readonly unknown[]).includes(value);
export type Stage = (typeof STAGES)[number];
export const STAGE_LABELS: Record<Stage, string> = {
  topic: '选题',
  plan: '论文计划',
  draft: '论文初稿',
  final: '定稿',
  retest: '复试',
};
/** Stages whose review gives a score and a grade; they cannot be returned for revision. */
export const SCORED_STAGES: readonly Stage[] = ['final', 'retest'];

export const SUBMISSION_STATUSES = Object.keys(SUBMISSION_STATUS_LABELS) as [SubmissionStatus, ...SubmissionStatus[]];
/** Narrows a stored or received status, e.g. an audit entry's, which may belong to another entity. */
export const isSubmissionStatus = (value: unknown): value is SubmissionStatus =>
  typeof value === 'string' && Object.hasOwn(SUBMISSION_STATUS_LABELS, value);

export const VERDICTS = ['pass', 'revise', 'fail'] as const;
export type Verdict = (typeof VERDICTS)[number];
/** Narrows a received value (a radio button's, say) to a verdict. */
export const isVerdict = (value: unknown): value is Verdict => (VERDICTS as readonly unknown[]).includes(value);
export const VERDICT_LABELS: Record<Verdict, string> = { pass: '通过', revise: '退回修改', fail: '不通过' };

export type Grade = '优秀' | '良好' | '中等' | '及格' | '不及格';

/** 优秀 ≥90, 良好 80–89, 中等 70–79, 及格 60–69, 不及格 <60. */
export function gradeOf(score: number): Grade {
  if (score >= 90) return '优秀';
  if (score >= 80) return '良好';
  if (score >= 70) return '中等';
  if (score >= 60) return '及格';
  return '不及格';
}

/** The score at or above which a final or retest passes. */
export const PASS_SCORE = 60;

const stageWindowSchema = z.object({
  /** Epoch ms; null means open on that side. */
  start: z.number().int().nullable().default(null),
  end: z.number().int().nullable().default(null),
});
export type StageWindow = z.infer<typeof stageWindowSchema>;

export const rubricItemSchema = z.object({
  key: z.string().min(1).max(32),
  label: z.string().min(1).max(50),
  weight: z.number().positive(),
  max: z.number().positive(),
});
export type RubricItem = z.infer<typeof rubricItemSchema>;

const perStage = <T extends z.ZodType>(schema: T) =>
  z.object({ topic: schema, plan: schema, draft: schema, final: schema, retest: schema }).partial();

/** A batch's rules, stored as `batches.rules_json`. Missing keys take their defaults. */
export const batchRulesSchema = z.object({
  /** Submission window per stage; a missing stage is always open. */
  windows: perStage(stageWindowSchema).default({}),
  /** Upload limit of every stage unless `uploadLimits` names it. */
  uploadLimit: z.number().int().min(1).default(4),
  uploadLimits: perStage(z.number().int().min(1)).default({}),
  /** Percent. */
  plagiarismThreshold: z.number().min(0).max(100).default(30),
  minCommentLength: z.number().int().min(0).default(50),
  blindReview: z.boolean().default(false),
  rubric: z.array(rubricItemSchema).max(20).default([]),
  /** Verdicts wait for an admin's check (待复核 → 已复核). */
  adminCheck: z.boolean().default(false),
  /** Epoch ms when an admin closed the batch: from then on every window is closed. */
  closedAt: z.number().int().nullable().default(null),
});
export type BatchRules = z.infer<typeof batchRulesSchema>;

/** A batch's stored rules (its `rules_json` column); a missing or broken value reads as the defaults. */
export function parseBatchRules(json: string): BatchRules {
  let raw: unknown = {};
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const result = batchRulesSchema.safeParse(raw);
  return result.success ? result.data : batchRulesSchema.parse({});
}

export function uploadLimitOf(rules: BatchRules, stage: Stage): number {
  return rules.uploadLimits[stage] ?? rules.uploadLimit;
}

export function isWindowOpen(rules: BatchRules, stage: Stage, now: number): boolean {
  if (rules.closedAt !== null && now >= rules.closedAt) return false;
  const window = rules.windows[stage];
  if (!window) return true;
  return (window.start === null || now >= window.start) && (window.end === null || now <= window.end);
}

/**
 * The total of rubric item scores, 0–100: each item's share of its maximum, weighted. Rounded to
 * one decimal. Items without a score count as 0.
 */
export function rubricTotal(rubric: readonly RubricItem[], scores: Record<string, number>): number {
  const weights = rubric.reduce((sum, item) => sum + item.weight, 0);
  if (weights === 0) return 0;
  const total = rubric.reduce((sum, item) => sum + ((scores[item.key] ?? 0) / item.max) * item.weight, 0);
  return Math.round((total / weights) * 1000) / 10;
}

/** Length of a review comment as the reviewer counts it: characters, not UTF-16 units, trimmed. */
export function commentLength(comment: string): number {
  return [...comment.trim()].length;
}

const id = idSchema;
const versionNo = z.number({ error: '须为数字' }).int().min(1, '须为正整数');

/** pendingFirst (the default): what still waits for the viewer first, then by submission time. */
export const SUBMISSION_SORTS = ['pendingFirst', 'submittedAt', 'title', 'status', 'updatedAt'] as const;

export const submissionListSchema = listQuerySchema.extend({
  stage: z.enum(STAGES, { error: '须为 topic、plan、draft、final 或 retest' }),
  /** todo: waiting for me; history: what I have already reviewed. */
  scope: z.enum(['todo', 'history', 'all'], { error: '须为 todo、history 或 all' }).default('todo'),
  status: z.enum(SUBMISSION_STATUSES, { error: '不是已知的状态' }).optional(),
  batchId: id.optional(),
  major: z.string().max(100, '不能超过 100 个字符').optional(),
  sort: z.enum(SUBMISSION_SORTS, { error: '不是可用的排序方式' }).default('pendingFirst'),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
});
export type SubmissionListQuery = z.infer<typeof submissionListSchema>;

/**
 * A per-stage list path's input (`ReviewListPath`): the list's, with the stage implied by the path.
 * Those paths answer exactly what `ApiPath.submissionList` answers for that stage.
 */
export const stageSubmissionListSchema = submissionListSchema.omit({ stage: true });
export type StageSubmissionListQuery = z.infer<typeof stageSubmissionListSchema>;

export const submissionRefSchema = z.object({ submissionId: id });
export const submissionDetailSchema = submissionRefSchema.extend({
  /** 1 when the reviewer opens the review screen: 待评阅 becomes 评阅中. */
  open: wholeNumber(z.number().int().min(0).max(1)).optional(),
});

const reviewFields = {
  submissionId: id,
  versionNo,
  verdict: z.enum(VERDICTS, { error: '须为 pass、revise 或 fail' }).nullable().optional(),
  score: z.number({ error: '须为数字' }).min(0, '不能小于 0').max(100, '不能大于 100').nullable().optional(),
  rubric: z.record(z.string().max(32), z.number().min(0, '不能小于 0')).optional(),
  comment: z.string().max(5000, '不能超过 5000 个字符').optional(),
  plagiarismRate: z.number().min(0, '不能小于 0').max(100, '不能大于 100').nullable().optional(),
  /** Total time spent on this version's review so far, in ms. */
  timeSpentMs: z
    .number()
    .int()
    .min(0)
    .max(1000 * 3600 * 24 * 30)
    .optional(),
};
export const reviewSaveSchema = z.object(reviewFields);
export const reviewSubmitSchema = z.object({ ...reviewFields, verdict: reviewFields.verdict.unwrap().unwrap() });
export type ReviewInput = z.infer<typeof reviewSaveSchema>;

/** Shortest reason an admin may give for reopening a submitted review, in characters. */
export const REOPEN_REASON_MIN = 5;

export const reviewReopenSchema = z.object({
  submissionId: id,
  reason: z
    .string()
    .trim()
    .min(1, '请填写重新开放的原因')
    .max(500, '不能超过 500 个字符')
    .refine((reason) => commentLength(reason) >= REOPEN_REASON_MIN, `原因至少 ${REOPEN_REASON_MIN} 个字`),
});

export const assignSchema = z.object({
  submissionIds: z.array(id).min(1, '至少选择一篇').max(500, '一次最多 500 篇'),
  reviewerId: id,
});

export const topicFieldsSchema = z.object({
  title: z.string().trim().min(1, '不能为空').max(200, '不能超过 200 个字符'),
  rationale: z.string().max(5000).default(''),
  outline: z.string().max(10000).default(''),
  references: z.string().max(10000).default(''),
});
export type TopicFields = z.infer<typeof topicFieldsSchema>;

export const carriedMarkSchema = z.object({
  annotationId: z.string().uuid('须为 UUID'),
  /** null clears the mark. */
  addressed: z.union([z.literal(0), z.literal(1), z.boolean(), z.null()]),
});

/** Places an orphaned carried annotation at one of its candidates (可能的位置), or dismisses them (null). */
export const carriedPlaceSchema = z.object({
  annotationId: z.string().uuid('须为 UUID'),
  /** Index into the annotation's `candidates`; null dismisses them all (忽略). */
  candidate: z.number().int().min(0).max(9).nullable(),
});

export const diffSchema = z.object({ submissionId: id, fromVersion: versionNo, toVersion: versionNo });

/** One row of a submission list; candidate fields are empty strings under blind review. */
export interface SubmissionListRow extends ReviewListRow {
  stage: Stage;
  thesisId: number;
  batchId: number;
  reviewerId: number | null;
  reviewerName: string;
  /**
   * 待分配 because the review link of this external expert was revoked (issue 32 §1.5): the expert's
   * name, so the list asks for a 改派; '' otherwise.
   */
  releasedFromName: string;
  verdict: Verdict | null;
  score: number | null;
  grade: Grade | null;
  uploadsUsed: number;
  updatedAt: number;
}

export interface SubmissionListResult {
  list: SubmissionListRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Rows per status under the same filters, for the tabs. */
  counts: Record<SubmissionStatus, number>;
}

/** A review is a draft until the reviewer submits it; only submitted reviews reach the candidate. */
export type ReviewState = 'draft' | 'submitted';

export interface ReviewDto {
  versionNo: number;
  reviewerId: number;
  reviewerName: string;
  verdict: Verdict | null;
  score: number | null;
  grade: Grade | null;
  rubric: Record<string, number>;
  comment: string;
  plagiarismRate: number | null;
  timeSpentMs: number;
  state: ReviewState;
  submittedAt: number | null;
  updatedAt: number;
}

export interface SubmissionVersionDto {
  versionNo: number;
  documentId: number | null;
  structured: TopicFields | null;
  attachments: Array<{ uploadId: string; name: string }>;
  plagiarismRate: number | null;
  submittedAt: number;
  review: ReviewDto | null;
}

/**
 * Where a carried annotation landed in the new version. `unverified` (需核对, issue 24): a drawn
 * mark with no text under it, kept at its page and position, for the reviewer to check.
 */
export type CarryStatus = 'found' | 'moved' | 'orphaned' | 'unverified';
/** A version's carry-over job: none to run (a first version, or one without a document), pending, or done. */
export type CarryState = 'none' | 'pending' | 'done';

/** A place an orphaned carried annotation's text may now be (可能的位置), for the reviewer to confirm. */
export interface CarriedCandidateDto {
  pageIndex: number;
  text: string;
  confidence: number;
  /** The quote word for word (only its surroundings changed). */
  exact: boolean;
}

export interface CarriedAnnotationDto {
  id: string;
  carriedFromId: string;
  status: CarryStatus;
  confidence: number;
  addressed: boolean | null;
  pageIndex: number;
  quote: string;
  comment: string;
  /** When the reviewer wrote it (on the earlier version), not when it was carried. */
  writtenAt: number;
  /** For an orphan: where its text may now be, best first; empty once placed or dismissed. */
  candidates: CarriedCandidateDto[];
  /** What the mark is (issue 24): a drawn mark without text under it has an empty `quote`. */
  kind?: AnnotationKind;
  /** replace / insert: the suggested wording, carried with the mark (issue 24). */
  suggestion?: string | null;
}

export interface CarriedSummary {
  versionNo: number;
  fromVersionNo: number;
  counts: Record<CarryStatus, number>;
  addressed: number;
  items: CarriedAnnotationDto[];
}

export interface StatusHistoryEntry {
  action: string;
  fromStatus: SubmissionStatus | null;
  toStatus: SubmissionStatus | null;
  actorName: string;
  reason: string;
  createdAt: number;
}

export interface SubmissionDetail {
  id: number;
  stage: Stage;
  status: SubmissionStatus;
  rowVersion: number;
  thesis: { id: number; title: string; majorName: string; advisor: string };
  /** Null under blind review for everyone but admins. */
  student: { name: string; examNo: string } | null;
  batch: { id: number; name: string; rules: BatchRules };
  reviewer: { id: number; name: string } | null;
  currentVersion: number;
  uploadsUsed: number;
  uploadLimit: number;
  versions: SubmissionVersionDto[];
  /** The current version's review, draft or submitted. */
  review: ReviewDto | null;
  plagiarism: { rate: number | null; threshold: number; exceeds: boolean };
  carried: CarriedSummary | null;
  history: StatusHistoryEntry[];
}

export interface DiffOp {
  op: 'equal' | 'insert' | 'delete';
  /** Lines of the text, each without its newline. */
  lines: string[];
}

export interface VersionDiff {
  from: { versionNo: number; pages: string[] };
  to: { versionNo: number; pages: string[] };
  ops: DiffOp[];
  stats: { inserted: number; deleted: number; equal: number };
}
