import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CommentBankEntry, ErrorCode, type ListResult, Role, type SharedCommentBankEntry } from '@zikao/contract';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the shared comment bank', () => {
  let app: TestApp;
  let admin: string;
  let reviewer: string;
  let otherReviewer: string;
  let sharedId: number;

  const save = (body: Record<string, unknown>, token: string) =>
    app.post<{ id: number }>('/api/v1/comment-bank/save', body, { token });
  const bank = async (token: string) =>
    (await app.post<CommentBankEntry[]>('/api/v1/comment-bank/list', {}, { token })).body.data;
  const sharedList = (body: Record<string, unknown> = {}, token = admin) =>
    app.post<ListResult<SharedCommentBankEntry>>('/api/v1/comment-bank/shared/list', body, { token });

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    reviewer = await app.login('13800000003');
    otherReviewer = await app.login((await buildUser(app, { role: Role.reviewer })).account);
  });
  after(() => app.close());

  it('offers an admin’s shared entry to every reviewer beside their own, flagged shared', async () => {
    const created = await save(
      { text: '文献综述不够充分，请补充近五年研究', category: 'citation', shared: true },
      admin,
    );
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    sharedId = created.body.data.id;
    const own = await save({ text: '我的常用语：论证不足', category: 'content' }, reviewer);
    assert.equal(own.body.errorCode, 0, own.body.errorMsg);

    const mine = await bank(reviewer);
    const shared = mine.find((e) => e.id === sharedId);
    assert.deepEqual(shared && { shared: shared.shared, mine: shared.mine, category: shared.category }, {
      shared: true,
      mine: false,
      category: 'citation',
    });
    assert.ok(mine.some((e) => e.id === own.body.data.id && e.mine && !e.shared));
    const theirs = await bank(otherReviewer);
    assert.ok(theirs.some((e) => e.id === sharedId));
    assert.ok(!theirs.some((e) => e.id === own.body.data.id), 'a personal entry stays personal');
  });

  it('lets reviewers use a shared entry but not edit, delete or create one (1030003)', async () => {
    const used = await app.post('/api/v1/comment-bank/use', { id: sharedId }, { token: reviewer });
    assert.equal(used.body.errorCode, 0, used.body.errorMsg);
    assert.equal((await bank(reviewer)).find((e) => e.id === sharedId)?.useCount, 1);

    const edit = await save({ id: sharedId, text: '被改掉了', category: 'other' }, reviewer);
    assert.equal(edit.body.errorCode, ErrorCode.forbidden);
    const remove = await app.post('/api/v1/comment-bank/delete', { id: sharedId }, { token: reviewer });
    assert.equal(remove.body.errorCode, ErrorCode.forbidden);
    const create = await save({ text: '评阅教师想共享', category: 'other', shared: true }, reviewer);
    assert.equal(create.body.errorCode, ErrorCode.forbidden);
    assert.equal((await bank(reviewer)).find((e) => e.id === sharedId)?.text, '文献综述不够充分，请补充近五年研究');
  });

  it('gives the admin a searchable, paged list of shared entries only, and audits their changes', async () => {
    await save({ text: '管理员自己的常用语', category: 'content' }, admin);
    for (const [text, category] of [
      ['格式不规范，请按学校模板调整', 'format'],
      ['语句不通顺，请通读修改', 'language'],
      ['100%_照抄的段落请改写', 'other'],
    ]) {
      const response = await save({ text, category, shared: true }, admin);
      assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    }
    const all = await sharedList();
    assert.equal(all.body.errorCode, 0, all.body.errorMsg);
    assert.equal(all.body.data.total, 4);
    assert.ok(all.body.data.list.every((e) => e.shared));
    assert.ok(!all.body.data.list.some((e) => e.text === '管理员自己的常用语'));
    assert.equal(all.body.data.list[0]?.text, '100%_照抄的段落请改写', 'newest first');

    assert.deepEqual(
      (await sharedList({ keyword: '模板' })).body.data.list.map((e) => e.category),
      ['format'],
    );
    assert.equal((await sharedList({ keyword: '%_' })).body.data.total, 1);
    assert.equal((await sharedList({ category: 'language' })).body.data.total, 1);
    const page = await sharedList({ page: 2, pageSize: 3 });
    assert.deepEqual(
      page.body.data.list.map((e) => e.id),
      [sharedId],
    );

    const edited = await save({ id: sharedId, text: '文献综述不够充分', category: 'citation' }, admin);
    assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
    const removed = await app.post('/api/v1/comment-bank/delete', { id: sharedId }, { token: admin });
    assert.equal(removed.body.errorCode, 0, removed.body.errorMsg);
    assert.ok(!(await bank(reviewer)).some((e) => e.id === sharedId));
    const trail = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail_json'])
      .where('entity', '=', 'comment_bank')
      .where('entity_id', '=', sharedId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      trail.map((row) => [row.action, JSON.parse(row.detail_json).subject]),
      [
        ['commentBankCreate', '文献综述不够充分，请补充近五年研究'],
        ['commentBankUpdate', '文献综述不够充分'],
        ['commentBankDelete', '文献综述不够充分'],
      ],
    );
  });

  it('refuses the shared list to roles 1–3 (1030003)', async () => {
    const student = await buildUser(app, { role: Role.student, examNumber: '030155550001' });
    const teacher = await buildUser(app, { role: Role.teacher });
    for (const token of [
      await app.login(student.account, undefined, 'student'),
      await app.login(teacher.account),
      reviewer,
    ]) {
      const response = await sharedList({}, token);
      assert.equal(response.body.errorCode, ErrorCode.forbidden);
    }
  });
});
