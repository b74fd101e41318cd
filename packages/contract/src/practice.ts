import { z } from 'zod';
import type { AnnotationCategory, AnnotationDto } from './annotation.ts';
import type { DocumentStatus } from './document.ts';
import { listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';

/**
 * Annotation practice (批注练习, issue 15, adr/013): practice theses with an expert's reference
 * annotations, attempts that a marker annotates in the ordinary workspace, and their scores.
 *
 * The model, in short:
 * - A practice thesis revision owns one **reference document** (the admin's upload). Its live
 *   annotations ARE the reference points: category, severity and comment are the annotation's.
 *   Admins edit them in the workspace with the ordinary annotation calls on that document id;
 *   nobody else may read that document.
 * - An **attempt** owns its own document: a copy of the reference document's PDF and page texts,
 *   owned by the marker, with no annotations. The marker annotates it with the ordinary calls
 *   (list, save, delete, restore: autosave and the offline queue unchanged). After submitting,
 *   its annotations are frozen and the result call gives the reference points beside them.
 */
export const PracticePath = {
  /** The practiser's searchable list of published practice theses. */
  list: '/v1/practice/list',
  /** The caller's submitted attempts, paged and sortable. */
  history: '/v1/practice/history',
  /** The caller's user-info card: name, school, major, attempts, average, best, trend. */
  card: '/v1/practice/card',
  /** Starts an attempt on a practice thesis, or resumes the caller's open one. */
  start: '/v1/practice/start',
  /** One attempt's state (its document id, open or submitted). */
  attempt: '/v1/practice/attempt',
  /** Submits an attempt (final) and scores it. */
  submit: '/v1/practice/submit',
  /** A submitted attempt's result, with the reference points. */
  result: '/v1/practice/result',
} as const;

/** The console's calls (练习论文), admins only. */
export const ConsolePracticePath = {
  list: '/v1/console/practice/list',
  detail: '/v1/console/practice/detail',
  create: '/v1/console/practice/create',
  update: '/v1/console/practice/update',
  publish: '/v1/console/practice/publish',
  withdraw: '/v1/console/practice/withdraw',
  /** A new draft revision copied from this one (document and reference points). */
  revise: '/v1/console/practice/revise',
  /** The reference points of a revision (read-only; edit them in the workspace). */
  referenceList: '/v1/console/practice/reference/list',
  /** Everyone's attempts on a revision: average, spread, and which points markers miss. */
  stats: '/v1/console/practice/stats',
  /** Everyone's submitted attempts on a revision, paged and sortable. */
  attempts: '/v1/console/practice/attempts',
} as const;

// ---------------------------------------------------------------- vocabularies

export const PRACTICE_DIFFICULTIES = ['basic', 'intermediate', 'hard'] as const;
export type PracticeDifficulty = (typeof PRACTICE_DIFFICULTIES)[number];
export const PRACTICE_DIFFICULTY_LABELS: Record<PracticeDifficulty, string> = {
  basic: '入门',
  intermediate: '进阶',
  hard: '困难',
};

/** draft: being prepared; published: offered to markers; withdrawn: no longer offered (attempts kept). */
export const PRACTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];
export const PRACTICE_STATUS_LABELS: Record<PracticeStatus, string> = {
  draft: '草稿',
  published: '已发布',
  withdrawn: '已撤回',
};

export const PRACTICE_ATTEMPT_STATUSES = ['open', 'submitted'] as const;
export type PracticeAttemptStatus = (typeof PRACTICE_ATTEMPT_STATUSES)[number];
export const PRACTICE_ATTEMPT_STATUS_LABELS: Record<PracticeAttemptStatus, string> = {
  open: '进行中',
  submitted: '已提交',
};

/**
 * The scoring rules (docs/practice-scoring.md); the result page shows them. Overlaps are measured
 * on character ranges of the document's text (text highlights) or on page rectangles (area boxes):
 * - cover = overlap / size of the reference point;
 * - focus = overlap / size of the attempt annotation.
 * A pair can match when cover ≥ coverMin and focus ≥ focusMin. The same category earns 1, a
 * different one `partialCredit`. A maximum-weight one-to-one matching picks the pairs.
 * precision = credit / attempt annotations, recall = credit / reference points,
 * F1 = 2PR / (P + R) (0 when both are 0), score = round(100 × F1).
 */
