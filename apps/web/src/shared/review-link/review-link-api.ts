import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { ReviewLinkCreateInput, ReviewLinkListQuery } from '@zikao/contract/review-link';
import { call } from '../request/call.ts';

export const reviewLinkKeys = {
  all: ['review-links'] as const,
  list: (query: ReviewLinkListQuery) => ['review-links', 'list', query] as const,
};

/**
 * Review links (评阅链接, issue 13), admins only: made from the console's 评阅链接 screen and from the
 * review lists' row actions, so the calls live here rather than in one feature. The list is
 * silent (the screen shows its own error); making and revoking let the client say why they failed.
 */
export const reviewLinkApi = {
  list: (query: ReviewLinkListQuery, signal?: AbortSignal) =>
    call(workflowEndpoints.reviewLinkList, query, { silent: true, signal }),
  create: (input: ReviewLinkCreateInput) => call(workflowEndpoints.reviewLinkCreate, input),
  revoke: (id: number) => call(workflowEndpoints.reviewLinkRevoke, { id }),
};
