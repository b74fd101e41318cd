import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type DialectKind, migrateToLatest } from './migrate.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import type { Database } from './schema.ts';

// pg returns int8 (bigint columns and count(*)) as strings; our values fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** Opens SQLite under dataDir, or PostgreSQL when a URL is given, and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let dialect: DialectKind;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    mkdirSync(options.dataDir, { recursive: true });
    const sqlite = openNodeSqlite(path.join(options.dataDir, 'zikao.sqlite'));
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  await migrateToLatest(db as Kysely<unknown>, dialect);
  return { db, dialect, close: () => db.destroy() };
}
