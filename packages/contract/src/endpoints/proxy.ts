import type { z } from 'zod';
import type { Endpoint, EndpointAccess } from '../endpoint.ts';
import { post } from '../endpoint.ts';
import { COMMENT_PROXY_BASE } from '../paths.ts';
import { linkCredentialSchema, type ReviewLinkContext } from '../review-link.ts';
import { documentsEndpoints } from './documents.ts';
import { workflowEndpoints } from './workflow.ts';

/** The proxy's path for a `/v1/…` call: `/v1/submission/detail` → `/qianwei/v1/comment-prx/submission/detail`. */
export const proxyPath = (path: string): string => `${COMMENT_PROXY_BASE}${path.replace(/^\/v1(?=\/)/, '')}`;

type LinkAccess = { auth: 'link'; signature?: EndpointAccess['signature'] };
type Proxied<E> =
  E extends Endpoint<infer I, infer O, EndpointAccess>
    ? I extends z.ZodObject
      ? Endpoint<z.ZodObject<I['shape'] & (typeof linkCredentialSchema)['shape']>, O, LinkAccess>
      : never
    : never;

/**
 * The comment-proxy twin of a reviewer's call (issue 13): the same relative path under the proxy
 * base, the same input plus the link's credential, the same output; authorised by the link alone.
 */
function viaLink<E extends Endpoint>(endpoint: E): Proxied<E> {
  const input = endpoint.input as unknown as z.ZodObject;
  const access: LinkAccess = endpoint.access.signature
    ? { auth: 'link', signature: endpoint.access.signature }
    : { auth: 'link' };
  return {
    ...endpoint,
    path: proxyPath(endpoint.path),
    input: input.extend(linkCredentialSchema.shape),
    access,
  } as unknown as Proxied<E>;
}

/**
 * Exactly the calls an admin review page needs, through the comment proxy: the submission, its
 * document, the annotations, the shared comment bank (read only), the review (评阅) or the check
 * (复核), and the information sheet and attachments. Anything else under the proxy is 1040001.
 */
export const proxyEndpoints = {
  /** What the page is for: the link's purpose and submission, and whether its work is done. */
  linkContext: post<ReviewLinkContext>()({
    path: `${COMMENT_PROXY_BASE}/link/context`,
    input: linkCredentialSchema,
    access: { auth: 'link' },
  }),
  submissionDetail: viaLink(workflowEndpoints.submissionDetail),
  documentStatus: viaLink(documentsEndpoints.documentStatus),
  documentText: viaLink(documentsEndpoints.documentText),
  documentFile: viaLink(documentsEndpoints.documentFile),
  annotationList: viaLink(documentsEndpoints.annotationList),
  annotationSave: viaLink(documentsEndpoints.annotationSave),
  annotationDelete: viaLink(documentsEndpoints.annotationDelete),
  annotationRestore: viaLink(documentsEndpoints.annotationRestore),
  annotationReply: viaLink(documentsEndpoints.annotationReply),
  commentBankList: viaLink(documentsEndpoints.commentBankList),
  reviewSave: viaLink(workflowEndpoints.reviewSave),
  reviewSubmit: viaLink(workflowEndpoints.reviewSubmit),
  /** 复核通过. */
  reviewCheck: viaLink(workflowEndpoints.reviewCheck),
  /** 退回评阅人: the review goes back to its reviewer with the reason. */
  reviewReopen: viaLink(workflowEndpoints.reviewReopen),
  thesisSheet: viaLink(workflowEndpoints.thesisSheet),
  thesisAttachments: viaLink(workflowEndpoints.thesisAttachments),
  submissionFile: viaLink(workflowEndpoints.submissionFile),
};

/** A call of the comment proxy, by its name in the table: what the access module's link rules speak of. */
export type ProxyCall = keyof typeof proxyEndpoints;

const callPatterns = Object.entries(proxyEndpoints).map(([call, endpoint]) => ({
  call: call as ProxyCall,
  pattern: new RegExp(`${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

/** The proxy call a request path names (with any API base before it), or null for none. */
export function proxyCallOfPath(path: string): ProxyCall | null {
  return callPatterns.find(({ pattern }) => pattern.test(path))?.call ?? null;
}
