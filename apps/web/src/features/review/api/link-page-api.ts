import { proxyEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

export const linkPageKeys = {
  all: ['review-link-context'] as const,
  context: (search: string) => ['review-link-context', search] as const,
};

/**
 * An admin review page's own calls through the comment proxy (adr/011): what the link is for, and
 * the admin check (复核). Loading the context is silent: the page shows a refusal in full.
 */
export const linkPageApi = {
  context: () => call(proxyEndpoints.linkContext, {}, { silent: true }),
  /** 复核通过: the verdict becomes final and the candidate is told. */
  check: (submissionId: number) => call(proxyEndpoints.reviewCheck, { submissionId }),
  /** 退回评阅人: the review goes back to its reviewer with the reason. */
  reopen: (submissionId: number, reason: string) => call(proxyEndpoints.reviewReopen, { submissionId, reason }),
};
