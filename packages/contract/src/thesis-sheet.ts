// The information sheet (论文信息表) of the printing and supporting views: one thesis with every
// stage's latest submitted review, for the A4 form.
import { z } from 'zod';
import type { UploadKind } from './auth.ts';
import { idSchema } from './numbers.ts';
import type { Grade, Stage, SubmissionStatus, Verdict } from './review.ts';

export const ThesisSheetPath = {
  /** Reviewers (their own assignments) and admins; body `{ submissionId }`. */
  sheet: '/v1/submission/sheet',
  /** Same access; body `{ submissionId }`: the current version's attachments and plagiarism report. */
  attachments: '/v1/submission/attachments',
  /** Same access; body `{ submissionId, uploadId }`: a CSV, Excel or ZIP attachment's contents, cut short. */
  filePreview: '/v1/submission/filePreview',
  /**
   * GET `/v1/submission/file/:submissionId/:uploadId[?inline=1]`: one file of the submission's
   * versions. Signature-exempt like the document file so a preview tab can load it; the session
   * and the access check still apply.
   */
  file: '/v1/submission/file',
} as const;

/** GET `/v1/submission/file/:submissionId/:uploadId[?inline=1]`. */
export const submissionFileSchema = z.object({
  submissionId: idSchema,
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '格式不正确'),
  /** '1' opens a PDF or an image in the browser; any other file is always a download. */
  inline: z.string().optional(),
});

export const submissionFilePreviewSchema = submissionFileSchema.pick({ submissionId: true, uploadId: true });

/** What a preview shows at most: enough to judge questionnaire data, never a whole data set. */
export const FILE_PREVIEW_LIMITS = { sheets: 5, rows: 200, columns: 30, cellChars: 200, entries: 500 } as const;

/** A sheet of a spreadsheet or a CSV file: its first rows as text. */
export interface PreviewSheet {
  name: string;
  rows: string[][];
  /** Rows or columns past the limits were left out. */
  truncated: boolean;
}

/**
 * An attachment's contents for the preview drawer: a table for CSV and Excel, the file list of a
 * ZIP archive; PDF and pictures open in the browser instead.
 */
export type FilePreview =
  | { kind: 'table'; sheets: PreviewSheet[]; truncated: boolean }
  | { kind: 'archive'; entries: Array<{ name: string; size: number }>; totalEntries: number; truncated: boolean };

/** The attachment types that get a preview drawer. */
export const TABLE_PREVIEW_MIMES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
export const ARCHIVE_PREVIEW_MIMES = ['application/zip'];

/** A version's supporting files: attachments and its plagiarism report, never its document. */
export type SubmissionFileKind = Exclude<UploadKind, 'document'>;

export interface SubmissionFile {
  uploadId: string;
  name: string;
  kind: SubmissionFileKind;
  /** Bytes; null when the upload record is gone. */
  size: number | null;
  mime: string;
}

export interface SubmissionAttachments {
  submissionId: number;
  stage: Stage;
  versionNo: number;
  /** The thesis document of the version, for the annotated PDF; null for a structured topic. */
  documentId: number | null;
  plagiarismRate: number | null;
  files: SubmissionFile[];
}

export interface ThesisSheetStage {
  stage: Stage;
  submissionId: number;
  status: SubmissionStatus;
  currentVersion: number;
  /** When the candidate submitted the stage's latest version, epoch ms. */
  submittedAt: number;
  /** Latest submitted review of the stage; all null when nothing has been submitted yet. */
  verdict: Verdict | null;
  score: number | null;
  grade: Grade | null;
  reviewerName: string;
  comment: string;
  /** The review's rate, else the version's own. Percent. */
  plagiarismRate: number | null;
  reviewedAt: number | null;
  reviewedVersion: number | null;
}

export interface ThesisSheet {
  submissionId: number;
  /** Stage of the submission the sheet was opened from. */
  stage: Stage;
  thesis: { id: number; title: string; majorName: string; advisor: string };
  /** Null under blind review for everyone but admins. */
  student: { name: string; examNo: string; schoolName: string } | null;
  batch: { id: number; name: string; blindReview: boolean };
  plagiarismThreshold: number;
  /** The thesis's stages in lifecycle order; stages not yet reached are absent. */
  stages: ThesisSheetStage[];
  /** When the sheet was produced, epoch ms. */
  generatedAt: number;
}
