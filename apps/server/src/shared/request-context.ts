import type { EndpointAccess, Role } from '@zikao/contract';
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

/** Per-route access rules, read by the signature and auth hooks: the endpoint's declared access. */
export type AccessConfig = EndpointAccess;

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
