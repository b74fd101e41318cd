import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * 出勤 per person (issue 32 §4.12): a guest is its browser's client id, which the browser picks, so
 * one machine could fill a course's attendance with made-up guests. A guest's row now keeps the
 * client address it first joined from, and an address brings at most BOARD_GUESTS_PER_ADDRESS
 * guests into a course. Rows from before have none and count for no address.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('course_attendance').addColumn('client_address', 'varchar(64)').execute();
  await db.schema
    .createIndex('course_attendance_address_idx')
    .on('course_attendance')
    .columns(['course_id', 'client_address'])
    .execute();
}
