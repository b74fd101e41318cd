import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  // audience 'staff' (roles 2–4), 'students' (role 1), or 'user' with user_id set.
  await db.schema
    .createTable('notices')
    .addColumn('id', 'integer', idColumn)
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    // Null for notices the system sends.
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_audience_idx').on('notices').columns(['audience', 'created_at']).execute();
  await db.schema.createIndex('notices_user_idx').on('notices').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notice_reads_user_idx').on('notice_reads').column('user_id').execute();
}
