import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Limits that hold under concurrency and a review outbox (issue 19, adr/019).
 * - login_throttles: the password-guess counter of sign-in names that are no account, so an
 *   unknown phone locks exactly as an account does and the answers cannot tell them apart.
 * - sms_send_limits: one row per phone, moved by one conditional upsert per send, so concurrent
 *   sends cannot all read the same history and all pass.
 * - review_outbox: written in the review's transaction; a drainer sends its SMS (the notice itself
 *   is written in that same transaction), so a crash after the commit loses nothing.
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('account', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failed_logins', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sms_send_limits')
    .addColumn('phone', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('day_start', 'bigint', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('review_outbox')
    .addColumn('id', 'integer', idColumn)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // A drainer's lease: another drainer (another instance) leaves the row alone until then.
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.createIndex('review_outbox_pending_idx').on('review_outbox').columns(['done_at', 'id']).execute();
}
