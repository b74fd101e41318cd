import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role, type SubmissionListResult, submissionListSchema } from '@zikao/contract';
import { buildBatch, buildSubmission } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ListCache } from './list-cache.ts';
import { listKey } from './submission.service.ts';

describe('list cache', () => {
  it('keys the caller and every query field, whatever the strings hold', () => {
    const base = submissionListSchema.parse({ stage: 'draft' });
    const reviewer = { id: 1, role: Role.reviewer };
    const variants = [
      listKey(reviewer, base),
      listKey({ id: 2, role: Role.reviewer }, base),
      listKey({ id: 1, role: Role.admin }, base),
      listKey(reviewer, { ...base, stage: 'final' }),
      listKey(reviewer, { ...base, scope: 'all' }),
      listKey(reviewer, { ...base, status: 'assigned' }),
      listKey(reviewer, { ...base, batchId: 3 }),
      listKey(reviewer, { ...base, sort: 'title' }),
      listKey(reviewer, { ...base, order: 'asc' }),
      listKey(reviewer, { ...base, page: 2 }),
      listKey(reviewer, { ...base, pageSize: 50 }),
      listKey(reviewer, { ...base, export: 1 }),
      // Joined plainly, these two would read the same: "a|b|~".
      listKey(reviewer, { ...base, keyword: 'a|b' }),
      listKey(reviewer, { ...base, keyword: 'a', major: 'b|~' }),
      listKey(reviewer, { ...base, keyword: '' }),
    ];
    assert.equal(new Set(variants).size, variants.length);
    assert.equal(listKey(reviewer, { ...base }), listKey(reviewer, submissionListSchema.parse({ stage: 'draft' })));
  });

  it('gives each caller and role its own key on a shared query object', () => {
    const query = Object.freeze(submissionListSchema.parse({ stage: 'draft', keyword: '王' }));
    const first = listKey({ id: 7, role: Role.reviewer }, query);
    assert.equal(listKey({ id: 7, role: Role.reviewer }, query), first);
    const asAdmin = listKey({ id: 7, role: Role.admin }, query);
    assert.notEqual(asAdmin, first, 'the same account with another role has its own key');
    // More callers than are kept per query: every key is still the caller's own.
    const keys = Array.from({ length: 200 }, (_, i) => listKey({ id: 100 + i, role: Role.reviewer }, query));
    assert.equal(new Set(keys).size, 200);
    assert.equal(listKey({ id: 7, role: Role.reviewer }, query), first);
    assert.equal(listKey({ id: 100, role: Role.reviewer }, query), keys[0]);
    assert.equal(listKey({ id: 7, role: Role.reviewer }, { ...query }), first, 'an equal query gives an equal key');
  });

  it('serves an entry only at the version it was stored at, and not past its age', () => {
    const cache = new ListCache<string>({ maxEntries: 10, maxAgeMs: 1000 });
    cache.set('a', 'v1', 'first', 0);
    assert.equal(cache.get('a', 'v1', 500), 'first');
    assert.equal(cache.get('a', 'v2', 500), undefined, 'a new version misses');
    assert.equal(cache.get('a', 'v1', 500), undefined, 'and drops the stale entry');
    cache.set('b', 'v1', 'second', 0);
    assert.equal(cache.get('b', 'v1', 1001), undefined, 'too old');
  });

  it('keeps the most recently used entries within its size', () => {
    const cache = new ListCache<number>({ maxEntries: 2, maxAgeMs: 1000 });
    cache.set('a', 'v', 1, 0);
    cache.set('b', 'v', 2, 0);
    assert.equal(cache.get('a', 'v', 0), 1);
    cache.set('c', 'v', 3, 0);
    assert.equal(cache.size, 2);
    assert.equal(cache.get('b', 'v', 0), undefined, 'the least recently used entry went');
    assert.equal(cache.get('a', 'v', 0), 1);
    assert.equal(cache.get('c', 'v', 0), 3);
  });
});

describe('list cache order', () => {
  it('never evicts an entry that is peeked or loaded while others come and go', async () => {
    const cache = new ListCache<number>({ maxEntries: 4, maxAgeMs: 1000 });
    cache.set('peeked', 'v', 1, 0);
    cache.set('loaded', 'v', 2, 0);
    cache.set('idle', 'v', 3, 0);
    for (let i = 0; i < 50; i++) {
      cache.set(`other${i}`, 'v', i, 0);
      assert.equal(cache.peek('peeked', 'v'), 1, `peeked entry kept after ${i + 1} others`);
      assert.equal(
        await cache.load('loaded', 'v', async () => -1, 0, true),
        2,
        `loaded entry kept after ${i + 1} others`,
      );
    }
    assert.equal(cache.size, 4);
    assert.equal(cache.peek('idle', 'v'), undefined, 'an entry nobody asked for went');
    assert.equal(cache.peek('other0', 'v'), undefined);
    assert.equal(cache.peek('other49', 'v'), 49);
  });
});

