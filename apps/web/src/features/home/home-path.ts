import { Role } from '@zikao/contract/roles';
import { STUDENT_HOME_PATH } from '../../shared/routing/paths.ts';

/** The staff home (首页, issue 21 §3): one route whose screen follows the caller's role. */
export const STAFF_HOME_PATH = '/home';

/** Where 首页 leads: the candidate's home for a candidate, the staff home for everyone else. */
export function homePathFor(role: number): string {
  return role === Role.student ? STUDENT_HOME_PATH : STAFF_HOME_PATH;
}
