import type { AnnotationDto } from '@zikao/contract/annotation';
import { ApiPath } from '@zikao/contract/paths';
import type { SubmissionDetail } from '@zikao/contract/review';
import { type SubmissionAttachments, type ThesisSheet, ThesisSheetPath } from '@zikao/contract/thesis-sheet';
import { apiBase } from '../../../shared/host/host.ts';
import { api } from '../../../shared/request/api.ts';

export const thesisViewKeys = {
  sheet: (submissionId: number) => ['thesis-sheet', submissionId] as const,
  attachments: (submissionId: number) => ['thesis-attachments', submissionId] as const,
  print: (submissionId: number) => ['thesis-print', submissionId] as const,
};

/** Where one of a submission's files is served; `inline` opens PDFs in the browser. */
export function submissionFileUrl(submissionId: number, uploadId: string, inline = false): string {
  const path = `${ThesisSheetPath.file}/${submissionId}/${encodeURIComponent(uploadId)}`;
  return `${apiBase()}${path}${inline ? '?inline=1' : ''}`;
}

/**
 * The printing and supporting views' calls. Loads are silent: each screen shows its own error
 * state (1030003 → 无权查看该论文).
 */
export const thesisViewsApi = {
  sheet: (submissionId: number) => api.post<ThesisSheet>(ThesisSheetPath.sheet, { submissionId }, { silent: true }),
  attachments: (submissionId: number) =>
    api.post<SubmissionAttachments>(ThesisSheetPath.attachments, { submissionId }, { silent: true }),
  /** The detail without `open`: printing does not start a review. */
  detail: (submissionId: number) =>
    api.post<SubmissionDetail>(ApiPath.submissionDetail, { submissionId }, { silent: true }),
  annotations: (documentId: number) =>
    api.post<AnnotationDto[]>(ApiPath.annotationList, { documentId }, { silent: true }),
  /** Saves the file under its server name (导出成功). */
  download: (submissionId: number, uploadId: string) =>
    api.get<{ filename: string }>(
      `${ThesisSheetPath.file}/${submissionId}/${encodeURIComponent(uploadId)}`,
      {},
      { export: true },
    ),
  /** The server's PDF with the annotations drawn in. */
  annotatedPdf: (documentId: number) =>
    api.get<{ filename: string }>(`${ApiPath.annotationExportPdf}/${documentId}`, {}, { export: true }),
};
