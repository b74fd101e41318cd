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
  };
  pageIndex: number;
  selectorsJson: string;
  status: CarryStatus;
  confidence: number;
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

  documentStatus(documentId: number) {
    return this.db.selectFrom('documents').select(['status']).where('id', '=', documentId).executeTakeFirst();
  }

  async insertCopies(copies: readonly CarriedCopy[]): Promise<void> {
    if (copies.length === 0) return;
    const now = Date.now();
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
          page_index: copy.pageIndex,
          selectors_json: copy.selectorsJson,
          revision: 1,
          deleted: 0,
          created_at: now,
          updated_at: now,
          carried_from_id: copy.source.id,
          carry_status: copy.status,
          carry_confidence: copy.confidence,
          addressed: null,
        })),
      )
      .execute();
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
