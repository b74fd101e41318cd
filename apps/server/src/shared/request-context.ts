import type { EndpointAccess, Role } from '@zikao/contract';
import type { ReviewLinkPurpose } from '@zikao/contract/review-link';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';

/** The signed-in caller, as the auth hook resolves it. */
export interface SessionUser {
  id: number;
  role: Role;
  account: string;
  name: string;
  mustChangePassword: boolean;
  sessionId: number;
  /** The user's row as the session lookup read it; never sent to a client as it is. */
  row: Selectable<UsersTable>;
}

/** What a verified review link grants (adr/011): one submission, for one purpose. */
export interface LinkGrant {
  id: number;
  submissionId: number;
  purpose: ReviewLinkPurpose;
  label: string;
  expiresAt: number;
  /** Its work is done (the review submitted, the check made): the page is read-only. */
  completed: boolean;
}

/**
 * A comment-proxy call's link and the user it acts as: the external reviewer of a 评阅 link, the
 * admin who made a 复核 link. Set by the auth hook on `auth: 'link'` routes only.
 */
export interface LinkCaller {
  grant: LinkGrant;
  actor: SessionUser;
}

/** One use of a review link, as the audit trail records it. */
export interface LinkUse {
  /** The call's path, without its query (which holds the credential). */
  path: string;
  /** The client's address. */
  ip: string;
}

/** Verifies the review-link credential a comment-proxy request carries (the review-link module). */
export interface LinkAuthenticator {
  /**
   * Throws 1030004 for a missing, tampered, expired or revoked link; otherwise records the use and
   * answers the link and the user it acts as. `params` is the request's body, or a GET's query.
   */
  authenticate(params: unknown, use: LinkUse): Promise<LinkCaller>;
}

/** Per-route access rules, read by the signature and auth hooks: the endpoint's declared access. */
export type AccessConfig = EndpointAccess;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The review link of a comment-proxy call (`auth: 'link'`); null on every other route. */
    link: LinkCaller | null;
    /** Signed query parameters for multipart routes, checked by the route with the form fields. */
    pendingSignature: { params: Record<string, unknown>; t: string; sig: string } | null;
    /**
     * `paramsKey` of the signed query or body, taken once by the signature check for a route's
     * parse memo; undefined when it has none (objects in it, multipart, or no check).
     */
    signedParamsKey: string | undefined;
  }
  interface FastifyContextConfig {
    access?: AccessConfig;
  }
}
