import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('theses')
    .addColumn('id', 'integer', idColumn)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('major_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('advisor', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('theses_batch_student_uq', ['batch_id', 'student_id'])
    .execute();
  await db.schema.createIndex('theses_student_idx').on('theses').column('student_id').execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'integer', idColumn)
    .addColumn('thesis_id', 'integer', (c) => c.notNull().references('theses.id').onDelete('cascade'))
    // Denormalised from the thesis so that the lists filter on one table.
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('major_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uploads_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(1))
    // Lower-cased title, candidate name and exam number, for the list's keyword search.
    .addColumn('search_text', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('title_search', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('submissions_thesis_stage_uq', ['thesis_id', 'stage'])
    .execute();
  await db.schema
    .createIndex('submissions_reviewer_idx')
    .on('submissions')
    .columns(['reviewer_id', 'stage', 'status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('submissions_stage_idx')
    .on('submissions')
    .columns(['stage', 'status', 'submitted_at'])
    .execute();
  await db.schema.createIndex('submissions_batch_idx').on('submissions').columns(['batch_id', 'stage']).execute();

  await db.schema
    .createTable('submission_versions')
    .addColumn('id', 'integer', idColumn)
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('structured_json', 'text')
    .addColumn('attachments_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('plagiarism_rate', 'real')
    // pending until the previous version's annotations are carried onto this one; done or none.
    .addColumn('carry_state', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('submission_versions_uq', ['submission_id', 'version_no'])
    .execute();
  await db.schema
    .createIndex('submission_versions_document_idx')
    .on('submission_versions')
    .column('document_id')
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', idColumn)
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('verdict', 'varchar(16)')
    .addColumn('score', 'real')
    .addColumn('rubric_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plagiarism_rate', 'real')
    .addColumn('time_spent_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('reviews_submission_version_uq', ['submission_id', 'version_no'])
    .execute();
  await db.schema.createIndex('reviews_reviewer_idx').on('reviews').columns(['reviewer_id', 'state']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', idColumn)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();

  // Annotations carried over from the previous version of a resubmitted document.
  for (const [name, type] of [
    ['carried_from_id', 'varchar(36)'],
    ['carry_status', 'varchar(16)'],
    ['carry_confidence', 'real'],
    ['addressed', 'integer'],
  ] as const) {
    await db.schema.alterTable('annotations').addColumn(name, type).execute();
  }
}
