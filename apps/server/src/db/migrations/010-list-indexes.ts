import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/** Tables whose writes change what a review list shows. */
const WATCHED = ['submissions', 'reviews', 'batches', 'theses'] as const;

/**
 * Indexes for the review lists at 100,000 submissions (an ordered walk by submission time with no
 * status filter, for admins and for one reviewer; keyword counts from a covering index), and the list-data version the list cache checks:
 * one counter row that triggers bump on every write to the watched tables, whoever writes them.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('submissions_stage_time_idx')
    .on('submissions')
    .columns(['stage', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('submissions_reviewer_time_idx')
    .on('submissions')
    .columns(['reviewer_id', 'stage', 'submitted_at'])
    .execute();

  // Counts per status under a keyword read the search text from the index, not from 100,000 rows.
  await db.schema
    .createIndex('submissions_stage_search_idx')
    .on('submissions')
    .columns(['stage', 'status', 'search_text'])
    .execute();

  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into data_versions (name, version) values ('review_lists', 0)`.execute(db);

  if (dialect === 'postgres') {
    await sql`create function bump_review_lists_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = 'review_lists';
        return null;
      end $$`.execute(db);
    for (const table of WATCHED) {
      await sql`create trigger ${sql.raw(`${table}_review_lists_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_review_lists_version()`.execute(db);
    }
    return;
  }
  for (const table of WATCHED) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_${event}_review_lists_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where name = 'review_lists';
        end`.execute(db);
    }
  }
}
