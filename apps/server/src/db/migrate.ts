import type { ColumnDefinitionBuilder, Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import * as initial from './migrations/001-initial.ts';
import * as documents from './migrations/002-documents.ts';
import * as annotations from './migrations/003-annotations.ts';
import * as reviewWorkflow from './migrations/004-review-workflow.ts';
import * as candidate from './migrations/008-candidate.ts';
import * as notices from './migrations/009-notices.ts';
import * as listIndexes from './migrations/010-list-indexes.ts';
import * as changeNotify from './migrations/011-change-notify.ts';
import * as topicDocuments from './migrations/013-topic-documents.ts';
import * as reviewLinks from './migrations/014-review-links.ts';
import * as courses from './migrations/015-courses.ts';
import * as practice from './migrations/016-practice.ts';
import * as statistics from './migrations/017-statistics.ts';

export type DialectKind = 'sqlite' | 'postgres';

/** What each migration gets besides the database: the portable pieces that differ per dialect. */
export interface MigrationContext {
  dialect: DialectKind;
  idColumn: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

type MigrationModule = { up(db: Kysely<unknown>, context: MigrationContext): Promise<void> };

/** Migrations in order. Add new ones at the end; never edit one that has shipped. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001-initial': initial,
  '002-documents': documents,
  '003-annotations': annotations,
  '004-review-workflow': reviewWorkflow,
  '008-candidate': candidate,
  '009-notices': notices,
  '010-list-indexes': listIndexes,
  '011-change-notify': changeNotify,
  '013-topic-documents': topicDocuments,
  '014-review-links': reviewLinks,
  '015-courses': courses,
  '016-practice': practice,
  '017-statistics': statistics,
};

/**
 * Runs every pending migration; throws with the failing migration's name. On PostgreSQL the
 * bookkeeping tables are pinned to the connection's current schema: Kysely otherwise finds
 * them in any schema of the database and skips creating its own.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  const context: MigrationContext = {
    dialect,
    idColumn: (column) =>
      dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
  };
  const provider: MigrationProvider = {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(MIGRATIONS)) {
        migrations[name] = { up: (database) => module.up(database, context) };
      }
      return migrations;
    },
  };
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}：${String(error)}`);
}
