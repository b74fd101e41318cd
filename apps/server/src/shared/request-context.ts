import type { Role } from '@zikao/contract';
import type { UserRow } from '../modules/auth/users.repository.ts';

/** The signed-in caller, as the auth hook resolves it. */
export interface SessionUser {
  id: number;
  role: Role;
  account: string;
  name: string;
  mustChangePassword: boolean;
  sessionId: number;
  /** The user's row as the session lookup read it; never sent to a client as it is. */
  row: UserRow;
}

/** Per-route access rules, read by the signature and auth hooks. */
export interface AccessConfig {
  /** 'public' needs no session; 'user' (the default) needs one. */
  auth?: 'public' | 'user';
  /** Roles allowed; omitted means any signed-in role. */
  roles?: readonly Role[];
  /** Reachable while the account must still change its password (updatePassword, logout). */
  allowMustChange?: boolean;
  /**
   * 'multipart': the route verifies the signature once the form fields are read. Only routes in
   *   app.ts's files scope, where multipart parsing is registered.
   * 'none': byte-range file reads that pdf.js makes long after signing; still session-checked.
   */
  signature?: 'hook' | 'multipart' | 'none';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
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
