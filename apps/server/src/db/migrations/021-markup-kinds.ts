import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Issue 24: the marks reviewers make on paper. A suggestion (修改建议 / 插入建议) keeps its
 * suggested wording in `suggestion`; a drawn mark (pen, line, arrow, ellipse) keeps its colour,
 * width and strokes as JSON in `shape_json`. Both are null for every other kind, so the rows
 * written before stay as they are.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('annotations').addColumn('suggestion', 'text').execute();
  await db.schema.alterTable('annotations').addColumn('shape_json', 'text').execute();
}
