import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { openDatabase } from './database.ts';
import { type DialectKind, migrateToLatest } from './migrate.ts';
import { openNodeSqlite } from './node-sqlite.ts';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dialect: DialectKind = databaseUrl ? 'postgres' : 'sqlite';

/** Two independent connections (pools) to one fresh database, as two instances have. */
async function twoConnections(): Promise<{ a: Kysely<unknown>; b: Kysely<unknown>; dispose(): Promise<void> }> {
  if (databaseUrl) {
    const fresh = await createScratchDatabase(databaseUrl);
    // An idle pooled connection that the database drop ends (WITH FORCE) emits 'error' on its pool;
    // that is the clean-up, not the migrations, whose own errors reject their queries.
    let disposing = false;
    const poolErrors: Error[] = [];
    const open = () => {
      const pool = new pg.Pool({ connectionString: fresh.url, max: 10 });
      pool.on('error', (error) => {
        if (!disposing) poolErrors.push(error);
      });
      return new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    };
    const [a, b] = [open(), open()];
    return {
      a,
      b,
      async dispose() {
        disposing = true;
        await a.destroy();
        await b.destroy();
        await fresh.drop();
        assert.deepEqual(poolErrors, [], 'no pooled connection failed while the instances migrated');
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'zikao-migrate-'));
  const open = () =>
    new Kysely<unknown>({ dialect: new SqliteDialect({ database: openNodeSqlite(path.join(dir, 'zikao.sqlite')) }) });
  const [a, b] = [open(), open()];
  return {
    a,
    b,
    async dispose() {
      await a.destroy();
      await b.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe(`migrations under a lock (${dialect}, adr/016)`, () => {
  it('applies every migration once when two instances migrate one fresh database together', async () => {
    const { a, b, dispose } = await twoConnections();
    try {
      const [first, second] = await Promise.all([migrateToLatest(a, dialect), migrateToLatest(b, dialect)]);
      const applied = [...first, ...second];
      assert.ok(
        first.length === 0 || second.length === 0,
        `one of them found nothing to do: ${first.length}, ${second.length}`,
      );
      assert.ok(applied.length > 10, `every migration: ${applied.join(', ')}`);
      assert.equal(new Set(applied).size, applied.length, 'none twice');
      const { rows } = await a
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()
        .then((list) => ({ rows: list }));
      assert.equal(rows.length, applied.length);
      assert.deepEqual(await migrateToLatest(b, dialect), [], 'nothing left afterwards');
    } finally {
      await dispose();
    }
  });

  it('starts two instances together on one fresh database, both usable', async () => {
    const fresh = databaseUrl ? await createScratchDatabase(databaseUrl) : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-migrate-'));
    try {
      const [one, two] = await Promise.all([0, 1].map(() => openDatabase({ dataDir, databaseUrl: fresh?.url })));
      try {
        for (const handle of [one, two].filter((h) => h !== undefined)) {
          const users = await handle.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow();
          assert.equal(Number(users.n), 0);
        }
      } finally {
        await one?.close();
        await two?.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await fresh?.drop();
    }
  });
});
