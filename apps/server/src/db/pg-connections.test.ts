import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { eventually } from '../test/eventually.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

const url = process.env.DATABASE_URL;

/** Ends every other connection to the database, as a restart or an administrator would. */
async function cutConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const skip = url ? false : 'PostgreSQL only: DATABASE_URL is not set';

describe('PostgreSQL connections cut by the server', { skip }, () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  const poolErrors: Error[] = [];
  const listenerErrors: Error[] = [];

  before(async () => {
    const created = await createScratchDatabase(url as string);
    databaseUrl = created.url;
    drop = created.drop;
    database = await openDatabase({
      dataDir: '',
      databaseUrl,
      onPoolError: (error) => poolErrors.push(error),
      onListenerError: (error) => listenerErrors.push(error),
    });
  });
  after(async () => {
    await database?.close();
    await drop?.();
  });

  it('drops an idle pooled connection the server ends, keeps the process, and answers the next query', async () => {
    // Two idle connections in the pool, and the listener's.
    await Promise.all([sql`select pg_sleep(0.05)`.execute(database.db), sql`select 1`.execute(database.db)]);
    await eventually(() => assert.ok(database.changes.isWatched, 'the change listener'), 10_000);
    // Every pooled connection and the listener's: at least the two pooled ones and one more.
    const cut = await cutConnections(databaseUrl);
    assert.ok(cut >= 3, `${cut} connections cut`);

    // A query must not take a cut connection before the pool has heard it is gone (pg does not
    // test a connection on checkout), so wait until it has heard of each one, the listener's aside.
    await eventually(() => assert.equal(poolErrors.length, cut - 1, 'pool errors, one per cut connection'), 10_000);
    for (const error of poolErrors) assert.match(error.message, /terminat/);
    const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(database.db);
    assert.equal(rows[0]?.answer, 42);
  });

  it('hears other writers again once the change listener has reconnected', async () => {
    await eventually(() => assert.ok(listenerErrors.length > 0, 'the listener reports its lost connection'), 10_000);
    await eventually(() => assert.ok(database.changes.isWatched, 'the listener reconnects'), 10_000);
    // A notification on the channel (a read to this process's own driver) reaches the feed again.
    const stamp = database.changes.stamp(['users']);
    assert.notEqual(stamp, null);
    await sql`select pg_notify('zikao_changes', 'users')`.execute(database.db);
    await eventually(() => assert.notEqual(database.changes.stamp(['users']), stamp, 'the notification'), 10_000);
  });
});
