import { z } from 'zod';
import type { AnnotationDto } from './annotation.ts';
import type { DocumentStatus } from './document.ts';
import { idSchema, wholeNumber } from './numbers.ts';
import { type Grade, STAGES, type Stage, type TopicFields, type Verdict } from './review.ts';
import type { SubmissionStatus } from './review-lists.ts';

/**
 * The candidate side (issue 6): a student's own thesis, its stages, submissions and reviews.
 * Every call answers for the caller's own thesis only; another candidate's ids give 1030003.
 *
 * Stage order (product.md, "The thesis lifecycle"), enforced on the server with 1080001:
 * - 选题 (topic) comes first and needs nothing before it;
 * - 论文计划 (plan) is optional, needs the topic passed, and is refused once the draft is submitted;
 * - 论文初稿 (draft) needs the topic passed, and the plan passed when a plan was submitted;
 * - 定稿 (final) needs the draft passed;
 * - 复试 (retest) is only for a candidate whose final did not pass.
 * A stage is submitted once; after 退回修改 it is resubmitted, within its window and upload limit.
 * A topic's draft is private: reviewers see nothing until it is submitted.
 */
export const StudentApiPath = {
  /** My thesis: batch, stages with windows, uploads used and left, status and result per stage. */
  thesis: '/v1/student/thesis',
  /** One of my stage submissions: every version with its document, attachments and released review. */
  submission: '/v1/student/submission',
  /** Submit a stage (first version) or resubmit it after 退回修改. */
  submit: '/v1/student/submit',
  /** My topic: the draft or the submitted fields, whether it can be edited, and its review. */
  topic: '/v1/student/topic',
  /** Saves the topic draft, visible to nobody else. */
  topicDraft: '/v1/student/topic/draft',
  /** The review of one version: verdict, score, grade, comment and, once released, its annotations. */
  review: '/v1/student/review',
  /** GET `/v1/student/file/:uploadId`: download one of my own uploads (an attachment or a report). */
  file: '/v1/student/file',
} as const;

const id = idSchema;

export const studentThesisSchema = z.object({ thesisId: id.optional() });

export const studentSubmissionSchema = z.object({ submissionId: id });

/** GET `/v1/student/file/:uploadId`: one of my own uploads. */
export const studentFileSchema = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '格式不正确') });

export const studentReviewSchema = z.object({
  submissionId: id,
  /** Defaults to the newest version with a released review, else the current version. */
  versionNo: wholeNumber(z.number({ error: '须为数字' }).int().min(1, '须为正整数')).optional(),
});

const uploadRef = z.object({
  uploadId: z.string({ error: '不能为空' }).min(1, '不能为空').max(64, '格式不正确'),
});

const topicDraftFields = z.object({
  title: z.string().trim().max(200, '不能超过 200 个字符').default(''),
  rationale: z.string().max(5000, '不能超过 5000 个字符').default(''),
  outline: z.string().max(10000, '不能超过 10000 个字符').default(''),
  references: z.string().max(10000, '不能超过 10000 个字符').default(''),
});

export const studentTopicDraftSchema = z.object({ thesisId: id, fields: topicDraftFields });

const submittedTopicFields = z.object({
  title: z.string().trim().min(1, '请填写论文题目').max(200, '不能超过 200 个字符'),
  rationale: z.string().trim().min(1, '请填写立题依据').max(5000, '不能超过 5000 个字符'),
  outline: z.string().trim().min(1, '请填写提纲').max(10000, '不能超过 10000 个字符'),
  references: z.string().trim().min(1, '请填写参考文献').max(10000, '不能超过 10000 个字符'),
});

export const studentSubmitSchema = z.object({
  thesisId: id,
  stage: z.enum(STAGES, { error: '须为 topic、plan、draft、final 或 retest' }),
  /** The review document (PDF, DOC or DOCX) from `/v1/upload` with kind `document`. */
  documentId: id.nullable().optional(),
  /** The topic's fields (and a plan's, when it is written as text). */
  structured: submittedTopicFields.nullable().optional(),
  attachments: z.array(uploadRef).max(10, '附件最多 10 个').default([]),
  /** Percent; required on the final. */
  plagiarismRate: z.number({ error: '须为数字' }).min(0, '不能小于 0').max(100, '不能大于 100').nullable().optional(),
  /** The plagiarism report file; required on the final. */
  plagiarismReport: uploadRef.nullable().optional(),
});
export type StudentSubmitInput = z.infer<typeof studentSubmitSchema>;

