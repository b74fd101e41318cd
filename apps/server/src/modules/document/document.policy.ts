import { Role } from '@zikao/contract';
import type { SessionUser } from '../../shared/request-context.ts';
import type { DocumentRepository } from './document.repository.ts';

/**
 * Which of these documents the user may read: admins read all, everyone else their own.
 * Review assignments widen this for reviewers in the review workflow.
 */
export async function readableDocuments(
  repository: DocumentRepository,
  user: SessionUser,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await repository.owners(ids);
  if (user.role === Role.admin) return new Set(rows.map((row) => row.id));
  return new Set(rows.filter((row) => row.owner_id === user.id).map((row) => row.id));
}
