import { type ReviewState, Role, type SubmissionStatus, TEACHER_SIDE_ROLES } from '@zikao/contract';
import type { SessionUser } from '../../shared/request-context.ts';
import { isReleased } from '../../workflow/candidate/candidate.policy.ts';
import { parseRules } from '../../workflow/submission/submission-mapper.ts';
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
  if (!TEACHER_SIDE_ROLES.includes(user.role)) return new Set();
  const readable = await readableDocuments(documents, user, ids);
  const frozen = new Set(await documents.frozenForReview([...readable]));
  return new Set([...readable].filter((id) => !frozen.has(id)));
}

/** Whose annotations on a document the user sees: null means everyone's (admins). */
export function visibleAuthor(user: SessionUser): number | null {
  return user.role === Role.admin ? null : user.id;
}

/**
 * Annotations the user may reply to: their own, any for an admin, and for a candidate those of a
 * released review on their own document (the scope computed for the annotation's document).
 */
export function canReply(user: SessionUser, annotation: AnnotationRow, scope?: AnnotationScope): boolean {
  if (user.role === Role.admin || annotation.author_id === user.id) return true;
  return user.role === Role.student && Boolean(scope?.candidateView);
}

/** Whose annotations a user sees on a document, and whose names are masked for them. */
export interface AnnotationScope {
  /** One author's annotations, or everyone's (null). */
  authorId: number | null;
  /** The candidate reading a released review: other authors are "the reviewer", unnamed under blind review. */
  candidateView: { blind: boolean } | null;
  /** A reviewer under blind review: the candidate's replies carry no name. */
  hideCandidate: boolean;
}

/** Where a document's submission version stands, for who may see the annotations on it. */
export interface DocumentReviewLookup {
  reviewOfDocument(documentId: number): Promise<
    | {
        version_no: number;
        status: SubmissionStatus;
        current_version: number;
        student_id: number;
        rules_json: string;
        review_state: ReviewState | null;
      }
    | undefined
  >;
}

/**
 * The annotation scope: admins see all; reviewers their own; a candidate sees the reviewers'
 * annotations on their own document only once the review of that version is released to them
 * (a reviewer's draft annotations stay invisible until the review is submitted).
 */
export async function annotationScope(
  lookup: DocumentReviewLookup | undefined,
  user: SessionUser,
  documentId: number,
): Promise<AnnotationScope> {
  if (user.role === Role.admin || !lookup)
    return { authorId: visibleAuthor(user), candidateView: null, hideCandidate: false };
  const context = await lookup.reviewOfDocument(documentId);
  const blind = context ? parseRules(context.rules_json).blindReview : false;
  if (user.role !== Role.student) return { authorId: user.id, candidateView: null, hideCandidate: blind };
  if (context && context.student_id === user.id && isReleased(context.review_state, context.version_no, context)) {
    return { authorId: null, candidateView: { blind }, hideCandidate: false };
  }
  return { authorId: user.id, candidateView: null, hideCandidate: false };
}

/** The author as this viewer may see them: blind review hides reviewer and candidate from each other. */
export function maskedAuthor(
  scope: AnnotationScope | undefined,
  viewer: SessionUser,
  author: { id: number; role?: Role; name: string },
): { id: number; name: string } {
  if (scope?.candidateView && author.id !== viewer.id) {
    return { id: 0, name: scope.candidateView.blind ? '评阅教师' : author.name };
  }
  if (scope?.hideCandidate && author.role === Role.student) return { id: 0, name: '考生' };
  return { id: author.id, name: author.name };
}
