import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Review links (issue 13): signed, expiring links to the admin review pages. The HMAC secret is
 * never stored here (adr/011); a row holds what the link grants and what became of it. External
 * reviewers (外审专家) are users marked `external`, who sign in only through a link.
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('external', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('review_links')
    .addColumn('id', 'integer', idColumn)
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    // 'review' (评阅) or 'check' (复核).
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // The external reviewer a 评阅 link acts as; null for a 复核 link, which acts as its creator.
    .addColumn('reviewer_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('completed_at', 'bigint')
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'bigint')
    .execute();
  // The console's list is newest first, whole or for one submission.
  await db.schema.createIndex('review_links_created_idx').on('review_links').column('created_at').execute();
  await db.schema
    .createIndex('review_links_submission_idx')
    .on('review_links')
    .columns(['submission_id', 'purpose'])
    .execute();
}
