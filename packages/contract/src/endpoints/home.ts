import { type Endpoint, post } from '../endpoint.ts';
import { type AdminHome, HomeApiPath, type ReviewerHome } from '../home.ts';
import { Role } from '../roles.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/**
 * The staff homes (issue 21 §3), part of the workflow area: each answers about the caller alone,
 * so neither takes an id.
 */
export const homeEndpoints = {
  /** The caller's own assignments only, whatever the role (an admin's are those assigned to them). */
  homeReviewer: post<ReviewerHome>()({
    path: HomeApiPath.reviewer,
    input: emptyInputSchema,
    access: { roles: [Role.reviewer, Role.admin] },
  }),
  homeAdmin: post<AdminHome>()({
    path: HomeApiPath.admin,
    input: emptyInputSchema,
    access: Access.admins,
  }),
} satisfies Record<string, Endpoint>;
