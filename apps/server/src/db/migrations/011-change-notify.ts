import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/** Tables whose rows the server keeps in memory between writes (sessions, users, the review lists' version). */
const NOTIFIED = ['users', 'sessions', 'submissions', 'reviews', 'batches', 'theses', 'data_versions'] as const;

/**
 * PostgreSQL: every write to a table another instance may keep in memory notifies the channel
 * `zikao_changes` with the table's name, delivered at commit (see `db/pg-listener.ts`). SQLite has
 * one server process per file; `PRAGMA data_version` covers any other writer.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create function notify_table_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('zikao_changes', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of NOTIFIED) {
    await sql`create trigger ${sql.raw(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_table_change()`.execute(db);
  }
}
