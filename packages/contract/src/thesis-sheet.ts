// The information sheet (论文信息表) of the printing and supporting views: one thesis with every
// stage's latest submitted review, for the A4 form.
import type { Grade, Stage, SubmissionStatus, Verdict } from './review.ts';

export const ThesisSheetPath = {
  /** Reviewers (their own assignments) and admins; body `{ submissionId }`. */
  sheet: '/v1/submission/sheet',
} as const;

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
  candidate: { name: string; examNo: string; schoolName: string } | null;
  batch: { id: number; name: string; blindReview: boolean };
  plagiarismThreshold: number;
  /** The thesis's stages in lifecycle order; stages not yet reached are absent. */
  stages: ThesisSheetStage[];
  /** When the sheet was produced, epoch ms. */
  generatedAt: number;
}
