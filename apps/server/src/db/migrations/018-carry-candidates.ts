import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Issue 20: an orphaned carried annotation keeps the places its text may now be (可能的位置), as
 * JSON ([{ selectors, pageIndex, text, confidence, exact }], best first), until the reviewer
 * confirms one or dismisses them. Null for every other annotation.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('annotations').addColumn('carry_candidates_json', 'text').execute();
}
