import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { ChangeFeed } from './change-feed.ts';
import { type DialectKind, migrateToLatest } from './migrate.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import { PgChangeListener } from './pg-listener.ts';
import type { Database } from './schema.ts';
import { WatchedDialect } from './watched-dialect.ts';

// pg returns int8 (bigint columns and count(*)) as strings; our values fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/**
 * Pooled PostgreSQL connections per process. Twenty, not ten: under autosave load on a busy machine
 * each statement holds its connection for a round trip that waits for a CPU, and ten let the queue
 * for a connection grow without end (adr/021). PostgreSQL's max_connections (100 by default) must
 * cover this per instance and worker.
 */
const PG_POOL_MAX = 20;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectKind;
  /** Which tables have changed, for values kept in memory between writes. */
  changes: ChangeFeed;
  /** PostgreSQL's pool (connections open, idle, and queries waiting for one), for /metrics; null on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Called when the PostgreSQL change listener loses its connection (it reconnects by itself). */
  onListenerError?: (error: Error) => void;
  /**
   * Called when PostgreSQL ends an idle pooled connection (a restart, an administrator, a network
   * cut). The pool drops it and the next query opens another; without a handler, pg's pool would
   * rethrow the error and end the process.
   */
  onPoolError?: (error: Error) => void;
}

/** Opens SQLite under dataDir, or PostgreSQL when a URL is given, and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let dialect: DialectKind;
  let changes: ChangeFeed;
  let listener: PgChangeListener | null = null;
  let pgPool: pg.Pool | null = null;
  let closing = false;
  if (options.databaseUrl) {
    dialect = 'postgres';
    changes = new ChangeFeed({ watched: false });
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: PG_POOL_MAX });
    pgPool = pool;
    // The pool's end resolves once each connection is asked to end, not once it has: a connection
    // the server cuts meanwhile (a database dropped after close) is no news to anyone.
    pool.on('error', (error) => {
      if (!closing) options.onPoolError?.(error);
    });
    db = new Kysely<Database>({ dialect: new WatchedDialect(new PostgresDialect({ pool }), changes) });
    listener = new PgChangeListener(options.databaseUrl, changes, options.onListenerError);
  } else {
    dialect = 'sqlite';
    mkdirSync(options.dataDir, { recursive: true });
    const sqlite = openNodeSqlite(path.join(options.dataDir, 'zikao.sqlite'));
    changes = new ChangeFeed({ watched: true, externalVersion: sqlite.dataVersion });
    db = new Kysely<Database>({ dialect: new WatchedDialect(new SqliteDialect({ database: sqlite }), changes) });
  }
  await migrateToLatest(db as Kysely<unknown>, dialect);
  // Listening starts after the migrations, which create the notifying triggers.
  await listener?.start();
  return {
    db,
    dialect,
    changes,
    poolStats: () =>
      pgPool ? { total: pgPool.totalCount, idle: pgPool.idleCount, waiting: pgPool.waitingCount } : null,
    async close() {
      closing = true;
      await listener?.close();
      await db.destroy();
    },
  };
}
