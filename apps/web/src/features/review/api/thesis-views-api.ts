import { documentsEndpoints, workflowEndpoints } from '@zikao/contract/endpoints';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import { call, download, endpointUrl } from '../../../shared/request/call.ts';

export const thesisViewKeys = {
  sheet: (submissionId: number) => ['thesis-sheet', submissionId] as const,
  attachments: (submissionId: number) => ['thesis-attachments', submissionId] as const,
  print: (submissionId: number) => ['thesis-print', submissionId] as const,
  documentStatus: (documentId: number) => ['thesis-document-status', documentId] as const,
};

/** Where one of a submission's files is served; `inline` opens PDFs in the browser. */
export function submissionFileUrl(submissionId: number, uploadId: string, inline = false): string {
  return endpointUrl(workflowEndpoints.submissionFile, { submissionId, uploadId, inline: inline ? '1' : undefined });
}

/**
 * The printing and supporting views' calls. Loads are silent: each screen shows its own error
 * state (1030003 → 无权查看该论文).
 */
export const thesisViewsApi = {
  sheet: (submissionId: number) => call(workflowEndpoints.thesisSheet, { submissionId }, { silent: true }),
  attachments: (submissionId: number) => call(workflowEndpoints.thesisAttachments, { submissionId }, { silent: true }),
  /** The detail without `open`: printing does not start a review. */
  detail: (submissionId: number) => call(workflowEndpoints.submissionDetail, { submissionId }, { silent: true }),
  annotations: (documentId: number) => call(documentsEndpoints.annotationList, { documentId }, { silent: true }),
  /** A CSV, Excel or ZIP attachment's first rows or file list. */
  filePreview: (submissionId: number, uploadId: string) =>
    call(workflowEndpoints.submissionFilePreview, { submissionId, uploadId }, { silent: true }),
  /** Where the annotated PDF puts each annotation: its number and the rectangles to draw. */
  placement: (documentId: number) => call(documentsEndpoints.annotationPlacement, { documentId }, { silent: true }),
  /** Saves the file under its server name (导出成功). */
  download: (submissionId: number, uploadId: string) =>
    download(workflowEndpoints.submissionFile, { submissionId, uploadId }),
  /** What a version's document was uploaded as (a Word file has an original to download). */
  documentStatus: (documentId: number) => call(documentsEndpoints.documentStatus, { documentId }, { silent: true }),
  /** The candidate's Word file, beside the PDF that both sides read (not under blind review). */
  originalWord: (documentId: number) => download(documentsEndpoints.documentOriginal, { documentId }),
  /** The server's PDF with the annotations drawn in. */
  annotatedPdf: (documentId: number, variant: AnnotatedPdfVariant = 'annotated') =>
    download(documentsEndpoints.annotationExportPdf, { documentId, variant }),
};
