import type { EndpointAccess } from '../endpoint.ts';
import { Role, TEACHER_SIDE_ROLES } from '../roles.ts';

/** Access rules that endpoints share. */
export const Access = {
  /** No session needed: sign-in, captcha, public key, version. */
  public: { auth: 'public' },
  /** Any signed-in role. */
  signedIn: {},
  /** Any signed-in role, even one that must still change its password. */
  anyState: { allowMustChange: true },
  /** Administrators (管理员). */
  admins: { roles: [Role.admin] },
  /** The teacher side: teachers, reviewers and administrators. */
  teacherSide: { roles: TEACHER_SIDE_ROLES },
  /** Students (考生). */
  students: { roles: [Role.student] },
} as const satisfies Record<string, EndpointAccess>;
