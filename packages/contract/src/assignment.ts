import { z } from 'zod';
import { idSchema } from './numbers.ts';
import { STAGES, type Stage, type SubmissionStatus } from './review.ts';

/**
 * The management console's assignment calls (issue 6, admin only). The manual one-or-many
 * assignment is `ApiPath.assignmentAssign`; the submission table is `ApiPath.submissionList`
 * with `scope: 'all'`; reopening is `ApiPath.reviewReopen`.
 */
export const AssignmentApiPath = {
  /** Batches, majors and reviewers (with their load and majors) for the screen's filters and pickers. */
  options: '/v1/assignment/options',
  /** The automatic plan for the unassigned submissions in scope; writes nothing. */
  autoPreview: '/v1/assignment/auto/preview',
  /** Applies a previewed plan, all or nothing. */
  autoApply: '/v1/assignment/auto/apply',
} as const;

/** Statuses that count towards a reviewer's current load. */
export const LOAD_STATUSES: readonly SubmissionStatus[] = ['assigned', 'reviewing'];

const id = idSchema;

/** Which unassigned submissions the automatic assignment plans for: the ids given, or every one the filters match. */
export const autoAssignPreviewSchema = z.object({
  stage: z.enum(STAGES, { error: '须为 topic、plan、draft、final 或 retest' }).optional(),
  batchId: id.optional(),
  major: z.string().max(100, '不能超过 100 个字符').optional(),
  submissionIds: z.array(id).max(2000, '一次最多 2000 篇').optional(),
  /** Only these reviewers take part; all active reviewers when absent. */
  reviewerIds: z.array(id).max(500, '最多 500 位评阅教师').optional(),
});
export type AutoAssignPreviewQuery = z.infer<typeof autoAssignPreviewSchema>;

export const autoAssignApplySchema = z.object({
  assignments: z
    .array(z.object({ submissionId: id, reviewerId: id }))
    .min(1, '没有可分配的论文')
    .max(2000, '一次最多 2000 篇'),
});

export interface ReviewerLoad {
  id: number;
  name: string;
  account: string;
  majors: string[];
  /** 待评阅 + 评阅中 items. */
  load: number;
}

export interface AssignmentOptions {
  batches: Array<{ id: number; name: string }>;
  majors: string[];
  reviewers: ReviewerLoad[];
}

export interface AutoAssignItem {
  submissionId: number;
  title: string;
  studentName: string;
  examNo: string;
  majorName: string;
  batchName: string;
  stage: Stage;
  /** Null when no reviewer can take it; `reason` says why. */
  reviewerId: number | null;
  reviewerName: string;
  reason: string;
}

export interface AutoAssignPreview {
  items: AutoAssignItem[];
  /** Every reviewer that took part, with the load before and after the plan. */
  reviewers: Array<ReviewerLoad & { added: number; loadAfter: number }>;
  assignable: number;
  unassignable: number;
}
