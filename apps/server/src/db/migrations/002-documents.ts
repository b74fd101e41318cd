import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', idColumn)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('upload_id', 'varchar(64)', (c) => c.notNull().references('uploads.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('source_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('pdf_sha256', 'varchar(64)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_owner_idx').on('documents').column('owner_id').execute();
  await db.schema.createIndex('documents_status_idx').on('documents').column('status').execute();

  await db.schema
    .createTable('document_pages')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addColumn('has_text', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_pages_pk', ['document_id', 'page_no'])
    .execute();
}
