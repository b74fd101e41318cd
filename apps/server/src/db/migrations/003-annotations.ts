import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  // Text-item boxes per page, so exports can draw highlights where the words are.
  await db.schema
    .alterTable('document_pages')
    .addColumn('geometry_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('annotations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('stamp', 'varchar(8)')
    .addColumn('page_index', 'integer', (c) => c.notNull())
    .addColumn('selectors_json', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('annotations_document_idx')
    .on('annotations')
    .columns(['document_id', 'author_id'])
    .execute();

  await db.schema
    .createTable('annotation_replies')
    .addColumn('id', 'integer', idColumn)
    .addColumn('annotation_id', 'varchar(36)', (c) => c.notNull().references('annotations.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('annotation_replies_annotation_idx')
    .on('annotation_replies')
    .column('annotation_id')
    .execute();

  await db.schema
    .createTable('comment_bank')
    .addColumn('id', 'integer', idColumn)
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_bank_owner_idx').on('comment_bank').column('owner_id').execute();
}
