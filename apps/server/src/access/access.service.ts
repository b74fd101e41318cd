import type { ProxyCall } from '@zikao/contract/endpoints/proxy';
import { forbidden, notFound } from '../shared/errors.ts';
import type { LinkGrant, SessionUser } from '../shared/request-context.ts';
import type { AccessRepository, DocumentFacts, SubmissionFacts } from './access.repository.ts';
import {
  type AnnotationScope,
  annotationScope,
  mayAnnotateDocument,
  mayReadDocument,
  mayReadUploadName,
  mayReviewSubmission,
  mayUseDocument,
  originalRefusal,
  visibleDocumentName,
} from './access-rules.ts';
import { hiddenCandidateOf, type Redact, redactorOf } from './identity-redaction.ts';
import { isDocumentOfLink, type LinkScope, linkCallRefusal, OUTSIDE_LINK } from './link-rules.ts';

/** What a caller asks to do to the resources named by ids. */
export type Permission =
  | 'document.read'
  | 'document.annotate'
  | 'document.use'
  | 'document.original'
  | 'submission.review';

interface Rule<F> {
  load: (repository: AccessRepository, ids: readonly number[]) => Promise<Map<number, F>>;
  /** Why the user may not, in the words the caller sees; null when they may. */
  refusal: (user: SessionUser, facts: F) => string | null;
  missing: string;
}

const RULES: { [P in Permission]: Rule<P extends `document.${string}` ? DocumentFacts : SubmissionFacts> } = {
  'document.read': {
    load: (repository, ids) => repository.documents(ids),
    refusal: (user, document) => (mayReadDocument(user, document) ? null : '无权访问该文档'),
    missing: '文档不存在',
  },
  'document.annotate': {
    load: (repository, ids) => repository.documents(ids),
    refusal: (user, document) => {
      if (!mayReadDocument(user, document)) return '无权访问该文档';
      return mayAnnotateDocument(user, document) ? null : '无权批注该文档';
    },
    missing: '文档不存在',
  },
  'document.use': {
    load: (repository, ids) => repository.documents(ids),
    refusal: (user, document) => (mayUseDocument(user, document) ? null : '无权使用该文档'),
    missing: '文档不存在',
  },
  /** The Word original of a review PDF (issue 23). */
  'document.original': {
    load: (repository, ids) => repository.documents(ids),
    refusal: originalRefusal,
    missing: '文档不存在',
  },
  'submission.review': {
    load: (repository, ids) => repository.submissions(ids),
    refusal: (user, submission) => (mayReviewSubmission(user, submission) ? null : '无权访问该论文'),
    missing: '论文不存在',
  },
};

type FactsOf<P extends Permission> = P extends `document.${string}` ? DocumentFacts : SubmissionFacts;

/**
 * The one place that answers "may this user do this to these ids" (adr/010), in the way of
 * immich's access utilities: one query per call, whatever the number of ids, and the rule
 * functions of access-rules.ts.
 */
export class AccessService {
  private readonly repository: AccessRepository;

  constructor(repository: AccessRepository) {
    this.repository = repository;
  }

  /**
   * Throws 1040001 when an id does not exist and 1030003 when the user may not; otherwise
   * returns the facts read, for the caller's next decisions (scope, names) without a second query.
   */
  async requireAccess<P extends Permission>(
    user: SessionUser,
    permission: P,
    ids: readonly number[],
  ): Promise<Map<number, FactsOf<P>>> {
    const rule = RULES[permission] as unknown as Rule<FactsOf<P>>;
    const facts = await rule.load(this.repository, ids);
    // Every id is checked for existence first: an unknown id is 1040001 whatever its neighbours.
    if (ids.some((id) => !facts.has(id))) throw notFound(rule.missing);
    for (const id of ids) {
      const refusal = rule.refusal(user, facts.get(id) as FactsOf<P>);
      if (refusal) throw forbidden(refusal);
    }
    return facts;
  }

  /** The facts of one id, after `requireAccess`. */
  async requireOne<P extends Permission>(user: SessionUser, permission: P, id: number): Promise<FactsOf<P>> {
    const facts = await this.requireAccess(user, permission, [id]);
    return facts.get(id) as FactsOf<P>;
  }

  /** Those of these ids the user may act on; unknown ids are left out. */
  async allowed(user: SessionUser, permission: Permission, ids: readonly number[]): Promise<Set<number>> {
    const rule = RULES[permission] as unknown as Rule<DocumentFacts | SubmissionFacts>;
    const facts = await rule.load(this.repository, ids);
    return new Set([...facts.values()].filter((one) => rule.refusal(user, one) === null).map((one) => one.id));
  }

  /**
   * A comment-proxy call through a review link (adr/011): 1030003 unless the link's purpose allows
   * the call and every id it names lies inside the link's one submission: the submission itself,
   * a document of one of its versions, an annotation on such a document. Two statements at most.
   * The services then apply the usual rules to the link's actor (blind review, frozen reviews).
   */
  async requireLinkScope(link: LinkGrant, call: ProxyCall, scope: LinkScope): Promise<void> {
    const refusal = linkCallRefusal(link.purpose, call);
    if (refusal) throw forbidden(refusal);
    if (scope.submissionIds?.some((id) => id !== link.submissionId)) throw forbidden(OUTSIDE_LINK);
    const annotated = await this.repository.annotationDocuments(scope.annotationIds ?? []);
    const documentIds = [...new Set([...(scope.documentIds ?? []), ...annotated.values()])];
    if (documentIds.length === 0) return;
    const documents = await this.repository.documents(documentIds);
    if (documentIds.some((id) => !isDocumentOfLink(link, documents.get(id)))) throw forbidden(OUTSIDE_LINK);
  }

  /**
   * Whose annotations on a document the user sees and whose names are masked, whatever their
   * right to read it (the caller checks that): a reply on a released review needs the scope only.
   */
  async annotationScope(user: SessionUser, documentId: number): Promise<AnnotationScope> {
    return annotationScope(user, (await this.repository.documents([documentId])).get(documentId));
  }

  /**
   * How this user reads the candidate's free text on a document (its structured pages, the
   * replies to its annotations): redacted under blind review (identity-redaction.ts), else as written.
   */
  async redactorFor(user: SessionUser, document: DocumentFacts | undefined): Promise<Redact> {
    const candidateId = hiddenCandidateOf(user, document);
    if (candidateId === null) return redactorOf(null);
    return redactorOf((await this.repository.candidateIdentity(candidateId)) ?? null);
  }

  /** The name this user sees for a document (visibleDocumentName); reads the thesis only when it is needed. */
  async documentName(
    user: SessionUser,
    document: { id: number; owner_id: number; name: string; source_mime: string },
  ): Promise<string> {
    if (mayReadUploadName(user, document)) return document.name;
    return visibleDocumentName(user, document, (await this.repository.documents([document.id])).get(document.id));
  }
}
