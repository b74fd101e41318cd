import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { ReviewInput, Verdict } from '@zikao/contract/review';
import { call } from '../../../shared/request/call.ts';

export const reviewKeys = {
  detail: (submissionId: number) => ['submission', submissionId] as const,
  diff: (submissionId: number, from: number, to: number) => ['submission-diff', submissionId, from, to] as const,
};

/**
 * The review screens' calls. Loading the detail is silent: the screen shows its own error state
 * (e.g. 1030003 → 无权查看该论文). Saves and submits let the client toast the server's message as
 * it comes (1080001's reason, the comment-length rule); autosave is silent.
 */
export const reviewApi = {
  /** `open` on a review screen moves 待评阅 to 评阅中. */
  detail: (submissionId: number, open: boolean) =>
    call(workflowEndpoints.submissionDetail, { submissionId, open: open ? 1 : undefined }, { silent: true }),
  save: (input: ReviewInput, silent = false) => call(workflowEndpoints.reviewSave, { ...input }, { silent }),
  submit: (input: ReviewInput & { verdict: Verdict }) => call(workflowEndpoints.reviewSubmit, { ...input }),
  diff: (submissionId: number, fromVersion: number, toVersion: number) =>
    call(workflowEndpoints.submissionDiff, { submissionId, fromVersion, toVersion }),
  /** null clears the tick. */
  markCarried: (annotationId: string, addressed: boolean | null) =>
    call(workflowEndpoints.annotationCarriedMark, { annotationId, addressed }),
};
