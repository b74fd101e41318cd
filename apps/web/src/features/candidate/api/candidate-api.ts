import type { UploadKind } from '@zikao/contract/auth';
import type { EndpointInput } from '@zikao/contract/endpoint';
import { documentsEndpoints, workflowEndpoints } from '@zikao/contract/endpoints';
import type { TopicFields } from '@zikao/contract/review';
import { call, callWithForm, download } from '../../../shared/request/call.ts';

/** What a candidate submits for a stage: the submit call's input. */
export type SubmitBody = EndpointInput<typeof workflowEndpoints.candidateSubmit>;

/** The candidate's calls: their own thesis only. Refusals (1080001) are shown by the caller. */
export const candidateApi = {
  overview: (signal?: AbortSignal) => call(workflowEndpoints.candidateThesis, {}, signal ? { signal } : {}),
  submission: (submissionId: number) => call(workflowEndpoints.candidateSubmission, { submissionId }),
  submit: (body: SubmitBody) => call(workflowEndpoints.candidateSubmit, { ...body }, { silent: true }),
  topic: () => call(workflowEndpoints.candidateTopic, {}),
  saveTopicDraft: (thesisId: number, fields: TopicFields) =>
    call(workflowEndpoints.candidateTopicDraft, { thesisId, fields }, { silent: true }),
  review: (submissionId: number, versionNo?: number) =>
    call(workflowEndpoints.candidateReview, versionNo ? { submissionId, versionNo } : { submissionId }),
  documentStatus: (documentId: number) => call(documentsEndpoints.documentStatus, { documentId }, { silent: true }),
  downloadFile: (uploadId: string) => download(workflowEndpoints.candidateFile, { uploadId }),
  downloadAnnotatedPdf: (documentId: number) => download(documentsEndpoints.annotationExportPdf, { documentId }),
  upload(file: File, kind: UploadKind, onProgress: (percent: number) => void, signal?: AbortSignal) {
    return callWithForm(documentsEndpoints.upload, { kind }, file, {
      onProgress,
      silent: true,
      ...(signal ? { signal } : {}),
    });
  },
};
