import type { UploadKind } from '@zikao/contract/auth';
import type { EndpointInput } from '@zikao/contract/endpoint';
import { documentsEndpoints, workflowEndpoints } from '@zikao/contract/endpoints';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import type { TopicFields } from '@zikao/contract/review';
import { call, callWithForm, download } from '../../../shared/request/call.ts';

/** What a candidate submits for a stage: the submit call's input. */
export type SubmitBody = EndpointInput<typeof workflowEndpoints.studentSubmit>;

/** The candidate's calls: their own thesis only. Refusals (1080001) are shown by the caller. */
export const studentApi = {
  overview: (signal?: AbortSignal) => call(workflowEndpoints.studentThesis, {}, signal ? { signal } : {}),
  submission: (submissionId: number) => call(workflowEndpoints.studentSubmission, { submissionId }),
  submit: (body: SubmitBody) => call(workflowEndpoints.studentSubmit, { ...body }, { silent: true }),
  topic: () => call(workflowEndpoints.studentTopic, {}),
  saveTopicDraft: (thesisId: number, fields: TopicFields) =>
    call(workflowEndpoints.studentTopicDraft, { thesisId, fields }, { silent: true }),
  review: (submissionId: number, versionNo?: number) =>
    call(workflowEndpoints.studentReview, versionNo ? { submissionId, versionNo } : { submissionId }),
  documentStatus: (documentId: number) => call(documentsEndpoints.documentStatus, { documentId }, { silent: true }),
  downloadFile: (uploadId: string) => download(workflowEndpoints.studentFile, { uploadId }),
  downloadAnnotatedPdf: (documentId: number, variant: AnnotatedPdfVariant = 'annotated') =>
    download(documentsEndpoints.annotationExportPdf, { documentId, variant }),
  upload(file: File, kind: UploadKind, onProgress: (percent: number) => void, signal?: AbortSignal) {
    return callWithForm(documentsEndpoints.upload, { kind }, file, {
      onProgress,
      silent: true,
      ...(signal ? { signal } : {}),
    });
  },
};
