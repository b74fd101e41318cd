import { randomUUID } from 'node:crypto';
import { parseArea } from '@zikao/anchoring';
import {
  type AnnotationDto,
  type AnnotationInput,
  type AnnotationReplyDto,
  type AnnotationShape,
  annotationLimitMessage,
  Role,
} from '@zikao/contract';
import type { AccessService } from '../../access/access.service.ts';
import {
  type AnnotationScope,
  annotationScope,
  maskedAuthor,
  mayEditAnnotation,
  mayReplyTo,
} from '../../access/access-rules.ts';
import type { Redact } from '../../access/identity-redaction.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AnnotationFields, AnnotationRepository, AnnotationRow } from './annotation.repository.ts';

const STALE = '该批注已在其他窗口或设备上修改，请刷新后再试';

function fieldsOf(input: AnnotationInput): AnnotationFields {
  return {
    kind: input.kind,
    category: input.category,
    severity: input.severity,
    comment: input.comment,
    stamp: input.stamp,
    page_index: input.pageIndex,
    selectors_json: JSON.stringify(input.selectors),
    suggestion: input.suggestion ?? null,
    shape_json: input.shape ? JSON.stringify(input.shape) : null,
  };
}

/**
 * Why an annotation points outside the document's pages (issue 32 §4.11), or null: its page, and
 * every page its selectors name, must be one of the `pageCount` pages (a document not prepared
 * yet has none to check against).
 */
function outsidePages(input: AnnotationInput, pageCount: number): string | null {
  if (pageCount <= 0) return null;
  const last = pageCount - 1;
  if (input.pageIndex > last) return `pageIndex 超出文档页数（共 ${pageCount} 页）`;
  for (const selector of input.selectors) {
    if (selector.type === 'PageSelector' && Math.max(selector.index, selector.endIndex ?? 0) > last) {
      return `PageSelector 超出文档页数（共 ${pageCount} 页）`;
    }
    if (selector.type === 'FragmentSelector' && (parseArea(selector.value)?.page ?? 0) > last) {
      return `FragmentSelector 超出文档页数（共 ${pageCount} 页）`;
    }
  }
  return null;
}

function sameFields(row: AnnotationRow, fields: AnnotationFields): boolean {
  return (Object.keys(fields) as Array<keyof AnnotationFields>).every((key) => row[key] === fields[key]);
}

type ListedRow = AnnotationRow & { author_name: string; author_external: number };

/** What the access check read of a document (the access module's facts). */
type DocumentFacts = Parameters<typeof annotationScope>[1];

/** Who reads an answer: whose names are masked for them, and how they read the candidate's replies. */
interface Viewer {
  user: SessionUser;
  scope: AnnotationScope;
  /** The document's facts, for reading replies as this viewer may (redactorFor, adr/018), when there are any. */
  document: DocumentFacts | undefined;
}

/**
 * Annotations are saved one at a time, each with a revision. Two tabs never overwrite each
 * other's annotations; an edit made on an old revision is refused (1080001), and an edit that is
 * sent again after a lost response is recognised and answered as before.
 */
export class AnnotationService {
  private readonly annotations: AnnotationRepository;
  private readonly access: AccessService;

  constructor(deps: { annotations: AnnotationRepository; access: AccessService }) {
    this.annotations = deps.annotations;
    this.access = deps.access;
  }

  async list(user: SessionUser, documentId: number): Promise<AnnotationDto[]> {
    const viewer = this.viewer(user, await this.access.requireOne(user, 'document.read', documentId));
    const rows = await this.annotations.listForDocument(documentId, viewer.scope.authorId);
    return this.withReplies(rows, viewer);
  }

  /**
   * Every live annotation of a document, unmasked, with no access check: for a service that has
   * checked the caller's right itself (practice results show the reference points, adr/013).
   */
  async listUnchecked(documentId: number): Promise<AnnotationDto[]> {
    return this.withReplies(await this.annotations.listForDocument(documentId, null));
  }

