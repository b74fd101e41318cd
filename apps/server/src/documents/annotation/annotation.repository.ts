import { ANNOTATION_LIMITS } from '@zikao/contract';
import { type ExpressionBuilder, expressionBuilder, type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import type { AnnotationsTable, Database } from '../../db/schema.ts';

export type AnnotationRow = Selectable<AnnotationsTable>;

/** A row as a save wrote it, with whether it has replies (1 or 0, true or false by dialect). */
export type WrittenAnnotationRow = AnnotationRow & { has_replies: number | boolean };

/** Whether the annotation being written has replies: its answer reads them only then. */
const hasReplies = (eb: ExpressionBuilder<Database, 'annotations'>) =>
  eb.exists(
    eb
      .selectFrom('annotation_replies')
      .select('annotation_replies.id')
      .whereRef('annotation_replies.annotation_id', '=', 'annotations.id'),
  );

/**
 * Whether a document, and one page of it, hold fewer live marks than their caps (issue 32 §4.3):
 * the condition a new or restored mark is written under, counted in the statement that writes it.
 */
function belowCaps(db: Kysely<Database>, documentId: number, pageIndex: number) {
  const live = () =>
    db
      .selectFrom('annotations as counted')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('counted.document_id', '=', documentId)
      .where('counted.deleted', '=', 0);
  const eb = expressionBuilder<Database, never>();
  return eb.and([
    eb(live(), '<', ANNOTATION_LIMITS.perDocument),
    eb(live().where('counted.page_index', '=', pageIndex), '<', ANNOTATION_LIMITS.perPage),
  ]);
}

/** The columns an edit may change. */
export type AnnotationFields = Pick<
  AnnotationsTable,
  'kind' | 'category' | 'severity' | 'comment' | 'stamp' | 'page_index' | 'selectors_json'
> & { suggestion: string | null; shape_json: string | null };

export class AnnotationRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  findById(id: string): Promise<AnnotationRow | undefined> {
    return this.db.selectFrom('annotations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findWithAuthor(id: string) {
    return this.db
      .selectFrom('annotations')
      .innerJoin('users', 'users.id', 'annotations.author_id')
      .selectAll('annotations')
      .select(['users.name as author_name', 'users.external as author_external'])
      .where('annotations.id', '=', id)
      .executeTakeFirst();
  }

  /** Live annotations of a document, optionally by one author, in reading order. */
  listForDocument(documentId: number, authorId: number | null) {
    let query = this.db
      .selectFrom('annotations')
      .innerJoin('users', 'users.id', 'annotations.author_id')
      .selectAll('annotations')
      .select(['users.name as author_name', 'users.external as author_external'])
      .where('annotations.document_id', '=', documentId)
      .where('annotations.deleted', '=', 0);
    if (authorId !== null) query = query.where('annotations.author_id', '=', authorId);
    return query.orderBy('annotations.page_index').orderBy('annotations.created_at').execute();
  }

  /**
   * Copies a document's live annotations onto another document, each with a new id, the same
   * author and revision 1 (a practice thesis's new revision, adr/013). Returns how many.
   */
  async copyLive(fromDocumentId: number, toDocumentId: number, newId: () => string): Promise<number> {
    const rows = await this.db
      .selectFrom('annotations')
      .selectAll()
      .where('document_id', '=', fromDocumentId)
      .where('deleted', '=', 0)
      .orderBy('created_at')
      .execute();
    if (rows.length === 0) return 0;
    const now = Date.now();
    await this.db
      .insertInto('annotations')
      .values(
        rows.map((row) => ({
          id: newId(),
          document_id: toDocumentId,
          author_id: row.author_id,
          kind: row.kind,
          category: row.category,
          severity: row.severity,
          comment: row.comment,
          stamp: row.stamp,
          page_index: row.page_index,
          selectors_json: row.selectors_json,
          suggestion: row.suggestion,
          shape_json: row.shape_json,
          revision: 1,
          deleted: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    return rows.length;
  }

  /**
   * Inserts a new annotation unless one with this id exists or the document or its page holds its
   * cap of live marks (ANNOTATION_LIMITS), in one statement that counts and inserts (no
   * duplicate-key error when two saves of one new id race): the row as stored, or undefined when
   * nothing was written (the caller reads the row to say why). Serialised per document, see
   * {@link serialisedPerDocument}.
   */
  insertIfAbsent(
    id: string,
    documentId: number,
    authorId: number,
    fields: AnnotationFields,
  ): Promise<WrittenAnnotationRow | undefined> {
    const now = Date.now();
    const row = {
      id,
      document_id: documentId,
      author_id: authorId,
      ...fields,
      revision: 1,
      deleted: 0,
      created_at: now,
      updated_at: now,
    };
    const columns = Object.keys(row) as Array<keyof typeof row>;
    return this.serialisedPerDocument(documentId, (db) =>
      db
        .insertInto('annotations')
        .columns(columns)
        .expression(
          db
            .selectNoFrom((eb) => columns.map((column) => eb.val(row[column]).as(column)))
            .where(belowCaps(db, documentId, fields.page_index)),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll()
        .returning((eb) => hasReplies(eb).as('has_replies'))
        .executeTakeFirst(),
    );
  }

  /**
   * Brings back a deleted annotation at `baseRevision`, unless its document or page already holds
   * its cap of live marks; false when nothing was written.
   */
  async restoreIfRevision(row: AnnotationRow, baseRevision: number): Promise<boolean> {
    const result = await this.serialisedPerDocument(row.document_id, (db) =>
      db
        .updateTable('annotations')
        .set((eb) => ({ deleted: 0, revision: eb('revision', '+', 1), updated_at: Date.now() }))
        .where('id', '=', row.id)
        .where('revision', '=', baseRevision)
        .where('deleted', '=', 1)
        .where(belowCaps(db, row.document_id, row.page_index))
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  /** Which cap a new mark on this page would pass now, or null when it would pass none. */
  async capReached(documentId: number, pageIndex: number): Promise<'document' | 'page' | null> {
    const counts = await this.db
      .selectFrom('annotations')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('page_index', '=', pageIndex).then(1).else(0).end()).as('on_page'),
      ])
      .where('document_id', '=', documentId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    if (Number(counts.total) >= ANNOTATION_LIMITS.perDocument) return 'document';
    if (Number(counts.on_page ?? 0) >= ANNOTATION_LIMITS.perPage) return 'page';
    return null;
  }

  /**
   * Runs a write whose condition counts the document's marks so that no concurrent write can pass
   * the count (issue 32 §4.3, the pattern of adr/019). SQLite: one statement as it is, since a
   * writing statement takes the one writer lock before it reads anything. PostgreSQL: a statement
   * counts in the snapshot it started with, so two concurrent ones could both see room for one; the
   * write runs in a transaction that first locks the document's row (FOR NO KEY UPDATE: the
   * annotations' foreign-key locks on it do not conflict with it), so writers of one document go
   * one at a time and each counts what the one before it committed.
   */
  private serialisedPerDocument<T>(documentId: number, write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return write(this.db);
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('documents').select('id').where('id', '=', documentId).forNoKeyUpdate().execute();
      return write(trx);
    });
  }

  /**
   * An author's edit of their live annotation on this document, applied only if nobody changed it
   * since `baseRevision`, in one statement: the row as stored (with whether it has replies), or
   * undefined when any of those did not hold (the caller reads the row to say which).
   */
  updateOwnIfRevision(
    id: string,
    documentId: number,
    authorId: number,
    baseRevision: number,
    fields: AnnotationFields,
  ): Promise<WrittenAnnotationRow | undefined> {
    return this.db
      .updateTable('annotations')
      .set((eb) => ({ ...fields, revision: eb('revision', '+', 1), updated_at: Date.now() }))
      .where('id', '=', id)
      .where('revision', '=', baseRevision)
      .where('document_id', '=', documentId)
      .where('author_id', '=', authorId)
      .where('deleted', '=', 0)
      .returningAll()
      .returning((eb) => hasReplies(eb).as('has_replies'))
      .executeTakeFirst();
  }

  /** Applies an edit only if nobody changed the annotation since `baseRevision`; false otherwise. */
  async updateIfRevision(
    id: string,
    baseRevision: number,
    changes: Partial<AnnotationFields> & { deleted?: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('annotations')
      .set((eb) => ({ ...changes, revision: eb('revision', '+', 1), updated_at: Date.now() }))
      .where('id', '=', id)
      .where('revision', '=', baseRevision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  replies(annotationIds: readonly string[]) {
    if (annotationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('annotation_replies')
      .innerJoin('users', 'users.id', 'annotation_replies.author_id')
      .selectAll('annotation_replies')
      .select(['users.name as author_name', 'users.role as author_role', 'users.external as author_external'])
      .where('annotation_replies.annotation_id', 'in', annotationIds)
      .orderBy('annotation_replies.id')
      .execute();
  }

  async insertReply(annotationId: string, authorId: number, comment: string): Promise<number> {
    const row = await this.db
      .insertInto('annotation_replies')
      .values({ annotation_id: annotationId, author_id: authorId, comment, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
