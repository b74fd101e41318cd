import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * 撤销 gives the thesis back (issue 32 §1.5): revoking an external expert's last live review link
 * releases the submission to 待分配. The column keeps whose assignment was released, so 评阅分配 and
 * the admin home can ask for a 改派, and the next assignment hands that expert's annotations on as
 * any reassignment does. It is cleared by the next assignment.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('released_reviewer_id', 'integer').execute();
}
