import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 32 §4.5 for the comment bank (常用批注语): one entry per owner and text, however many saves
 * of it arrive at once on two instances sharing the database; the others get the answer a repeat
 * gets (1080001 该批注语已在常用列表中), as does an edit to a text the list already has.
 */
describe('the comment bank under a burst of saves, on two instances', () => {
  let apps: TestApp[] = [];
  let admin: string;
  let reviewer: string;

  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
    admin = await first.login('13800000004');
    reviewer = await first.login('13800000003');
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;

  const burst = (body: Record<string, unknown>, token: string) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (apps[i % apps.length] as TestApp).post<{ id: number }>('/api/v1/comment-bank/save', body, { token }),
      ),
    );
  const entries = (text: string) =>
    app().database.db.selectFrom('comment_bank').select(['id', 'owner_id']).where('text', '=', text).execute();

  /** One save made the entry; every other was told it is there. */
  const oneSaved = (answers: Array<{ body: { errorCode: number; errorMsg: string } }>) => {
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((code) => code === 0).length, 1, JSON.stringify(answers.map((a) => a.body.errorMsg)));
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.deepEqual([answer.body.errorCode, answer.body.errorMsg], [ErrorCode.conflict, '该批注语已在常用列表中']);
    }
  };

  it('keeps one personal entry for 20 saves of one text at once', async () => {
    const text = '实验数据的来源需要注明';
    oneSaved(await burst({ text, category: 'content' }, reviewer));
    assert.equal((await entries(text)).length, 1);
  });

  it('keeps one shared entry, audited once, for 20 saves of one text at once', async () => {
    const text = '参考文献格式请按 GB/T 7714 统一';
    oneSaved(await burst({ text, category: 'citation', shared: true }, admin));
    const rows = await entries(text);
    assert.deepEqual(
      rows.map((row) => row.owner_id),
      [null],
    );
    const audited = await app()
      .database.db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'commentBankCreate')
      .where('entity_id', '=', (rows[0] as { id: number }).id)
      .execute();
    assert.equal(audited.length, 1);
  });

  it('refuses an edit to a text the list already has, with 1080001', async () => {
    const first = await app().post<{ id: number }>(
      '/api/v1/comment-bank/save',
      { text: '图表标题放在图的下方', category: 'format' },
      { token: reviewer },
    );
    const second = await app().post<{ id: number }>(
      '/api/v1/comment-bank/save',
      { text: '表格标题放在表的上方', category: 'format' },
      { token: reviewer },
    );
    const edit = await app().post(
      '/api/v1/comment-bank/save',
      { id: second.body.data.id, text: '图表标题放在图的下方', category: 'format' },
      { token: reviewer },
    );
    assert.deepEqual([edit.body.errorCode, edit.body.errorMsg], [ErrorCode.conflict, '该批注语已在常用列表中']);
    const kept = await app()
      .database.db.selectFrom('comment_bank')
      .select('text')
      .where('id', 'in', [first.body.data.id, second.body.data.id])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      kept.map((row) => row.text),
      ['图表标题放在图的下方', '表格标题放在表的上方'],
    );
  });
});
