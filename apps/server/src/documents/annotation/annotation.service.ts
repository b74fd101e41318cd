import { randomUUID } from 'node:crypto';
import {
  type AnnotationDto,
  type AnnotationInput,
  type AnnotationReplyDto,
  type AnnotationShape,
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

function sameFields(row: AnnotationRow, fields: AnnotationFields): boolean {
  return (Object.keys(fields) as Array<keyof AnnotationFields>).every((key) => row[key] === fields[key]);
}

type ListedRow = AnnotationRow & { author_name: string; author_external: number };

/** Who reads an answer: whose names are masked for them, and how they read the candidate's replies. */
interface Viewer {
  user: SessionUser;
  scope: AnnotationScope;
  /** Replies as this viewer may read them: under blind review without the candidate's name (adr/018). */
  redact: Redact;
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
    const viewer = await this.viewer(user, await this.access.requireOne(user, 'document.read', documentId));
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

  async save(
    user: SessionUser,
    documentId: number,
    input: AnnotationInput,
    baseRevision: number,
  ): Promise<AnnotationDto> {
    const viewer = await this.viewer(user, await this.access.requireOne(user, 'document.annotate', documentId));
    const fields = fieldsOf(input);
    let existing = await this.annotations.findById(input.id);
    if (!existing) {
      if (baseRevision !== 0) throw conflict('该批注已被删除或不存在，请刷新后再试');
      if (await this.annotations.insertIfAbsent(input.id, documentId, user.id, fields)) {
        return this.one(input.id, viewer);
      }
      // A concurrent save of the same new id (an offline queue resending) won: answer as a repeat.
      existing = await this.annotations.findById(input.id);
      if (!existing) throw conflict(STALE);
    }
    this.requireOwn(user, existing, documentId);
    if (existing.deleted) throw conflict('该批注已被删除');
    // A repeat of an edit whose answer was lost: the stored state is already this edit.
    if (existing.revision === baseRevision + 1 && sameFields(existing, fields)) return this.one(input.id, viewer);
    if (
      existing.revision !== baseRevision ||
      !(await this.annotations.updateIfRevision(input.id, baseRevision, fields))
    ) {
      throw conflict(STALE);
    }
    return this.one(input.id, viewer);
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
    const viewer = await this.viewer(
      user,
      await this.access.requireOne(user, 'document.annotate', existing.document_id),
    );
    if (existing.deleted === deleted && existing.revision === baseRevision + 1) return this.one(id, viewer, true);
    if (
      existing.revision !== baseRevision ||
      !(await this.annotations.updateIfRevision(id, baseRevision, { deleted }))
    ) {
      throw conflict(STALE);
    }
    return this.one(id, viewer, true);
  }

  private requireOwn(user: SessionUser, row: AnnotationRow, documentId: number): void {
    if (row.document_id !== documentId) throw invalidInput('annotation.id 已属于其他文档');
    if (!mayEditAnnotation(user, row)) throw forbidden('只能修改自己的批注');
  }

  /** The viewer of a document's annotations, from the facts its access check read. */
  private async viewer(user: SessionUser, document: Parameters<typeof annotationScope>[1]): Promise<Viewer> {
    return { user, scope: annotationScope(user, document), redact: await this.access.redactorFor(user, document) };
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

  private async withReplies(rows: ListedRow[], viewer?: Viewer): Promise<AnnotationDto[]> {
    const replies = await this.annotations.replies(rows.map((row) => row.id));
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
              return viewer ? { ...dto, comment: viewer.redact(dto.comment) } : dto;
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
