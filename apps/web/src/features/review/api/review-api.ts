import { proxyEndpoints, workflowEndpoints } from '@zikao/contract/endpoints';
import type {
  CarriedAnnotationDto,
  ReviewDto,
  ReviewInput,
  SubmissionDetail,
  SubmissionStatus,
  Verdict,
  VersionDiff,
} from '@zikao/contract/review';
import { createContext, useContext } from 'react';
import { call } from '../../../shared/request/call.ts';

/**
 * The review screen's calls, injected (`ReviewApiProvider`) so the same screen runs for a
 * signed-in reviewer and on an admin review page through the comment proxy (adr/011).
 *
 * Loading the detail is silent: the screen shows its own error state (e.g. 1030003 → 无权查看该论文).
 * Saves and submits let the client toast the server's message as it comes (1080001's reason, the
 * comment-length rule); autosave is silent.
 */
export interface ReviewApi {
  /** Names the binding: the screen's query keys keep the two apart. */
  kind: 'session' | 'link';
  /** `open` on a review screen moves 待评阅 to 评阅中. */
  detail(submissionId: number, open: boolean): Promise<SubmissionDetail>;
  save(input: ReviewInput, silent?: boolean): Promise<ReviewDto>;
  submit(input: ReviewInput & { verdict: Verdict }): Promise<{ status: SubmissionStatus; review: ReviewDto }>;
  /** The version diff; the comment proxy does not serve it, so a link's page has none. */
  diff?(submissionId: number, fromVersion: number, toVersion: number): Promise<VersionDiff>;
  /** Ticks a carried-over point (null clears it); the comment proxy does not serve it either. */
  markCarried?(annotationId: string, addressed: boolean | null): Promise<CarriedAnnotationDto>;
  /** Places an orphaned carried point at a candidate (null dismisses them); not through the proxy either. */
  placeCarried?(annotationId: string, candidate: number | null): Promise<CarriedAnnotationDto>;
}

export const reviewKeys = {
  detail: (kind: ReviewApi['kind'], submissionId: number) => ['submission', kind, submissionId] as const,
  diff: (submissionId: number, from: number, to: number) => ['submission-diff', submissionId, from, to] as const,
};

/** A signed-in reviewer's calls: `/v1/…`. */
export const reviewApi: ReviewApi = {
  kind: 'session',
  detail: (submissionId, open) =>
    call(workflowEndpoints.submissionDetail, { submissionId, open: open ? 1 : undefined }, { silent: true }),
  save: (input, silent = false) => call(workflowEndpoints.reviewSave, { ...input }, { silent }),
  submit: (input) => call(workflowEndpoints.reviewSubmit, { ...input }),
  diff: (submissionId, fromVersion, toVersion) =>
    call(workflowEndpoints.submissionDiff, { submissionId, fromVersion, toVersion }),
  markCarried: (annotationId, addressed) => call(workflowEndpoints.annotationCarriedMark, { annotationId, addressed }),
  placeCarried: (annotationId, candidate) =>
    call(workflowEndpoints.annotationCarriedPlace, { annotationId, candidate }),
};

/** An admin review page's calls: the same through the comment proxy, the page's link credential merged in. */
export const linkReviewApi: ReviewApi = {
  kind: 'link',
  detail: (submissionId, open) =>
    call(proxyEndpoints.submissionDetail, { submissionId, open: open ? 1 : undefined }, { silent: true }),
  save: (input, silent = false) => call(proxyEndpoints.reviewSave, { ...input }, { silent }),
  submit: (input) => call(proxyEndpoints.reviewSubmit, { ...input }),
};

const ReviewApiContext = createContext<ReviewApi>(reviewApi);

/** Gives the review screen inside it another API (an admin review page passes `linkReviewApi`). */
export const ReviewApiProvider = ReviewApiContext.Provider;

export function useReviewApi(): ReviewApi {
  return useContext(ReviewApiContext);
}
