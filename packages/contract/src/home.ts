import type { Stage, Verdict } from './review.ts';
import type { SubmissionStatus } from './review-lists.ts';

/**
 * The staff homes (首页, issue 21 §3): what waits for a reviewer, and the exam board's view of its
 * open batches for an admin. The teacher's home and the candidate's (/student) are built from the
 * course, practice, student and notice calls; these two need aggregates no other call gives.
 */
export const HomeApiPath = {
  /** The caller's own review queue: counts per stage, oldest first, reopened reviews with their reason. */
  reviewer: '/v1/home/reviewer',
  /** Admins: open batches' progress, unassigned work, overdue reviews, verdicts waiting for 复核. */
  admin: '/v1/home/admin',
} as const;

/**
 * Days a review may take once it is the reviewer's work (assigned, handed back by 重新开放, or a
 * new version after 退回修改) before it counts as overdue. Batches name no review deadline of their
 * own (their windows are the candidates' submission windows), so this one applies to every batch.
 */
export const REVIEW_DUE_DAYS = 14;

/** Most rows a home's queue answers; the counts always cover everything. */
export const HOME_QUEUE_LIMIT = 20;
/** Most rows of a home's shorter lists (overdue, 待复核, reviewers to chase). */
export const HOME_LIST_LIMIT = 8;
/** Most open batches the admin home shows, newest first. */
export const HOME_BATCH_LIMIT = 12;

/** One review waiting for its reviewer. */
export interface HomeQueueItem {
  submissionId: number;
  stage: Stage;
  /** 待评阅 or 评阅中. */
  status: SubmissionStatus;
  title: string;
  /** Empty under blind review (the reviewer never learns the candidate). */
  studentName: string;
  blind: boolean;
  batchName: string;
  versionNo: number;
  /** When the current version was submitted (epoch ms). */
  submittedAt: number;
  /** When it became this reviewer's work: assigned, reopened, or resubmitted; else `submittedAt`. */
  assignedAt: number;
  /** `assignedAt` plus the review period (REVIEW_DUE_DAYS). */
  dueAt: number;
  overdue: boolean;
  /** A draft of the review is saved. */
  drafted: boolean;
  /** Set when an admin handed a submitted review back (重新开放 / 退回评阅人): why, and when. */
  reopened: { reason: string; at: number } | null;
}

export interface HomeStageCount {
  stage: Stage;
  /** 待评阅. */
  assigned: number;
  /** 评阅中. */
  reviewing: number;
  overdue: number;
}

export interface ReviewerHome {
  /** The server's clock, for "waited N days" without trusting the browser's. */
  serverTime: number;
  dueDays: number;
  /** Every stage, in stage order, zeros included. */
  stages: HomeStageCount[];
  /** Everything waiting for the caller (待评阅 + 评阅中). */
  waiting: number;
  overdue: number;
  /** Reviews the caller submitted in the last 7 days. */
  reviewedThisWeek: number;
  /** Oldest first (by `assignedAt`), at most HOME_QUEUE_LIMIT. */
  queue: HomeQueueItem[];
  /** Reviews handed back by an admin and not yet submitted again, oldest first. */
  reopened: HomeQueueItem[];
}

/** Submission counts of one open batch, by status. */
export interface HomeBatchProgress {
  batchId: number;
  name: string;
  blindReview: boolean;
  adminCheck: boolean;
  /** Its candidates' theses: 批次管理's 论文数. */
  theses: number;
  /** Its submissions, one per thesis and stage (批次管理's 提交数): what `counts` splits. */
  total: number;
  counts: Record<SubmissionStatus, number>;
  overdue: number;
}

export interface HomeOverdueItem {
  submissionId: number;
  stage: Stage;
  status: SubmissionStatus;
  title: string;
  batchName: string;
  reviewerId: number | null;
  reviewerName: string;
  assignedAt: number;
  dueAt: number;
}

export interface HomeCheckItem {
  submissionId: number;
  stage: Stage;
  title: string;
  batchName: string;
  reviewerName: string;
  verdict: Verdict | null;
  score: number | null;
  /** When the review was submitted (epoch ms). */
  reviewedAt: number;
}

export interface HomeReviewerLoad {
  reviewerId: number;
  name: string;
  /** 待评阅 + 评阅中. */
  active: number;
  overdue: number;
}

export interface AdminHome {
  serverTime: number;
  dueDays: number;
  /** Over every batch. */
  totals: {
    submissions: number;
    unassigned: number;
    inReview: number;
    overdue: number;
    awaitingCheck: number;
    /** Of the unassigned, those a revoked review link gave back (issue 32 §1.5): they wait for a 改派. */
    released: number;
  };
  /** Unassigned submissions per stage, every stage in order, for 去分配. */
  unassigned: Array<{ stage: Stage; count: number }>;
  /** Open batches, newest first, at most HOME_BATCH_LIMIT. */
  batches: HomeBatchProgress[];
  /**
   * Overdue reviews, the earliest submitted first (their candidates have waited longest), at most
   * HOME_LIST_LIMIT.
   */
  overdue: HomeOverdueItem[];
  /** Waiting for the admin check (待复核), oldest first, at most HOME_LIST_LIMIT. */
  awaitingCheck: HomeCheckItem[];
  /** Reviewers with overdue work first, then by load, at most HOME_LIST_LIMIT. */
  reviewers: HomeReviewerLoad[];
}