/**
 * `/v1/submission/resubmit`: the candidate's submit of a returned submission, named by its id, with
 * the same fields and the same checks as `studentSubmitSchema` (issue 19 §2). Attachments are upload
 * ids: their names come from the uploads, never from the client.
 */
export const studentResubmitSchema = studentSubmitSchema
  .omit({ thesisId: true, stage: true })
  .extend({ submissionId: id });
export type StudentResubmitInput = z.infer<typeof studentResubmitSchema>;

/** Whether a stage's window is open now, has not opened yet, or has closed. */
export type WindowState = 'open' | 'notStarted' | 'closed';

/** A review as its candidate sees it: never the reviewer's identity. */
export interface StudentReviewResult {
  versionNo: number;
  verdict: Verdict | null;
  score: number | null;
  grade: Grade | null;
  comment: string;
  plagiarismRate: number | null;
  reviewedAt: number | null;
  /** Who reviewed, as a role and never a name: 评阅专家 for an outside expert (a review link), else 评阅教师. */
  reviewedBy: '评阅专家' | '评阅教师';
}

export interface StudentStageSubmission {
  id: number;
  status: SubmissionStatus;
  currentVersion: number;
  submittedAt: number;
  updatedAt: number;
  /** The newest released review (submitted, and past the admin check when the batch has one). */
  result: StudentReviewResult | null;
}

export interface StudentStage {
  stage: Stage;
  label: string;
  window: { start: number | null; end: number | null };
  windowState: WindowState;
  uploadLimit: number;
  uploadsUsed: number;
  uploadsLeft: number;
  submission: StudentStageSubmission | null;
  /** What the candidate can do now: submit the first version, resubmit, or nothing. */
  action: 'submit' | 'resubmit' | null;
  /** Why the candidate cannot submit now; null when they can, or when nothing is expected. */
  blockedReason: string | null;
}

export interface StudentOverview {
  /** Null when the candidate has no thesis in any batch yet. */
  thesis: { id: number; title: string; majorName: string; advisor: string } | null;
  batch: { id: number; name: string; plagiarismThreshold: number } | null;
  /** Every thesis of the candidate (one per batch), newest first. */
  theses: Array<{ id: number; title: string; batchName: string }>;
  stages: StudentStage[];
}

export interface StudentFile {
  uploadId: string;
  name: string;
}

export interface StudentDocument {
  id: number;
  name: string;
  status: DocumentStatus;
  progress: number;
  error: string;
  pageCount: number;
}

export interface StudentVersion {
  versionNo: number;
  document: StudentDocument | null;
  structured: TopicFields | null;
  attachments: StudentFile[];
  plagiarismRate: number | null;
  plagiarismReport: StudentFile | null;
  submittedAt: number;
  review: StudentReviewResult | null;
}

export interface StudentSubmissionDetail {
  id: number;
  thesisId: number;
  stage: Stage;
  status: SubmissionStatus;
  currentVersion: number;
  uploadLimit: number;
  uploadsUsed: number;
  versions: StudentVersion[];
}

export interface StudentTopic {
  thesisId: number;
  /** What the form shows: the draft when there is one, else the newest submitted fields. */
  fields: TopicFields;
  draftSavedAt: number | null;
  submission: StudentSubmissionDetail | null;
  /** False while a submitted topic is under review or finished; true before submitting and after 退回修改. */
  editable: boolean;
  /** Why the form is read-only or cannot be submitted now. */
  blockedReason: string | null;
  windowState: WindowState;
  window: { start: number | null; end: number | null };
  uploadsLeft: number;
}

export interface StudentReview {
  submissionId: number;
  stage: Stage;
  status: SubmissionStatus;
  versionNo: number;
  versions: number[];
  documentId: number | null;
  structured: TopicFields | null;
  /** Null until the review of this version is released to the candidate. */
  review: StudentReviewResult | null;
  /** The reviewer's annotations, once released; empty before. Authors are masked under blind review. */
  annotations: AnnotationDto[];
}
