import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role } from '@zikao/contract';
import { buildBatch, buildUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 32 §3: names sort by pinyin in the console's account and batch lists, page by page.
describe('console lists: names in pinyin order', () => {
  let app: TestApp;
  let admin: string;
  const names = ['排序张三', '排序阿明', '排序北辰', '排序李四'];
  const expected = ['排序阿明', '排序北辰', '排序李四', '排序张三'];

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    for (const name of names) {
      await buildUser(app, { role: Role.reviewer, name });
      await buildBatch(app, {}, `${name}批次`);
    }
  });
  after(() => app.close());

  const namesOf = async (path: string, body: Record<string, unknown>) => {
    const answer = await app.post<{ list: Array<{ name: string }>; total: number }>(
      path,
      { keyword: '排序', sort: 'name', ...body },
      { token: admin },
    );
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    return answer.body.data;
  };

  it('orders accounts by pinyin, both ways and across pages', async () => {
    const all = await namesOf('/api/v1/console/account/list', { order: 'asc', page: 1, pageSize: 20 });
    assert.deepEqual(
      all.list.map((row) => row.name),
      expected,
    );
    assert.equal(all.total, 4);
    const second = await namesOf('/api/v1/console/account/list', { order: 'desc', page: 2, pageSize: 2 });
    assert.deepEqual(
      second.list.map((row) => row.name),
      ['排序北辰', '排序阿明'],
    );
  });

  it('orders batches by pinyin', async () => {
    const all = await namesOf('/api/v1/console/batch/list', { order: 'asc', page: 1, pageSize: 20 });
    assert.deepEqual(
      all.list.map((row) => row.name),
      expected.map((name) => `${name}批次`),
    );
  });
});
