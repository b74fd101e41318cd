import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Annotation practice (issue 15, adr/013). A practice thesis row is one revision: its reference
 * document's live annotations are the reference points. An attempt owns a copy of that document
 * for the marker's annotations; its scores are written once, at submit, with one row per
 * reference point (found, partial or missed) for the console's statistics.
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('practice_theses')
    .addColumn('id', 'integer', idColumn)
    // The first revision's id: every revision of one thesis shares it.
    .addColumn('series_id', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('previous_id', 'integer', (c) => c.references('practice_theses.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('major_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('difficulty', 'varchar(16)', (c) => c.notNull())
    .addColumn('tags_json', 'text', (c) => c.notNull())
    // Lower-cased title, major and tags, for the list's keyword search.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    // 1 once an attempt exists: the reference document is then frozen (the access rules read it).
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('practice_theses_document_idx')
    .on('practice_theses')
    .column('document_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('practice_theses_series_idx')
    .on('practice_theses')
    .columns(['series_id', 'revision'])
    .unique()
    .execute();
  await db.schema.createIndex('practice_theses_status_idx').on('practice_theses').column('status').execute();

  await db.schema
    .createTable('practice_attempts')
    .addColumn('id', 'integer', idColumn)
    .addColumn('thesis_id', 'integer', (c) => c.notNull().references('practice_theses.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The attempt's own copy of the thesis's document, owned by the marker.
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('time_spent_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    .addColumn('precision', 'double precision')
    .addColumn('recall', 'double precision')
    .addColumn('f1', 'double precision')
    .addColumn('credit', 'double precision')
    .addColumn('reference_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('annotation_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('practice_attempts_document_idx')
    .on('practice_attempts')
    .column('document_id')
    .unique()
    .execute();
  // One open attempt per marker and revision: two tabs starting at once resume the same attempt.
  await sql`create unique index practice_attempts_open_idx on practice_attempts (thesis_id, user_id)
    where status = 'open'`.execute(db);
  await db.schema
    .createIndex('practice_attempts_user_idx')
    .on('practice_attempts')
    .columns(['user_id', 'status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('practice_attempts_thesis_idx')
    .on('practice_attempts')
    .columns(['thesis_id', 'status'])
    .execute();

  // How each reference point fared in each submitted attempt (the console's "most missed" points).
  await db.schema
    .createTable('practice_attempt_points')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('practice_attempts.id').onDelete('cascade'))
    .addColumn('reference_annotation_id', 'varchar(36)', (c) => c.notNull())
    // found, partial or missed.
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('credit', 'double precision', (c) => c.notNull())
    .addColumn('matched_annotation_id', 'varchar(36)')
    .addColumn('cover', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('practice_attempt_points_pk', ['attempt_id', 'reference_annotation_id'])
    .execute();
  await db.schema
    .createIndex('practice_attempt_points_reference_idx')
    .on('practice_attempt_points')
    .column('reference_annotation_id')
    .execute();
}
