import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

function toInput(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Adapts the built-in node:sqlite to the interface Kysely's SqliteDialect expects.
 * Prepared statements are cached by SQL text: preparing costs more than running a point query.
 */
export function openNodeSqlite(file: string): SqliteDatabase & { raw: DatabaseSync; dataVersion: () => number } {
  const raw = new DatabaseSync(file);
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepare = (sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      const statement = raw.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, entry);
    }
    return entry;
  };
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  const dataVersionStatement = raw.prepare('PRAGMA data_version');
  return {
    raw,
    /** Changes whenever another connection commits to the file (not for this connection's own writes). */
    dataVersion: () => Number((dataVersionStatement.get() as { data_version: number }).data_version),
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepare(sql);
      return {
        reader,
        all: (parameters) => statement.all(...parameters.map(toInput)),
        run: (parameters) => {
          const result = statement.run(...parameters.map(toInput));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...parameters.map(toInput)),
      };
    },
  };
}
