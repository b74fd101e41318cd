/**
 * Blind review and the candidate's own words (issue 19 §1, adr/018): a candidate may write their
 * name or exam number into the free text they control (a topic's 选题理由, 提纲, 参考文献, a reply to an
 * annotation). Whoever blind review hides the candidate from gets that text with each occurrence
 * replaced by as many full-width asterisks, so that every text offset stays where it was:
 * annotations anchor by position and quote, and the redacted document text and the redacted
 * detail fields must agree with each other. The candidate, admins and non-blind reviewers read
 * the original. The title is exempt (it is shown everywhere as the thesis's name).
 */
import { parseBatchRules, type TopicFields } from '@zikao/contract';
import type { SessionUser } from '../shared/request-context.ts';
import type { DocumentFacts } from './access.repository.ts';
import { hidesStudent } from './access-rules.ts';

/** What is redacted: the candidate's name and exam number as stored. */
export interface CandidateIdentity {
  name: string;
  examNumber: string | null;
}

/** A text as one viewer may read it; the identity for those who read the original. */
export type Redact = (text: string) => string;

export const REDACTION_MARK = '＊';

/** Parts shorter than this are not searched: one character would blank unrelated words. */
const MIN_NEEDLE = 2;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with every occurrence of the candidate's name and exam number (case-insensitive, the
 * longest first) replaced by the same number of UTF-16 units of ＊, so `text.length` and every
 * offset are unchanged.
 */
export function redactIdentity(text: string, identity: CandidateIdentity | null): string {
  return redactorOf(identity)(text);
}

/** One redactor for many texts of the same candidate (the pattern is built once). */
export function redactorOf(identity: CandidateIdentity | null): Redact {
  if (!identity) return (text) => text;
  const needles = [identity.name, identity.examNumber ?? '']
    .map((part) => part.trim())
    .filter((part) => [...part].length >= MIN_NEEDLE)
    .sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (text) => text;
  const pattern = new RegExp(needles.map(escapeRegExp).join('|'), 'giu');
  return (text) => text.replace(pattern, (match) => REDACTION_MARK.repeat(match.length));
}

/** A topic's (or structured plan's) fields as the viewer may read them: all but the title. */
export function redactTopicFields(fields: TopicFields, redact: Redact): TopicFields {
  return {
    ...fields,
    rationale: redact(fields.rationale),
    outline: redact(fields.outline),
    references: redact(fields.references),
  };
}

/**
 * Whether this user reads the candidate's free text redacted: blind review hides the candidate
 * from everyone but admins (`hidesStudent`), and the candidate reads their own words.
 */
export function hidesCandidateText(user: SessionUser, blindReview: boolean, candidateId: number): boolean {
  return hidesStudent(user, blindReview) && user.id !== candidateId;
}

/**
 * The candidate whose free text on this document (its structured pages, replies to its
 * annotations) is hidden from the user, or null when the user reads it as written: a document
 * that is no blind submission's, or a reader whom blind review does not hide the candidate from.
 */
export function hiddenCandidateOf(user: SessionUser, document: DocumentFacts | undefined): number | null {
  const version = document?.versions[0];
  if (!document || !version) return null;
  const blind = document.versions.some((v) => parseBatchRules(v.rules_json).blindReview);
  return hidesCandidateText(user, blind, version.student_id) ? version.student_id : null;
}