export const PRACTICE_SCORING = {
  coverMin: 0.3,
  focusMin: 0.1,
  partialCredit: 0.5,
  /** An attempt with more annotations is refused at submit (bounded matching work). */
  maxAttemptAnnotations: 200,
  /** A revision with more reference points cannot be published. */
  maxReferencePoints: 100,
} as const;
export type PracticeScoringRules = typeof PRACTICE_SCORING;

export const PRACTICE_TITLE_MAX = 100;
export const PRACTICE_MAJOR_MAX = 50;
export const PRACTICE_DESCRIPTION_MAX = 500;
export const PRACTICE_TAGS_MAX = 8;
export const PRACTICE_TAG_MAX = 12;

// ---------------------------------------------------------------- inputs

const id = idSchema;

export const practiceRefSchema = z.object({ id });
export const practiceAttemptRefSchema = z.object({ attemptId: id });
export const practiceStartSchema = z.object({ thesisId: id });

export const practiceSubmitSchema = z.object({
  attemptId: id,
  /** Active time the client measured (ms); the server keeps it within the attempt's wall-clock time. */
  timeSpentMs: wholeNumber(z.number({ error: '须为数字' }).int('须为整数').min(0, '不能为负数')).optional(),
});

export const practiceListSchema = listQuerySchema.extend({
  difficulty: z.enum(PRACTICE_DIFFICULTIES, { error: '难度须为 basic、intermediate 或 hard' }).optional(),
  majorName: z.string().trim().max(PRACTICE_MAJOR_MAX, `不能超过 ${PRACTICE_MAJOR_MAX} 个字符`).optional(),
  tag: z.string().trim().max(PRACTICE_TAG_MAX, `不能超过 ${PRACTICE_TAG_MAX} 个字符`).optional(),
});
/** The practice list's filters and page (no export). */
export type PracticeListQuery = Omit<z.input<typeof practiceListSchema>, 'export'>;

export const PRACTICE_HISTORY_SORTS = ['submittedAt', 'score', 'precision', 'recall', 'timeSpent'] as const;
export type PracticeHistorySort = (typeof PRACTICE_HISTORY_SORTS)[number];

const historySort = {
  sort: z
    .enum(PRACTICE_HISTORY_SORTS, { error: '须为 submittedAt、score、precision、recall 或 timeSpent' })
    .default('submittedAt'),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
};

/** The caller's history: `keyword` searches the thesis title; `thesisId` narrows to one revision. */
export const practiceHistorySchema = listQuerySchema.extend({ ...historySort, thesisId: id.optional() });
export type PracticeHistoryQuery = Omit<z.input<typeof practiceHistorySchema>, 'export'>;

export const consolePracticeListSchema = listQuerySchema.extend({
  status: z.enum(PRACTICE_STATUSES, { error: '状态须为 draft、published 或 withdrawn' }).optional(),
  difficulty: z.enum(PRACTICE_DIFFICULTIES, { error: '难度须为 basic、intermediate 或 hard' }).optional(),
});
export type ConsolePracticeListQuery = Omit<z.input<typeof consolePracticeListSchema>, 'export'>;

/** Everyone's attempts on one revision; `keyword` searches the marker's name. */
export const consolePracticeAttemptsSchema = listQuerySchema.extend({ ...historySort, id });
export type ConsolePracticeAttemptsQuery = Omit<z.input<typeof consolePracticeAttemptsSchema>, 'export'>;

const tagsSchema = z
  .array(
    z.string().trim().min(1, '标签不能为空').max(PRACTICE_TAG_MAX, `每个标签不能超过 ${PRACTICE_TAG_MAX} 个字符`),
    { error: '须为标签列表' },
  )
  .max(PRACTICE_TAGS_MAX, `最多 ${PRACTICE_TAGS_MAX} 个标签`)
  .refine((tags) => new Set(tags).size === tags.length, '标签不能重复')
  .default([]);

