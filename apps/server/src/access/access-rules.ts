/**
 * The access rules (adr/010), as pure functions of the facts the access repository reads. The
 * access service applies them to ids; services that already hold a row apply them directly.
 * Nothing else in the server decides who may do what.
 */
import { parseBatchRules, type ReviewState, Role, type SubmissionStatus, TEACHER_SIDE_ROLES } from '@zikao/contract';
import { STAGE_LABELS } from '@zikao/contract/review';
import { STRUCTURED_TEXT_MIME } from '@zikao/contract/structured-text';
import { forbidden, notFound } from '../shared/errors.ts';
import type { SessionUser } from '../shared/request-context.ts';
import type { DocumentFacts, SubmissionFacts } from './access.repository.ts';

/** Whether the user works on the admin side: sees every submission and every candidate. */
export const isAdmin = (user: SessionUser): boolean => user.role === Role.admin;

const isTeacherSide = (user: SessionUser): boolean => TEACHER_SIDE_ROLES.includes(user.role);

/** Admins read every document; others their own, and the teacher side those assigned to them. */
export function mayReadDocument(user: SessionUser, document: DocumentFacts): boolean {
  if (isAdmin(user)) return true;
  // Practice (adr/013): a reference document is the admins' alone; an attempt's is its marker's.
  if (document.practice) return document.practice.kind === 'attempt' && document.practice.userId === user.id;
  if (document.owner_id === user.id) return true;
  return isTeacherSide(user) && document.versions.some((version) => version.reviewer_id === user.id);
}

/**
 * Why the user may not download a document's Word original (issue 23), or null: admins may; the
 * teacher side only for a version assigned to it, and never under blind review (a DOCX carries its
 * author in its properties and revision marks, and nothing strips them yet).
 */
export function originalRefusal(user: SessionUser, document: DocumentFacts): string | null {
  if (isAdmin(user)) return null;
  if (!isTeacherSide(user) || !document.versions.some((version) => version.reviewer_id === user.id)) {
    return '无权下载该论文的 Word 原文';
  }
  if (document.versions.some((version) => parseBatchRules(version.rules_json).blindReview)) {
    return '盲审论文不提供 Word 原文，请以 PDF 为准';
  }
  return null;
}

/** Only its owner puts a document into a submission (a candidate's new version). */
export const mayUseDocument = (user: SessionUser, document: Pick<DocumentFacts, 'owner_id'>): boolean =>
  document.owner_id === user.id;

/**
 * A document's annotations are final once its version's review is over: an earlier version,
 * or one whose review has been submitted.
 */
export function isFrozenForReview(document: DocumentFacts): boolean {
  return document.versions.some(
    (version) => version.version_no !== version.current_version || !['assigned', 'reviewing'].includes(version.status),
  );
}

/**
 * A practice document's annotations (adr/013): an attempt's only by its marker until submitted
 * (an admin reads it but never annotates it); a reference document's until its first attempt.
 */
export function mayAnnotatePractice(user: SessionUser, document: DocumentFacts): boolean {
  const practice = document.practice;
  if (!practice) return true;
  if (practice.kind === 'attempt') return practice.userId === user.id && !practice.submitted;
  return isAdmin(user) && !practice.locked;
}

/** The teacher side annotates what it may read, except documents whose review (or practice attempt) is over. */
export function mayAnnotateDocument(user: SessionUser, document: DocumentFacts): boolean {
  return (
    isTeacherSide(user) &&
    mayReadDocument(user, document) &&
    !isFrozenForReview(document) &&
    mayAnnotatePractice(user, document)
  );
}

/** Admins review every submission; the teacher side those assigned to it; nobody else any. */
export function mayReviewSubmission(user: SessionUser, submission: Pick<SubmissionFacts, 'reviewer_id'>): boolean {
  if (!isTeacherSide(user)) return false;
  return isAdmin(user) || submission.reviewer_id === user.id;
}

/** Whether blind review hides the candidate from this user. */
export const hidesStudent = (user: SessionUser, blindReview: boolean): boolean => blindReview && !isAdmin(user);

/** Throws 1040001 for a missing thesis, submission or file and 1030003 for another candidate's. */
export function requireOwn<T extends { student_id: number }>(user: SessionUser, row: T | undefined, what = '论文'): T {
  if (!row) throw notFound(`${what}不存在`);
  if (user.role !== Role.student || row.student_id !== user.id) throw forbidden(`无权访问该${what}`);
  return row;
}

/**
 * Whether a version's review is released to its candidate: submitted, and for the current
 * version not waiting for the admin check (the verdict is not final until then). An admin's
 * reopen turns the review back into a draft, so it is withdrawn until submitted again.
 */
