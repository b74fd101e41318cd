/**
 * The review links' rules (issue 13, adr/011), as pure functions: which comment-proxy calls each
 * purpose may make, and what lies inside a link's one submission. The access service applies
 * them to the ids a proxied call names (`AccessService.requireLinkScope`).
 */
import type { ProxyCall } from '@zikao/contract/endpoints/proxy';
import type { ReviewLinkPurpose } from '@zikao/contract/review-link';
import type { LinkGrant } from '../shared/request-context.ts';
import type { DocumentFacts } from './access.repository.ts';

/** Calls that write the review (评阅): a 复核 link reads the review and its annotations only. */
const REVIEWING_CALLS: readonly ProxyCall[] = [
  'reviewSave',
  'reviewSubmit',
  'annotationSave',
  'annotationDelete',
  'annotationRestore',
  'annotationReply',
];

/** The check (复核): 复核通过 and 退回评阅人. A reviewer never checks their own review. */
const CHECKING_CALLS: readonly ProxyCall[] = ['reviewCheck', 'reviewReopen'];

/** Why a link of this purpose may not make this call, in the words its page shows; null when it may. */
export function linkCallRefusal(purpose: ReviewLinkPurpose, call: ProxyCall): string | null {
  if (purpose === 'check' && REVIEWING_CALLS.includes(call)) return '复核链接只能查看评阅结果，不能修改评阅或批注';
  if (purpose === 'review' && CHECKING_CALLS.includes(call)) return '评阅链接不能复核';
  return null;
}

/** The refusal of an id outside the link's submission. */
export const OUTSIDE_LINK = '评阅链接只能访问指定的论文';

/** Whether a document is the paper of one of the versions of the link's submission. */
export function isDocumentOfLink(link: Pick<LinkGrant, 'submissionId'>, document: DocumentFacts | undefined): boolean {
  return Boolean(document?.versions.some((version) => version.submission_id === link.submissionId));
}

/** The ids a proxied call names, by kind; each must lie inside the link's submission. */
export interface LinkScope {
  submissionIds?: readonly number[];
  documentIds?: readonly number[];
  /** Annotations that exist must be on a document of the link; an unknown id is a new annotation. */
  annotationIds?: readonly string[];
}