const metadata = {
  title: z
    .string({ error: '请填写标题' })
    .trim()
    .min(1, '请填写标题')
    .max(PRACTICE_TITLE_MAX, `不能超过 ${PRACTICE_TITLE_MAX} 个字符`),
  majorName: z
    .string({ error: '请填写专业' })
    .trim()
    .min(1, '请填写专业')
    .max(PRACTICE_MAJOR_MAX, `不能超过 ${PRACTICE_MAJOR_MAX} 个字符`),
  difficulty: z.enum(PRACTICE_DIFFICULTIES, { error: '请选择难度（入门、进阶或困难）' }),
  tags: tagsSchema,
  /** What the marker is asked to look for, shown before they start. */
  description: z
    .string()
    .trim()
    .max(PRACTICE_DESCRIPTION_MAX, `不能超过 ${PRACTICE_DESCRIPTION_MAX} 个字符`)
    .default(''),
};

/** A new practice thesis from a document the admin uploaded (`/v1/upload`, kind `document`). */
export const consolePracticeCreateSchema = z.object({ documentId: id, ...metadata });
export type ConsolePracticeCreateInput = z.input<typeof consolePracticeCreateSchema>;

/** Title, major, difficulty, tags and description; allowed in any status (the reference points are not touched). */
export const consolePracticeUpdateSchema = z.object({ id, ...metadata });
export type ConsolePracticeUpdateInput = z.input<typeof consolePracticeUpdateSchema>;

// ---------------------------------------------------------------- outputs

/** One practice thesis in the practiser's list (the current published revision of its series). */
export interface PracticeThesisDto {
  /** The revision's id: what `start` takes and what `/annotate/practice/review/{id}` names. */
  id: number;
  title: string;
  majorName: string;
  difficulty: PracticeDifficulty;
  tags: string[];
  description: string;
  revision: number;
  pageCount: number;
  publishedAt: number | null;
  /** The caller's submitted attempts on any revision of this thesis. */
  myAttempts: number;
  /** The caller's best score on any revision of this thesis; null before a first submit. */
  myBest: number | null;
  /** The caller's open attempt on this revision, to resume; null when none. */
  openAttemptId: number | null;
}

/**
 * Where the caller stands on a practice thesis, in one wording for the list and the home (issue 32
 * §3): practised once an attempt is submitted; in progress while the only attempt is open.
 */
export type PracticeProgress = 'practised' | 'inProgress' | 'untried';
export const PRACTICE_PROGRESS_LABELS: Record<PracticeProgress, string> = {
  practised: '已练习',
  inProgress: '未完成',
  untried: '未练习',
};

export function practiceProgress(thesis: Pick<PracticeThesisDto, 'myAttempts' | 'openAttemptId'>): PracticeProgress {
  if (thesis.myAttempts > 0) return 'practised';
  return thesis.openAttemptId !== null ? 'inProgress' : 'untried';
}

/**
 * An attempt as the workspace needs it. `documentId` is the attempt's own document: load it with
 * the ordinary document and annotation calls (`documentText`, `documentFile`, `annotationList`,
 * `annotationSave`…). It never carries the reference points.
 */
export interface PracticeAttemptDto {
  id: number;
  thesisId: number;
  thesisTitle: string;
  majorName: string;
  difficulty: PracticeDifficulty;
  tags: string[];
  description: string;
  revision: number;
  documentId: number;
  status: PracticeAttemptStatus;
  userId: number;
  userName: string;
  startedAt: number;
  submittedAt: number | null;
  /** The most annotations an attempt may have when submitted. */
  annotationLimit: number;
}

/** A submitted attempt in a history list (the caller's or, in the console, anyone's). */
export interface PracticeAttemptRow {
  id: number;
  thesisId: number;
  thesisTitle: string;
  revision: number;
  difficulty: PracticeDifficulty;
  userId: number;
  userName: string;
  startedAt: number;
  submittedAt: number;
  timeSpentMs: number;
  /** 0–100. */
  score: number;
  /** 0–1. */
  precision: number;
  recall: number;
  f1: number;
  referenceCount: number;
  annotationCount: number;
}

