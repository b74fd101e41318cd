import { Role, TEACHER_SIDE_ROLES } from '@zikao/contract';
import type { SessionUser } from '../../shared/request-context.ts';
import { readableDocuments } from '../document/document.policy.ts';
import type { DocumentRepository } from '../document/document.repository.ts';
import type { AnnotationRow } from './annotation.repository.ts';

/**
 * Documents the user may annotate: readable ones, for teacher-side roles, except the documents
 * of submission versions whose review is over (submitted, or superseded by a newer version).
 */
export async function annotatableDocuments(
  documents: DocumentRepository,
  user: SessionUser,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!(TEACHER_SIDE_ROLES as readonly number[]).includes(user.role)) return new Set();
  const readable = await readableDocuments(documents, user, ids);
  const frozen = new Set(await documents.frozenForReview([...readable]));
  return new Set([...readable].filter((id) => !frozen.has(id)));
}

/** Whose annotations on a document the user sees: null means everyone's (admins). */
export function visibleAuthor(user: SessionUser): number | null {
  return user.role === Role.admin ? null : user.id;
}

/** Annotations the user may reply to: their own, or any for an admin. */
export function canReply(user: SessionUser, annotation: AnnotationRow): boolean {
  return user.role === Role.admin || annotation.author_id === user.id;
}
