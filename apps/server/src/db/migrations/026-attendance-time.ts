import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * 出勤 with time in class (issue 32 §3, the board): a row keeps when its current stay began (the
 * first socket of a person opened), the time of the stays that ended, and when the person last
 * left (their last socket closed), so a class's attendance shows joined, left and minutes in
 * class across reconnects. Rows from before have no stays recorded and count 0 minutes.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('course_attendance').addColumn('present_since', 'bigint').execute();
  await db.schema
    .alterTable('course_attendance')
    .addColumn('present_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('course_attendance').addColumn('left_at', 'bigint').execute();
}
