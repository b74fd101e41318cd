import { type AnnotationDto, type AnnotationInput, type AnnotationReplyDto, Role } from '@zikao/contract';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { readableDocuments } from '../document/document.policy.ts';
import type { DocumentRepository } from '../document/document.repository.ts';
import {
  type AnnotationScope,
  annotatableDocuments,
  annotationScope,
  canReply,
  type DocumentReviewLookup,
  maskedAuthor,
} from './annotation.policy.ts';
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
  };
}

function sameFields(row: AnnotationRow, fields: AnnotationFields): boolean {
  return (Object.keys(fields) as Array<keyof AnnotationFields>).every((key) => row[key] === fields[key]);
}

type ListedRow = AnnotationRow & { author_name: string };

/**
 * Annotations are saved one at a time, each with a revision. Two tabs never overwrite each
 * other's annotations; an edit made on an old revision is refused (1080001), and an edit that is
 * sent again after a lost response is recognised and answered as before.
 */
export class AnnotationService {
  private readonly annotations: AnnotationRepository;
  private readonly documents: DocumentRepository;
  /** Where a document's review stands: what its candidate may see, and blind review. */
  private readonly reviews: DocumentReviewLookup | undefined;

  constructor(deps: {
    annotations: AnnotationRepository;
    documents: DocumentRepository;
    reviews?: DocumentReviewLookup;
  }) {
    this.annotations = deps.annotations;
    this.documents = deps.documents;
    this.reviews = deps.reviews;
  }

  async list(user: SessionUser, documentId: number): Promise<AnnotationDto[]> {
    await this.requireReadable(user, documentId);
    const scope = await annotationScope(this.reviews, user, documentId);
    const rows = await this.annotations.listForDocument(documentId, scope.authorId);
    return this.withReplies(rows, user, scope);
  }

  async save(
    user: SessionUser,
    documentId: number,
    input: AnnotationInput,
    baseRevision: number,
  ): Promise<AnnotationDto> {
    await this.requireAnnotatable(user, documentId);
    const fields = fieldsOf(input);
    const existing = await this.annotations.findById(input.id);
    if (!existing) {
      if (baseRevision !== 0) throw conflict('该批注已被删除或不存在，请刷新后再试');
      await this.annotations.insert(input.id, documentId, user.id, fields);
      return this.one(input.id);
    }
    this.requireOwn(user, existing, documentId);
    if (existing.deleted) throw conflict('该批注已被删除');
    // A repeat of an edit whose answer was lost: the stored state is already this edit.
    if (existing.revision === baseRevision + 1 && sameFields(existing, fields)) return this.one(input.id);
    if (
      existing.revision !== baseRevision ||
      !(await this.annotations.updateIfRevision(input.id, baseRevision, fields))
    ) {
      throw conflict(STALE);
    }
    return this.one(input.id);
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
      user.role === Role.student ? await annotationScope(this.reviews, user, annotation.document_id) : undefined;
    if (!canReply(user, annotation, scope)) throw forbidden('无权回复该批注');
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
    await this.requireAnnotatable(user, existing.document_id);
    if (existing.deleted === deleted && existing.revision === baseRevision + 1) return this.one(id, true);
    if (
      existing.revision !== baseRevision ||
      !(await this.annotations.updateIfRevision(id, baseRevision, { deleted }))
    ) {
      throw conflict(STALE);
    }
    return this.one(id, true);
  }

  private requireOwn(user: SessionUser, row: AnnotationRow, documentId: number): void {
    if (row.document_id !== documentId) throw invalidInput('annotation.id 已属于其他文档');
    if (row.author_id !== user.id) throw forbidden('只能修改自己的批注');
  }

  private async requireReadable(user: SessionUser, documentId: number): Promise<void> {
    if (!(await this.documents.findById(documentId))) throw notFound('文档不存在');
    if (!(await readableDocuments(this.documents, user, [documentId])).has(documentId))
      throw forbidden('无权访问该文档');
  }

  private async requireAnnotatable(user: SessionUser, documentId: number): Promise<void> {
    await this.requireReadable(user, documentId);
    if (!(await annotatableDocuments(this.documents, user, [documentId])).has(documentId)) {
      throw forbidden('无权批注该文档');
    }
  }

  private async one(id: string, includeDeleted = false): Promise<AnnotationDto> {
    const row = await this.annotations.findWithAuthor(id);
    if (!row || (row.deleted && !includeDeleted)) throw notFound('批注不存在');
    const [dto] = await this.withReplies([row]);
    return dto as AnnotationDto;
  }

  private async withReplies(
    rows: ListedRow[],
    viewer?: SessionUser,
    scope?: AnnotationScope,
  ): Promise<AnnotationDto[]> {
    const replies = await this.annotations.replies(rows.map((row) => row.id));
    const mask = <T extends AnnotationDto | AnnotationReplyDto>(dto: T, role?: Role): T => {
      if (!viewer) return dto;
      const author = maskedAuthor(scope, viewer, { id: dto.authorId, name: dto.authorName, ...(role ? { role } : {}) });
      return { ...dto, authorId: author.id, authorName: author.name };
    };
    return rows.map((row) =>
      mask({
        id: row.id,
        documentId: row.document_id,
        kind: row.kind,
        category: row.category,
        severity: row.severity,
        comment: row.comment,
        stamp: row.stamp,
        pageIndex: row.page_index,
        selectors: JSON.parse(row.selectors_json) as AnnotationDto['selectors'],
        revision: row.revision,
        authorId: row.author_id,
        authorName: row.author_name,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        replies: replies
          .filter((reply) => reply.annotation_id === row.id)
          .map((reply) => mask(toReply(reply), reply.author_role)),
      }),
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