  /** Copies a document's live annotations onto another document with new ids (no access check). */
  copyUnchecked(fromDocumentId: number, toDocumentId: number): Promise<number> {
    return this.annotations.copyLive(fromDocumentId, toDocumentId, () => randomUUID());
  }

  /**
   * One autosave in two statements on its usual path (adr/021): the access check, then the write,
   * which decides everything in one statement (a new id inserted unless it exists; an edit applied
   * only to the author's live annotation on this document at `baseRevision`) and returns the row
   * as stored. Only when nothing was written is the row read, to tell a repeat of a lost answer
   * from a conflict or a refusal; replies (and, under blind review, the candidate's identity) are
   * read only when the annotation has some.
   */
  async save(
    user: SessionUser,
    documentId: number,
    input: AnnotationInput,
    baseRevision: number,
  ): Promise<AnnotationDto> {
    const document = await this.access.requireOne(user, 'document.annotate', documentId);
    const refusal = document ? outsidePages(input, document.page_count) : null;
    if (refusal) throw invalidInput(refusal);
    const viewer = this.viewer(user, document);
    const fields = fieldsOf(input);
    const written =
      baseRevision === 0
        ? await this.annotations.insertIfAbsent(input.id, documentId, user.id, fields)
        : await this.annotations.updateOwnIfRevision(input.id, documentId, user.id, baseRevision, fields);
    if (written) {
      // The author is the caller: their name comes from the session, not from another read.
      const row: ListedRow = { ...written, author_name: user.row.name, author_external: user.row.external };
      const [dto] = await this.withReplies([row], viewer, Boolean(written.has_replies));
      return dto as AnnotationDto;
    }
    // Nothing written: a concurrent save of the same new id (an offline queue resending), a repeat
    // of an edit whose answer was lost, a stale revision, someone else's annotation, or a new mark
    // past a cap (ANNOTATION_LIMITS).
    const existing = await this.annotations.findById(input.id);
    if (!existing) {
      if (baseRevision !== 0) throw conflict('该批注已被删除或不存在，请刷新后再试');
      const full = await this.annotations.capReached(documentId, input.pageIndex);
      throw conflict(full ? annotationLimitMessage(full, input.pageIndex) : STALE);
    }
    this.requireOwn(user, existing, documentId);
    if (existing.deleted) throw conflict('该批注已被删除');
    // A repeat of an edit whose answer was lost: the stored state is already this edit.
    if (existing.revision === baseRevision + 1 && sameFields(existing, fields)) return this.one(input.id, viewer);
    throw conflict(STALE);
  }

  /** Soft delete, so the workspace can undo it. */
  async remove(user: SessionUser, id: string, baseRevision: number): Promise<AnnotationDto> {
    return this.setDeleted(user, id, baseRevision, 1);
  }

  async restore(user: SessionUser, id: string, baseRevision: number): Promise<AnnotationDto> {
    return this.setDeleted(user, id, baseRevision, 0);
  }

  async reply(user: SessionUser, annotationId: string, comment: string): Promise<AnnotationReplyDto> {
    const annotation = await this.annotations.findById(annotationId);
    if (!annotation || annotation.deleted) throw notFound('批注不存在');
    const scope =
      user.role === Role.student
        ? await this.access.annotationScope(user, annotation.document_id)
        : annotationScope(user, undefined);
    if (!mayReplyTo(user, annotation, scope)) throw forbidden('无权回复该批注');
    const id = await this.annotations.insertReply(annotationId, user.id, comment);
    const [reply] = (await this.annotations.replies([annotationId])).filter((row) => row.id === id);
    if (!reply) throw notFound('回复不存在');
    return toReply(reply);
  }

