import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChangeFeed, Memo, writtenTables } from './change-feed.ts';

describe('writtenTables', () => {
  it('reads nothing into a read', () => {
    assert.deepEqual(writtenTables('select "version" from "data_versions" where "name" = ?'), []);
    assert.deepEqual(writtenTables('  SELECT 1'), []);
    assert.deepEqual(writtenTables('pragma data_version'), []);
    assert.deepEqual(writtenTables('with "t" as (select 1 as "updated_at") select * from "t"'), []);
  });

  it('names the target table of an insert, update or delete, quoted or not, with a schema or not', () => {
    assert.deepEqual(writtenTables('insert into "sessions" ("token_hash") values (?)'), ['sessions']);
    assert.deepEqual(writtenTables('INSERT OR IGNORE INTO users (id) VALUES (1)'), ['users']);
    assert.deepEqual(writtenTables('update "submissions" set "status" = ? where "id" = ?'), ['submissions']);
    assert.deepEqual(writtenTables('update "public"."reviews" set "score" = 1'), ['reviews']);
    assert.deepEqual(writtenTables('delete from "sessions" where "id" = ?'), ['sessions']);
  });

  it('treats what it cannot name as a write to anything', () => {
    assert.equal(writtenTables('create table "x" ("id" integer)'), null);
    assert.equal(
      writtenTables('with "gone" as (delete from "sessions" returning *) select count(*) from "gone"'),
      null,
    );
    assert.equal(writtenTables('truncate "users"'), null);
  });
});

describe('ChangeFeed', () => {
  it('moves a stamp only for writes to its tables or to unknown tables', () => {
    const feed = new ChangeFeed({ watched: true });
    const sessions = feed.stamp(['sessions', 'users']);
    const lists = feed.stamp(['submissions']);
    feed.changed(['annotations']);
    assert.equal(feed.stamp(['sessions', 'users']), sessions);
    feed.changed(['users']);
    assert.notEqual(feed.stamp(['sessions', 'users']), sessions);
    assert.equal(feed.stamp(['submissions']), lists);
    feed.changed(null);
    assert.notEqual(feed.stamp(['submissions']), lists);
  });

  it('gives no stamp while unwatched, and a new one when the watch comes back', () => {
    const feed = new ChangeFeed({ watched: false });
    assert.equal(feed.stamp(['users']), null);
    feed.setWatched(true);
    const first = feed.stamp(['users']);
    assert.notEqual(first, null);
    feed.setWatched(false);
    assert.equal(feed.stamp(['users']), null);
    feed.setWatched(true);
    assert.notEqual(feed.stamp(['users']), first);
  });

  it('moves every stamp when the external version changes', async () => {
    let external = 1;
    const feed = new ChangeFeed({ watched: true, externalVersion: () => external });
    const before = feed.stamp(['users']);
    assert.equal(feed.stamp(['users']), before);
    external = 2;
    // The external reading is trusted for 5 ms.
    await new Promise((resolve) => setTimeout(resolve, 12));
    assert.notEqual(feed.stamp(['users']), before);
  });
});

describe('Memo', () => {
  it('reads once, keeps the value until a write to its tables, and shares a read in flight', async () => {
    const feed = new ChangeFeed({ watched: true });
    const memo = new Memo<number>(feed, ['data_versions']);
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reads;
    };
    const [a, b] = await Promise.all([memo.get(read), memo.get(read)]);
    assert.equal(a, 1);
    assert.equal(b, 1);
    assert.equal(await memo.get(read), 1);
    assert.equal(memo.peek(), 1);
    feed.changed(['users']);
    assert.equal(await memo.get(read), 1);
    feed.changed(['data_versions']);
    assert.equal(memo.peek(), undefined);
    assert.equal(await memo.get(read), 2);
    assert.equal(reads, 2);
  });

  it('does not trust a value read while its table changed', async () => {
    const feed = new ChangeFeed({ watched: true });
    const memo = new Memo<string>(feed, ['submissions']);
    let value = 'old';
    const pending = memo.get(async () => {
      const seen = value;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return seen;
    });
    value = 'new';
    feed.changed(['submissions']);
    assert.equal(await pending, 'old');
    assert.equal(await memo.get(async () => value), 'new');
  });

  it('reads every time while the feed is unwatched', async () => {
    const feed = new ChangeFeed({ watched: false });
    const memo = new Memo<number>(feed, ['users']);
    let reads = 0;
    await memo.get(async () => ++reads);
    await memo.get(async () => ++reads);
    assert.equal(reads, 2);
    assert.equal(memo.peek(), undefined);
  });

  it('does not keep a failed read', async () => {
    const feed = new ChangeFeed({ watched: true });
    const memo = new Memo<number>(feed, ['users']);
    await assert.rejects(
      memo.get(async () => {
        throw new Error('database gone');
      }),
      /database gone/,
    );
    assert.equal(await memo.get(async () => 7), 7);
  });
});
