import { DatabaseSync } from 'node:sqlite';
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
import * as carryCandidates from './migrations/018-carry-candidates.ts';
import * as limitsAndOutbox from './migrations/020-limits-and-outbox.ts';
import * as markupKinds from './migrations/021-markup-kinds.ts';
import * as demoAccounts from './migrations/022-demo-accounts.ts';
import * as commentBankUnique from './migrations/023-comment-bank-unique.ts';
import * as attendanceAddress from './migrations/024-attendance-address.ts';
import * as attendanceTime from './migrations/026-attendance-time.ts';
import * as releasedReviewer from './migrations/027-released-reviewer.ts';

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
  '020-limits-and-outbox': limitsAndOutbox,
  '018-carry-candidates': carryCandidates,
  '021-markup-kinds': markupKinds,
  '022-demo-accounts': demoAccounts,
  '023-comment-bank-unique': commentBankUnique,
  '024-attendance-address': attendanceAddress,
  '026-attendance-time': attendanceTime,
  '027-released-reviewer': releasedReviewer,
};

/**
 * Runs every pending migration once, under a lock, even when several instances (or a worker)
 * start together on one database (adr/016); returns the names it applied (none when another
 * process had applied them). Throws with the failing migration's name.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectKind): Promise<string[]> {
  return dialect === 'postgres'
    ? withPostgresLock(db, () => runMigrations(db, dialect))
    : withSqliteLock(db, () => runMigrations(db, dialect));
}

/** Any fixed number: the advisory lock is per database, so deployments on other databases never meet. */
const MIGRATION_LOCK_KEY = 7_206_170_016;
const SQLITE_LOCK_WAIT_MS = 10 * 60_000;

/**
 * A session-level advisory lock, held on a connection of its own while the migrator works on
 * others (the pool has ten): another instance waits here, then finds nothing left to apply.
 * PostgreSQL releases it if this process dies, so no lock outlives a crash.
 */
async function withPostgresLock<T>(db: Kysely<unknown>, run: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * SQLite: an exclusive transaction on a lock file beside the database, taken with no busy wait
 * and retried on a timer (node:sqlite blocks the thread while it waits). The migrations cannot
 * share one transaction on the database itself (one turns foreign keys off, which SQLite ignores
 * inside a transaction). The operating system drops the lock when a process dies.
 */
async function withSqliteLock<T>(db: Kysely<unknown>, run: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return run(); // in memory: one connection, nobody to meet
  const lock = new DatabaseSync(`${file}-migrate-lock`);
  try {
    lock.exec('PRAGMA busy_timeout = 0');
    const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if (!/locked|busy/i.test(String(error)) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    try {
      return await run();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

/**
 * On PostgreSQL the bookkeeping tables are pinned to the connection's current schema: Kysely
 * otherwise finds them in any schema of the database and skips creating its own.
 */
async function runMigrations(db: Kysely<unknown>, dialect: DialectKind): Promise<string[]> {
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
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
