import {
  gradeOf,
  type ReviewDto,
  type ReviewState,
  type Stage,
  type SubmissionListRow,
  type SubmissionStatus,
  type Verdict,
} from '@zikao/contract';
import type { ReviewWithName } from './review.repository.ts';

/** A batch's stored rules with defaults filled in; unreadable rules fall back to the defaults. */

export interface ListRowSource {
  id: number;
  stage: Stage;
  status: SubmissionStatus;
  thesis_id: number;
  batch_id: number;
  major_name: string;
  reviewer_id: number | null;
  current_version: number;
  uploads_used: number;
  submitted_at: number;
  updated_at: number;
  title: string;
  student_name: string;
  exam_number: string | null;
  batch_name: string;
  reviewer_name: string | null;
  /** The released expert's name (migration 027); absent on lists that do not ask. */
  released_name?: string | null;
  verdict: Verdict | null;
  score: number | null;
  review_state: ReviewState | null;
}

/** A list row; `hideStudent` blanks the candidate's name and exam number (blind review). */
export function toListRow(row: ListRowSource, hideStudent: boolean): SubmissionListRow {
  // A draft's verdict and score are the reviewer's work in progress, not an outcome.
  const submitted = row.review_state === 'submitted';
  const score = submitted ? row.score : null;
  return {
    id: row.id,
    stage: row.stage,
    status: row.status,
    thesisId: row.thesis_id,
    batchId: row.batch_id,
    title: row.title,
    studentName: hideStudent ? '' : row.student_name,
    examNo: hideStudent ? '' : (row.exam_number ?? ''),
    majorName: row.major_name,
    batchName: row.batch_name,
    version: row.current_version,
    reviewerId: row.reviewer_id,
    reviewerName: row.reviewer_name ?? '',
    releasedFromName: row.status === 'unassigned' ? (row.released_name ?? '') : '',
    verdict: submitted ? row.verdict : null,
    score,
    grade: score === null ? null : gradeOf(score),
    uploadsUsed: row.uploads_used,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

export function toReviewDto(row: ReviewWithName): ReviewDto {
  return {
    versionNo: row.version_no,
    reviewerId: row.reviewer_id,
    reviewerName: row.reviewer_name,
    verdict: row.verdict,
    score: row.score,
    grade: row.score === null ? null : gradeOf(row.score),
    rubric: JSON.parse(row.rubric_json) as Record<string, number>,
    comment: row.comment,
    plagiarismRate: row.plagiarism_rate,
    timeSpentMs: row.time_spent_ms,
    state: row.state,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Attachment names as a viewer sees them, in the order given. Names often carry the candidate's
 * name (曹小明-附件2.pdf), so under blind review each gets a neutral one that keeps its type, as
 * documents do (visibleDocumentName): 附件1.pdf, 附件2.xlsx…, 查重报告.pdf.
 */
export function visibleAttachmentNames(files: ReadonlyArray<{ name: string; kind?: string }>, hide: boolean): string[] {
  if (!hide) return files.map((file) => file.name);
  let attachments = 0;
  return files.map((file) => {
    const extension = /\.[a-z0-9]{1,8}$/i.exec(file.name)?.[0].toLowerCase() ?? '';
    if (file.kind === 'report') return `查重报告${extension}`;
    attachments += 1;
    return `附件${attachments}${extension}`;
  });
}
