import {
  CandidateApiPath,
  type CandidateOverview,
  type CandidateReview,
  type CandidateSubmissionDetail,
  type CandidateTopic,
} from '@zikao/contract/candidate';
import type { DocumentSummary } from '@zikao/contract/document';
import { ApiPath } from '@zikao/contract/paths';
import type { Stage, SubmissionStatus, TopicFields } from '@zikao/contract/review';
import { api } from '../../../shared/request/api.ts';
import { uploadWithProgress } from '../../../shared/request/upload-with-progress.ts';

export interface SubmitBody {
  thesisId: number;
  stage: Stage;
  documentId?: number | null;
  structured?: TopicFields | null;
  attachments?: Array<{ uploadId: string }>;
  plagiarismRate?: number | null;
  plagiarismReport?: { uploadId: string } | null;
}

export interface UploadResult {
  fileId: string;
  documentId?: number;
  name: string;
}

/** The candidate's calls: their own thesis only. Refusals (1080001) are shown by the caller. */
export const candidateApi = {
  overview: (signal?: AbortSignal) =>
    api.post<CandidateOverview>(CandidateApiPath.thesis, {}, signal ? { signal } : {}),
  submission: (submissionId: number) =>
    api.post<CandidateSubmissionDetail>(CandidateApiPath.submission, { submissionId }),
  submit: (body: SubmitBody) =>
    api.post<{ submissionId: number; versionNo: number; status: SubmissionStatus }>(
      CandidateApiPath.submit,
      { ...body },
      { silent: true },
    ),
  topic: () => api.post<CandidateTopic>(CandidateApiPath.topic, {}),
  saveTopicDraft: (thesisId: number, fields: TopicFields) =>
    api.post<{ savedAt: number }>(CandidateApiPath.topicDraft, { thesisId, fields }, { silent: true }),
  review: (submissionId: number, versionNo?: number) =>
    api.post<CandidateReview>(CandidateApiPath.review, versionNo ? { submissionId, versionNo } : { submissionId }),
  documentStatus: (documentId: number) =>
    api.post<DocumentSummary>(ApiPath.documentStatus, { documentId }, { silent: true }),
  downloadFile: (uploadId: string) =>
    api.get<{ filename: string }>(`${CandidateApiPath.file}/${encodeURIComponent(uploadId)}`, {}, { export: true }),
  downloadAnnotatedPdf: (documentId: number) =>
    api.get<{ filename: string }>(`${ApiPath.annotationExportPdf}/${documentId}`, {}, { export: true }),
  upload(
    file: File,
    kind: 'document' | 'attachment' | 'report',
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file, file.name);
    return uploadWithProgress<UploadResult>(ApiPath.upload, form, {
      onProgress,
      silent: true,
      ...(signal ? { signal } : {}),
    });
  },
};
