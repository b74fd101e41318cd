import type {
  AnnotationCategory,
  AnnotationKind,
  AnnotationSeverity,
  AnnotationStamp,
  CarryStatus,
} from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface CarriedCopy {
  id: string;
  documentId: number;
  authorId: number;
  source: {
    id: string;
    kind: AnnotationKind;
    category: AnnotationCategory;
    severity: AnnotationSeverity;
    comment: string;
    stamp: AnnotationStamp | null;
    /** replace / insert: the suggested wording, carried as it is (issue 24). */
    suggestion: string | null;
    /** A drawn mark's strokes as stored; the copy's own (possibly moved) strokes are `shapeJson`. */
    shape_json: string | null;
    /** The source's selectors, from which a drawn mark over text is followed. */
    selectors_json: string;
    /** When the reviewer wrote it: the copy keeps it (the time it was carried is not the point). */
    created_at: number;
    /** When it was last changed: the copy keeps that too, since carrying it changes nothing the reviewer wrote. */
    updated_at: number;
  };
  pageIndex: number;
  selectorsJson: string;
  /** A drawn mark's strokes on the new version (moved with its text); null for other kinds. */
  shapeJson: string | null;
  status: CarryStatus;
  confidence: number;
  /** For an orphan, its candidates (可能的位置) as stored in carry_candidates_json; otherwise null. */
  candidatesJson: string | null;
}

/** One stored candidate of an orphaned carried annotation. */
export interface StoredCandidate {
  selectors: unknown[];
  pageIndex: number;
  text: string;
  confidence: number;
  exact: boolean;
  /** A drawn mark's strokes moved to this place (its fragment is among `selectors`). */
  shapeJson?: string;
}

/** Annotations as the carry-over reads and writes them: copies onto a new version's document. */
export class CarryOverRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  liveAnnotations(documentId: number, authorId: number) {
    return this.db
      .selectFrom('annotations')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('author_id', '=', authorId)
      .where('deleted', '=', 0)
      .orderBy('page_index')
      .orderBy('created_at')
      .execute();
  }

  pageTexts(documentId: number) {
    return this.db
      .selectFrom('document_pages')
      .select(['page_no', 'text'])
      .where('document_id', '=', documentId)
      .orderBy('page_no')
      .execute();
  }

  /** Page texts with their size and text boxes: a drawn mark over text follows the text on the page. */
  pageGeometry(documentId: number) {
    return this.db
      .selectFrom('document_pages')
      .select(['page_no', 'text', 'width', 'height', 'geometry_json'])
      .where('document_id', '=', documentId)
      .orderBy('page_no')
      .execute();
  }

  documentStatus(documentId: number) {
    return this.db.selectFrom('documents').select(['status']).where('id', '=', documentId).executeTakeFirst();
  }

  async insertCopies(copies: readonly CarriedCopy[]): Promise<void> {
    if (copies.length === 0) return;
    await this.db
      .insertInto('annotations')
      .values(
        copies.map((copy) => ({
          id: copy.id,
          document_id: copy.documentId,
          author_id: copy.authorId,
          kind: copy.source.kind,
          category: copy.source.category,
          severity: copy.source.severity,
          comment: copy.source.comment,
          stamp: copy.source.stamp,
          suggestion: copy.source.suggestion,
          shape_json: copy.shapeJson,
          page_index: copy.pageIndex,
          selectors_json: copy.selectorsJson,
          revision: 1,
          deleted: 0,
          created_at: Number(copy.source.created_at),
          // The list of annotations shows this time: the time written, not the time carried.
          updated_at: Number(copy.source.updated_at),
          carried_from_id: copy.source.id,
          carry_status: copy.status,
          carry_confidence: copy.confidence,
          addressed: null,
          carry_candidates_json: copy.candidatesJson,
        })),
      )
      .execute();
    // The replies travel with the point: each copy gets its source's thread, as written and when.
    const sourceIds = copies.map((copy) => copy.source.id);
    const replies = await this.db
      .selectFrom('annotation_replies')
      .select(['annotation_id', 'author_id', 'comment', 'created_at'])
      .where('annotation_id', 'in', sourceIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (replies.length === 0) return;
    const copyOf = new Map(copies.map((copy) => [copy.source.id, copy.id]));
    await this.db
      .insertInto('annotation_replies')
      .values(
        replies.map((reply) => ({
          annotation_id: copyOf.get(reply.annotation_id) as string,
          author_id: reply.author_id,
          comment: reply.comment,
          created_at: Number(reply.created_at),
        })),
      )
      .execute();
  }

  /** Places an orphaned copy at a candidate (its selectors, page and confidence), or just clears its candidates. */
  async place(
    id: string,
    placement: { selectorsJson: string; pageIndex: number; confidence: number; shapeJson?: string } | null,
  ): Promise<void> {
    const now = Date.now();
    const query = this.db.updateTable('annotations').where('id', '=', id);
    if (placement === null) {
      await query.set({ carry_candidates_json: null, updated_at: now }).execute();
      return;
    }
    await query
      .set((eb) => ({
        revision: eb('revision', '+', 1),
        selectors_json: placement.selectorsJson,
        page_index: placement.pageIndex,
        carry_status: 'moved',
        carry_confidence: placement.confidence,
        carry_candidates_json: null,
        ...(placement.shapeJson ? { shape_json: placement.shapeJson } : {}),
        updated_at: now,
      }))
      .execute();
  }

  /** The submission a document is a version of, for the audit trail. */
  async submissionOf(documentId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('submission_versions')
      .select('submission_id')
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return row?.submission_id ?? null;
  }

  /** Carried annotations on a document, optionally by one author. */
  carried(documentId: number, authorId: number | null) {
    let query = this.db
      .selectFrom('annotations')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('carried_from_id', 'is not', null)
      .where('deleted', '=', 0);
    if (authorId !== null) query = query.where('author_id', '=', authorId);
    return query.orderBy('page_index').orderBy('created_at').execute();
  }

  findAnnotation(id: string) {
    return this.db.selectFrom('annotations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setAddressed(id: string, addressed: number | null): Promise<void> {
    await this.db.updateTable('annotations').set({ addressed, updated_at: Date.now() }).where('id', '=', id).execute();
  }
}
