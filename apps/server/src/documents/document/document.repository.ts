import { STRUCTURED_TEXT_MIME } from '@zikao/contract/structured-text';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DocumentsTable } from '../../db/schema.ts';
import { inIdOrder, pageByText } from '../../shared/text-order.ts';

export type DocumentRow = Selectable<DocumentsTable>;

export interface NewDocument {
  ownerId: number;
  uploadId: string;
  name: string;
  sourceSha256: string;
  sourceMime: string;
}

export class DocumentRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(document: NewDocument): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('documents')
      .values({
        owner_id: document.ownerId,
        upload_id: document.uploadId,
        name: document.name,
        source_sha256: document.sourceSha256,
        source_mime: document.sourceMime,
        pdf_sha256: null,
        status: 'queued',
        progress: 0,
        error: '',
        page_count: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A ready document of structured text with these pages and no file (see structured-document.ts);
   * inside the caller's transaction when there is one, else in its own.
   */
  async insertStructured(document: { ownerId: number; name: string; pages: readonly string[] }): Promise<number> {
    const write = async (db: Kysely<Database>) => {
      const now = Date.now();
      const { id } = await db
        .insertInto('documents')
        .values({
          owner_id: document.ownerId,
          upload_id: null,
          name: document.name,
          source_sha256: '',
          source_mime: STRUCTURED_TEXT_MIME,
          pdf_sha256: null,
          status: 'ready',
          progress: 100,
          error: '',
          page_count: document.pages.length,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('document_pages')
        .values(
          document.pages.map((text, i) => ({
            document_id: id,
            page_no: i + 1,
            width: 0,
            height: 0,
            has_text: text.trim().length > 0 ? 1 : 0,
            text,
          })),
        )
        .execute();
      return id;
    };
    return this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write);
  }

  /**
   * A ready copy of a ready document: the same stored files and page texts under a new id and
   * owner, in one transaction (a practice attempt's document, adr/013). Undefined when the
   * source is missing or not ready.
   */
  async copyReady(sourceId: number, ownerId: number, name: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const source = await trx
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', sourceId)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      if (!source) return undefined;
      const now = Date.now();
      const { id } = await trx
        .insertInto('documents')
        .values({
          owner_id: ownerId,
          upload_id: source.upload_id,
          name,
          source_sha256: source.source_sha256,
          source_mime: source.source_mime,
          pdf_sha256: source.pdf_sha256,
          status: 'ready',
          progress: 100,
          error: '',
          page_count: source.page_count,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('document_pages')
        .columns(['document_id', 'page_no', 'width', 'height', 'has_text', 'text', 'geometry_json'])
        .expression((eb) =>
          eb
            .selectFrom('document_pages')
            .select([
              sql<number>`cast(${id} as integer)`.as('document_id'),
              'page_no',
              'width',
              'height',
              'has_text',
              'text',
              'geometry_json',
            ])
            .where('document_id', '=', sourceId),
        )
        .execute();
      return id;
    });
  }

  async insertStoredFile(sha256: string, size: number, mime: string): Promise<void> {
    await this.db
      .insertInto('stored_files')
      .values({ sha256, size, mime, created_at: Date.now() })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
  }

  /** One page of the owner's uploaded documents (not structured text), newest first unless sorted otherwise. */
  async listOwned(
    ownerId: number,
    query: {
      page: number;
      pageSize: number;
      keyword?: string | undefined;
      sort: 'createdAt' | 'name' | 'pageCount';
      order: 'asc' | 'desc';
    },
  ): Promise<{ rows: DocumentRow[]; total: number }> {
    // The owner's own uploads: a ready copy made for them (a practice attempt's document,
    // copyReady) shares another's upload and is not one of their documents.
    let base = this.db
      .selectFrom('documents')
      .where('owner_id', '=', ownerId)
      .where('source_mime', '!=', STRUCTURED_TEXT_MIME)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('uploads')
            .select('uploads.id')
            .whereRef('uploads.id', '=', 'documents.upload_id')
            .where('uploads.owner_id', '=', ownerId),
        ),
      );
    if (query.keyword) base = base.where('name', 'like', `%${query.keyword.replace(/[%_\\]/g, '')}%`);
    const limit = query.pageSize;
    const offset = (query.page - 1) * query.pageSize;
    const count = base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    if (query.sort === 'name') {
      // Names in pinyin order, which the databases do not collate (see pageByText).
      const [named, counted] = await Promise.all([base.select(['id', 'name as text']).execute(), count]);
      const ids = pageByText(named, query.order, limit, offset);
      const rows = ids.length ? await this.db.selectFrom('documents').selectAll().where('id', 'in', ids).execute() : [];
      return { rows: inIdOrder(rows, ids), total: Number(counted?.n ?? 0) };
    }
    const column = ({ createdAt: 'created_at', pageCount: 'page_count' } as const)[query.sort];
    const [rows, counted] = await Promise.all([
      base.selectAll().orderBy(column, query.order).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      count,
    ]);
    return { rows, total: Number(counted?.n ?? 0) };
  }

  findById(id: number): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  unfinished(): Promise<DocumentRow[]> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('status', 'in', ['queued', 'converting', 'extracting'])
      .execute();
  }

  async update(id: number, changes: Updateable<DocumentsTable>): Promise<void> {
    await this.db
      .updateTable('documents')
      .set({ ...changes, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  /** Changes a document still being prepared; a ready or failed one stays as it is (a retried job comes late). */
  async updateUnfinished(id: number, changes: Updateable<DocumentsTable>): Promise<void> {
    await this.db
      .updateTable('documents')
      .set({ ...changes, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'converting', 'extracting'])
      .execute();
  }

  /**
   * Stores the pages and marks the document ready, in one transaction, once: the conditional
   * update comes first and takes the row's lock, so of two runs of one job (a worker thought dead,
   * adr/016) the second finds the document ready and stores nothing. False when it was the second.
   */
  async savePages(
    id: number,
    pdfSha256: string,
    pages: Array<{ width: number; height: number; text: string; boxes: unknown[] }>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const won = await trx
        .updateTable('documents')
        .set({
          status: 'ready',
          progress: 100,
          pdf_sha256: pdfSha256,
          page_count: pages.length,
          error: '',
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .where('status', '<>', 'ready')
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('document_pages').where('document_id', '=', id).execute();
      for (let start = 0; start < pages.length; start += 100) {
        const chunk = pages.slice(start, start + 100).map((page, i) => ({
          document_id: id,
          page_no: start + i + 1,
          width: page.width,
          height: page.height,
          has_text: page.text.trim().length > 0 ? 1 : 0,
          text: page.text,
          geometry_json: JSON.stringify(page.boxes),
        }));
        await trx.insertInto('document_pages').values(chunk).execute();
      }
      return true;
    });
  }

  pages(id: number) {
    return this.db
      .selectFrom('document_pages')
      .select(['page_no', 'width', 'height', 'has_text', 'text', 'geometry_json'])
      .where('document_id', '=', id)
      .orderBy('page_no')
      .execute();
  }
}