describe('list cache loading', () => {
  it('computes once for callers that miss together', async () => {
    const cache = new ListCache<number>({ maxEntries: 10, maxAgeMs: 1000 });
    let runs = 0;
    let release: (value: number) => void = () => {};
    const compute = () => {
      runs += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.load('a', 'v1', compute, 0);
    const second = cache.load('a', 'v1', compute, 0);
    release(7);
    assert.deepEqual(await Promise.all([first, second]), [7, 7]);
    assert.equal(runs, 1);
    assert.equal(await cache.load('a', 'v1', compute, 10), 7, 'then served from the cache');
    assert.equal(runs, 1);
  });

  it('serves an aged entry of the same version while one refresh runs, and recomputes a new version', async () => {
    const cache = new ListCache<string>({ maxEntries: 10, maxAgeMs: 1000 });
    let answer = 'old';
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return answer;
    };
    assert.equal(await cache.load('a', 'v1', compute, 0), 'old');
    answer = 'new';
    assert.equal(await cache.load('a', 'v1', compute, 5000), 'old', 'aged: the stored answer at once');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 2, 'one refresh behind it');
    assert.equal(await cache.load('a', 'v1', compute, 5001), 'new');
    answer = 'newer';
    assert.equal(await cache.load('a', 'v2', compute, 5002), 'newer', 'a new version never gets the old answer');
  });

  it('never ages an entry under an exact version, and peeks at it without a promise', async () => {
    const cache = new ListCache<string>({ maxEntries: 10, maxAgeMs: 1000 });
    let runs = 0;
    const compute = async () => `answer ${++runs}`;
    assert.equal(await cache.load('a', 'v1:3', compute, 0, true), 'answer 1');
    assert.equal(await cache.load('a', 'v1:3', compute, 60_000, true), 'answer 1');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 1, 'no refresh behind an exact version');
    assert.equal(cache.peek('a', 'v1:3'), 'answer 1');
    assert.equal(cache.peek('a', 'v1:4'), undefined);
    assert.equal(cache.peek('b', 'v1:3'), undefined);
  });

  it('passes a failed computation on and keeps nothing of it', async () => {
    const cache = new ListCache<string>({ maxEntries: 10, maxAgeMs: 1000 });
    await assert.rejects(
      cache.load('a', 'v1', async () => Promise.reject(new Error('数据库不可用')), 0),
      /数据库不可用/,
    );
    assert.equal(cache.size, 0);
    assert.equal(await cache.load('a', 'v1', async () => 'ok', 0), 'ok');
  });
});

describe('review lists stay fresh behind the cache', () => {
  let app: TestApp;
  let admin: string;
  let batchId: number;

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    batchId = await buildBatch(app, {}, '缓存批次');
  });
  after(() => app.close());

  const list = async () => {
    const response = await app.post<SubmissionListResult>(
      '/api/v1/submission/list',
      { stage: 'plan', batchId, scope: 'all' },
      { token: admin },
    );
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data;
  };

  it('shows a write made outside the service on the very next call', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'plan', title: '缓存前的题目' });
    const first = await list();
    assert.equal(first.total, 1);
    assert.equal(first.list[0]?.status, 'unassigned');
    assert.deepEqual(await list(), first, 'an unchanged database answers the same');

    // Another instance, or any code path, writing straight to the tables.
    await app.database.db.updateTable('submissions').set({ status: 'passed' }).where('id', '=', built.id).execute();
    const afterStatus = await list();
    assert.equal(afterStatus.list[0]?.status, 'passed');
    assert.equal(afterStatus.counts.passed, 1);

    await app.database.db.updateTable('theses').set({ title: '改过的题目' }).where('id', '=', built.thesisId).execute();
    assert.equal((await list()).list[0]?.title, '改过的题目');

    await buildSubmission(app, { batchId, stage: 'plan' });
    assert.equal((await list()).total, 2);

    await app.database.db.deleteFrom('submissions').where('id', '=', built.id).execute();
    assert.equal((await list()).total, 1);
  });

  it('shows a renamed candidate on the very next call, though names are outside the data version', async () => {
    const built = await buildSubmission(app, { batchId, stage: 'plan', title: '改名测试' });
    const row = async () => (await list()).list.find((r) => r.id === built.id);
    assert.equal((await row())?.studentName, built.studentName);
    assert.equal((await row())?.studentName, built.studentName);
    await app.database.db
      .updateTable('users')
      .set({ name: '改名后的考生' })
      .where('id', '=', built.studentId)
      .execute();
    assert.equal((await row())?.studentName, '改名后的考生');
  });
});
