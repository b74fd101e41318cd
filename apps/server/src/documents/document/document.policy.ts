import { Role, TEACHER_SIDE_ROLES } from '@zikao/contract';
import type { SessionUser } from '../../shared/request-context.ts';
import type { DocumentRepository } from './document.repository.ts';
import { isStructuredText } from './structured-document.ts';

/**
 * Which of these documents the user may read: admins read all, everyone else their own, and
 * teacher-side users also those of the submissions assigned to them for review.
 */
export async function readableDocuments(
  repository: DocumentRepository,
  user: SessionUser,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await repository.owners(ids);
  if (user.role === Role.admin) return new Set(rows.map((row) => row.id));
  const readable = new Set(rows.filter((row) => row.owner_id === user.id).map((row) => row.id));
  const others = rows.filter((row) => !readable.has(row.id)).map((row) => row.id);
  if (others.length > 0 && TEACHER_SIDE_ROLES.includes(user.role)) {
    for (const id of await repository.assignedToReviewer(user.id, others)) readable.add(id);
  }
  return readable;
}

/**
 * The name a user sees for a document. Upload names often carry the candidate's name, so only
 * the owner and admins see it; reviewers see a neutral one (blind review must leak nothing).
 * Structured text is named by its stage alone, so everyone sees that name.
 */
export function visibleDocumentName(
  user: SessionUser,
  document: { id: number; owner_id: number; name: string; source_mime: string },
): string {
  if (user.role === Role.admin || document.owner_id === user.id || isStructuredText(document)) return document.name;
  return `论文文档-${document.id}.pdf`;
}