  private async setDeleted(
    user: SessionUser,
    id: string,
    baseRevision: number,
    deleted: 0 | 1,
  ): Promise<AnnotationDto> {
    const existing = await this.annotations.findById(id);
    if (!existing) throw notFound('批注不存在');
    this.requireOwn(user, existing, existing.document_id);
    const viewer = this.viewer(user, await this.access.requireOne(user, 'document.annotate', existing.document_id));
    if (existing.deleted === deleted && existing.revision === baseRevision + 1) return this.one(id, viewer, true);
    if (existing.revision !== baseRevision) throw conflict(STALE);
    if (deleted === 0 && existing.deleted === 1) {
      // A restored mark counts again: it comes back only within the caps (issue 32 §4.3).
      if (!(await this.annotations.restoreIfRevision(existing, baseRevision))) {
        const full = await this.annotations.capReached(existing.document_id, existing.page_index);
        throw conflict(full ? annotationLimitMessage(full, existing.page_index) : STALE);
      }
    } else if (!(await this.annotations.updateIfRevision(id, baseRevision, { deleted }))) {
      throw conflict(STALE);
    }
    return this.one(id, viewer, true);
  }

  private requireOwn(user: SessionUser, row: AnnotationRow, documentId: number): void {
    if (row.document_id !== documentId) throw invalidInput('该批注已属于其他文档');
    if (!mayEditAnnotation(user, row)) throw forbidden('只能修改自己的批注');
  }

  /** The viewer of a document's annotations, from the facts its access check read. */
  private viewer(user: SessionUser, document: DocumentFacts | undefined): Viewer {
    return { user, scope: annotationScope(user, document), document };
  }

  /**
   * One annotation, as the answer to its author's change: masked for them as the list is (the
   * candidate's replies to it carry no name under blind review).
   */
  private async one(id: string, viewer: Viewer, includeDeleted = false): Promise<AnnotationDto> {
    const row = await this.annotations.findWithAuthor(id);
    if (!row || (row.deleted && !includeDeleted)) throw notFound('批注不存在');
    const [dto] = await this.withReplies([row], viewer);
    return dto as AnnotationDto;
  }

  /**
   * The answer for these rows, with their replies (read unless `mayHaveReplies` is false, as a
   * save that wrote the row knows), as the viewer may read them.
   */
  private async withReplies(rows: ListedRow[], viewer?: Viewer, mayHaveReplies = true): Promise<AnnotationDto[]> {
    const replies = mayHaveReplies ? await this.annotations.replies(rows.map((row) => row.id)) : [];
    // The candidate's identity (blind review) is read only when there is a reply to redact.
    const redact: Redact =
      viewer && replies.length > 0 ? await this.access.redactorFor(viewer.user, viewer.document) : (text) => text;
    const mask = <T extends AnnotationDto | AnnotationReplyDto>(dto: T, external: number, role?: Role): T => {
      if (!viewer) return dto;
      const author = maskedAuthor(viewer.scope, viewer.user, {
        id: dto.authorId,
        name: dto.authorName,
        external: external === 1,
        ...(role ? { role } : {}),
      });
      return { ...dto, authorId: author.id, authorName: author.name };
    };
    return rows.map((row) =>
      mask(
        {
          id: row.id,
          documentId: row.document_id,
          kind: row.kind,
          category: row.category,
          severity: row.severity,
          comment: row.comment,
          stamp: row.stamp,
          pageIndex: row.page_index,
          selectors: JSON.parse(row.selectors_json) as AnnotationDto['selectors'],
          suggestion: row.suggestion,
          shape: row.shape_json === null ? null : (JSON.parse(row.shape_json) as AnnotationShape),
          revision: row.revision,
          authorId: row.author_id,
          authorName: row.author_name,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          replies: replies
            .filter((reply) => reply.annotation_id === row.id)
            .map((reply) => {
              const dto = mask(toReply(reply), reply.author_external, reply.author_role);
              return viewer ? { ...dto, comment: redact(dto.comment) } : dto;
            }),
        },
        row.author_external,
      ),
    );
  }
}

function toReply(row: {
  id: number;
  annotation_id: string;
  author_id: number;
  author_name: string;
  author_role: Role;
  comment: string;
  created_at: number;
}): AnnotationReplyDto {
  return {
    id: row.id,
    annotationId: row.annotation_id,
    authorId: row.author_id,
    authorName: row.author_name,
    authorRole: row.author_role,
    comment: row.comment,
    createdAt: row.created_at,
  };
}
