import { Role, TEACHER_SIDE_ROLES } from '@zikao/contract';
import { forbidden, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { SubmissionRepository } from './submission.repository.ts';

/** Whether the user works on the admin side: sees every submission and every candidate. */
export const isAdmin = (user: SessionUser): boolean => user.role === Role.admin;

type ReviewerRow = { id: number; reviewer_id: number | null };

function allowedOf(user: SessionUser, rows: readonly ReviewerRow[]): Set<number> {
  if (!TEACHER_SIDE_ROLES.includes(user.role)) return new Set();
  if (isAdmin(user)) return new Set(rows.map((row) => row.id));
  return new Set(rows.filter((row) => row.reviewer_id === user.id).map((row) => row.id));
}

/**
 * Which of these submissions the user may read and review: admins every one, teacher-side users
 * those assigned to them, nobody else any.
 */
export async function reviewableSubmissions(
  repository: SubmissionRepository,
  user: SessionUser,
  ids: readonly number[],
): Promise<Set<number>> {
  return allowedOf(user, await repository.reviewers(ids));
}

/** Throws 1040001 for unknown ids and 1030003 for ids the user may not review. */
export async function requireReviewable(
  repository: SubmissionRepository,
  user: SessionUser,
  ids: readonly number[],
): Promise<void> {
  const rows = await repository.reviewers(ids);
  const existing = new Set(rows.map((row) => row.id));
  if (ids.some((id) => !existing.has(id))) throw notFound('论文不存在');
  const allowed = allowedOf(user, rows);
  if (ids.some((id) => !allowed.has(id))) throw forbidden('无权访问该论文');
}

/** Whether blind review hides the candidate from this user. */
export const hidesCandidate = (user: SessionUser, blindReview: boolean): boolean => blindReview && !isAdmin(user);
