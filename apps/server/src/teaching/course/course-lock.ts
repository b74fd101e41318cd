import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Write-locks a course's row until the transaction ends, by a no-op update as its first statement:
 * a row lock on PostgreSQL, the one writer lock on SQLite. Counts checked after it (hand-ins,
 * courseware files) cannot be passed by a concurrent burst (issue 19 §3).
 */
export async function lockCourseRow(trx: Kysely<Database>, courseId: number): Promise<void> {
  await trx
    .updateTable('courses')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', courseId)
    .execute();
}