export interface PracticeTrendPoint {
  attemptId: number;
  submittedAt: number;
  score: number;
  thesisTitle: string;
}

/** The user-info card. */
export interface PracticeCardDto {
  userId: number;
  name: string;
  schoolName: string;
  majorName: string;
  attempts: number;
  /** Rounded to one decimal; null before a first submit. */
  averageScore: number | null;
  bestScore: number | null;
  /** The last submitted attempts (at most 50), oldest first. */
  trend: PracticeTrendPoint[];
}

/** How a reference point fared: found with its category, found with another, or missed. */
export type PracticeReferenceOutcome = 'found' | 'partial' | 'missed';
/** How an attempt annotation fared: matched a point with its category, with another, or nothing. */
export type PracticeAnnotationOutcome = 'matched' | 'partial' | 'unmatched';

export interface PracticeReferenceResult {
  /** The expert's annotation: selectors to place it, category, severity and the expert's comment. */
  annotation: AnnotationDto;
  outcome: PracticeReferenceOutcome;
  /** 1, PRACTICE_SCORING.partialCredit or 0. */
  credit: number;
  matchedAnnotationId: string | null;
  /** cover of the matched pair (0–1); 0 when missed. */
  cover: number;
}

export interface PracticeAnnotationResult {
  /** The marker's annotation on the attempt's document. */
  annotation: AnnotationDto;
  outcome: PracticeAnnotationOutcome;
  matchedReferenceId: string | null;
}

/** One row of the per-category table, by the category of the reference points (recall) and of the annotations (precision). */
export interface PracticeCategoryResult {
  category: AnnotationCategory;
  referenceCount: number;
  found: number;
  partial: number;
  missed: number;
  annotationCount: number;
  /** Credit earned by annotations of this category / their count; null when none. */
  precision: number | null;
  /** Credit earned on reference points of this category / their count; null when none. */
  recall: number | null;
}

export interface PracticeResultDto {
  attempt: PracticeAttemptRow & { documentId: number };
  credit: number;
  references: PracticeReferenceResult[];
  annotations: PracticeAnnotationResult[];
  categories: PracticeCategoryResult[];
  rules: PracticeScoringRules;
}

/** A practice thesis revision in the console. */
export interface ConsolePracticeThesisDto {
  id: number;
  /** The first revision's id: every revision of one thesis shares it. */
  seriesId: number;
  revision: number;
  previousId: number | null;
  /** Whether this is the newest revision of its series. */
  latest: boolean;
  title: string;
  majorName: string;
  difficulty: PracticeDifficulty;
  tags: string[];
  description: string;
  status: PracticeStatus;
  /**
   * The reference document: open it in the workspace to make the reference annotations (the
   * ordinary annotation calls with this document id). Admins only.
   */
  documentId: number;
  documentStatus: DocumentStatus;
  pageCount: number;
  referenceCount: number;
  /** Attempts started (open or submitted). Once there is one, the reference points are frozen. */
  attemptCount: number;
  submittedCount: number;
  averageScore: number | null;
  /** True once an attempt exists: the reference points cannot change; revise instead. */
  locked: boolean;
  creatorName: string;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

/** How markers fared on one reference point. */
export interface PracticePointStats {
  annotation: AnnotationDto;
  /** Submitted attempts that found it with its category / with another category. */
  foundCount: number;
  partialCount: number;
  /** (found + partial) / submitted attempts; null before any attempt. Lowest first in the list. */
  foundShare: number | null;
}

export interface PracticeStatsDto {
  thesis: ConsolePracticeThesisDto;
  submittedCount: number;
  /** Distinct markers who submitted. */
  markerCount: number;
  averageScore: number | null;
  /** Population standard deviation of the scores. */
  scoreStdDev: number | null;
  medianScore: number | null;
  minScore: number | null;
  maxScore: number | null;
  averagePrecision: number | null;
  averageRecall: number | null;
  /** Scores in bands: 0–59, 60–69, 70–79, 80–89, 90–100. */
  bands: Array<{ label: string; from: number; to: number; count: number }>;
  /** The reference points, the most missed first. */
  points: PracticePointStats[];
}
