import { type Kysely, sql } from 'kysely';
import { verifyPassword } from '../../shared/passwords.ts';
import type { MigrationContext } from '../migrate.ts';

/** The demo accounts' published password and phones, as the README listed them when this shipped. */
const DEMO_PASSWORD = 'Zikao@2026';
const DEMO_PHONES = ['13800000001', '13800000002', '13800000003', '13800000004'];

/**
 * Demo accounts (adr/028): `demo` is 1 on every account the demo seed makes, and a server running
 * as a deployment (NODE_ENV=production) lets none of them in: their password is published.
 *
 * A database the demo seeded before this column existed has them too. Every account of one seed
 * shares one stored hash (the seed hashes the password once and copies it), so the accounts still
 * holding the hash of a demo phone that the published password opens are marked: a handful of
 * scrypt checks, however many users there are. An account whose password was changed is left
 * alone; it no longer opens with the published one.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await markSeededDemoAccounts(db);
}

/** Marks the accounts an earlier demo seed made that the published password still opens. */
export async function markSeededDemoAccounts(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ password_hash: string }>`
    select distinct password_hash from users where account in (${sql.join(DEMO_PHONES)})`.execute(db);
  for (const { password_hash: hash } of rows) {
    if (await verifyPassword(DEMO_PASSWORD, hash)) {
      await sql`update users set demo = 1 where password_hash = ${hash}`.execute(db);
    }
  }
}
