import type { Kysely } from 'kysely';

/** The candidate's private topic drafts: one per thesis, never shown to reviewers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('topic_drafts')
    .addColumn('thesis_id', 'integer', (c) => c.primaryKey().references('theses.id').onDelete('cascade'))
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
