// Bulk loading for the statistics benchmark: a prepared statement in one transaction on SQLite,
// `insert … select * from unnest($1::int[], …)` in chunks on PostgreSQL (one parameter per column).
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

export type ColumnType = 'int' | 'bigint' | 'real' | 'text';
export type Column = readonly [name: string, type: ColumnType];
export type Row = ReadonlyArray<string | number | null>;

export interface Bulk {
  insert(table: string, columns: readonly Column[], rows: readonly Row[]): Promise<void>;
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
}

export function sqliteBulk(file: string): Bulk {
  const db = new DatabaseSync(file);
  // Loading only: a crash would leave a benchmark database to throw away anyway.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;');
  return {
    async insert(table, columns, rows) {
      const names = columns.map(([name]) => name).join(', ');
      const marks = columns.map(() => '?').join(', ');
      const statement = db.prepare(`insert into ${table} (${names}) values (${marks})`);
      db.exec('begin');
      for (const row of rows) statement.run(...row);
      db.exec('commit');
    },
    async exec(statement) {
      db.exec(statement);
    },
    async close() {
      db.close();
    },
  };
}

const PG_TYPES: Record<ColumnType, string> = { int: 'int4', bigint: 'int8', real: 'float8', text: 'text' };
const CHUNK = 50_000;

export async function pgBulk(url: string): Promise<Bulk> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async insert(table, columns, rows) {
      const names = columns.map(([name]) => name).join(', ');
      const arrays = columns.map(([, type], i) => `$${i + 1}::${PG_TYPES[type]}[]`).join(', ');
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        const values = columns.map((_, i) => chunk.map((row) => row[i] ?? null));
        await client.query(`insert into ${table} (${names}) select * from unnest(${arrays})`, values);
      }
    },
    async exec(statement) {
      await client.query(statement);
    },
    async close() {
      await client.end();
    },
  };
}