export function isReleased(
  reviewState: ReviewState | null | undefined,
  versionNo: number,
  submission: { status: SubmissionStatus; current_version: number },
): boolean {
  if (reviewState !== 'submitted') return false;
  return !(versionNo === submission.current_version && submission.status === 'awaiting_check');
}

/** Who may change a comment bank entry: its owner, or an admin for a shared one (no owner). */
export function mayEditBankEntry(user: SessionUser, ownerId: number | null): boolean {
  return ownerId === null ? isAdmin(user) : ownerId === user.id;
}

/** Only admins add shared comment bank entries. */
export const mayShareBankEntries = (user: SessionUser): boolean => isAdmin(user);

/** Only an annotation's author changes or deletes it. */
export const mayEditAnnotation = (user: SessionUser, annotation: { author_id: number }): boolean =>
  annotation.author_id === user.id;

/** Whose annotations on a document a user sees, and whose names are masked for them. */
export interface AnnotationScope {
  /** One author's annotations, or everyone's (null). */
  authorId: number | null;
  /** The candidate reading a released review: other authors are "the reviewer" (评阅教师), never named. */
  studentView: { blind: boolean } | null;
  /** A reviewer under blind review: the candidate's replies carry no name. */
  hideStudent: boolean;
}

/**
 * The annotation scope: admins see all; reviewers their own; a candidate sees the reviewers'
 * annotations on their own document only once the review of that version is released to them
 * (a reviewer's draft annotations stay invisible until the review is submitted).
 */
export function annotationScope(user: SessionUser, document: DocumentFacts | undefined): AnnotationScope {
  if (isAdmin(user)) return { authorId: null, studentView: null, hideStudent: false };
  const version = document?.versions[0];
  const blind = version ? parseBatchRules(version.rules_json).blindReview : false;
  if (user.role !== Role.student) return { authorId: user.id, studentView: null, hideStudent: blind };
  if (version && version.student_id === user.id && isReleased(version.review_state, version.version_no, version)) {
    return { authorId: null, studentView: { blind }, hideStudent: false };
  }
  return { authorId: user.id, studentView: null, hideStudent: false };
}

/**
 * Annotations the user may reply to: their own, any for an admin, and for a candidate those of a
 * released review on their own document (the scope computed for the annotation's document).
 */
export function mayReplyTo(user: SessionUser, annotation: { author_id: number }, scope: AnnotationScope): boolean {
  if (isAdmin(user) || annotation.author_id === user.id) return true;
  return user.role === Role.student && Boolean(scope.studentView);
}

/** How a candidate sees an external reviewer (外审专家), blind review or not: never by name. */
export const EXTERNAL_REVIEWER_NAME = '评阅专家';

/**
 * The author as this viewer may see them: blind review hides reviewer and candidate from each
 * other, and a candidate sees an external reviewer as 评阅专家.
 */
export function maskedAuthor(
  scope: AnnotationScope | undefined,
  viewer: SessionUser,
  author: { id: number; role?: Role; name: string; external?: boolean },
): { id: number; name: string } {
  if (scope?.studentView && author.id !== viewer.id) {
    if (author.external) return { id: 0, name: EXTERNAL_REVIEWER_NAME };
    // Toward a candidate a reviewer is a role, blind batch or not: that is blind marking in 自考
    // (issue 32 §1.3), in the screens, the replies, the exports and the annotated PDF alike.
    return { id: 0, name: '评阅教师' };
  }
  if (scope?.hideStudent && author.role === Role.student) return { id: 0, name: '考生' };
  return { id: author.id, name: author.name };
}

/** Characters a file name may not carry on common systems; a thesis title is free text. */
const UNSAFE_FILE_NAME = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * The name a user sees for a document. Upload names often carry the candidate's name, so only
 * the owner and admins see it. Others see the thesis title and stage of the submission the
 * document is the paper of, or, under blind review or for a free upload, a neutral name (blind
 * review must leak nothing). Structured text is named by its stage alone, so everyone sees that.
 */
export function visibleDocumentName(
  user: SessionUser,
  document: { id: number; owner_id: number; name: string; source_mime: string },
  facts?: DocumentFacts,
): string {
  if (mayReadUploadName(user, document)) return document.name;
  const version = facts?.versions[0];
  if (version && !parseBatchRules(version.rules_json).blindReview) {
    const title = version.thesis_title.replace(UNSAFE_FILE_NAME, ' ').trim().slice(0, 80);
    if (title) return `${title}-${STAGE_LABELS[version.stage]}.pdf`;
  }
  return `论文文档-${document.id}.pdf`;
}

/** Whether the upload's own name may be shown: to its owner, to admins, and for structured text. */
export function mayReadUploadName(user: SessionUser, document: { owner_id: number; source_mime: string }): boolean {
  return isAdmin(user) || document.owner_id === user.id || document.source_mime === STRUCTURED_TEXT_MIME;
}
