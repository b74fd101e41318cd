import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type ListResult, Role } from '@zikao/contract';
import { type BatchDto, ConsoleApiPath } from '@zikao/contract/console';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DAY = 24 * 3600 * 1000;
const api = (path: string) => `/api${path}`;

/** Windows one week apart, in stage order. */
function orderedWindows(from = Date.UTC(2026, 8, 1)) {
  const at = (week: number) => ({ start: from + week * 7 * DAY, end: from + (week + 1) * 7 * DAY });
  return { topic: at(0), plan: at(1), draft: at(2), final: at(3), retest: at(4) };
}

const fullRules = () => ({
  windows: orderedWindows(),
  uploadLimit: 4,
  uploadLimits: { topic: 2, plan: 3, draft: 4, final: 5, retest: 1 },
  plagiarismThreshold: 25,
  minCommentLength: 80,
  blindReview: true,
  rubric: [
    { key: 'structure', label: '结构', weight: 40, max: 100 },
    { key: 'argument', label: '论证', weight: 60, max: 100 },
  ],
  adminCheck: true,
});

describe('console: batches', () => {
  let app: TestApp;
  let admin: string;
  let adminId: number;
  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    adminId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000004')
        .executeTakeFirstOrThrow()
    ).id;
  });
  after(() => app.close());

  const save = (body: Record<string, unknown>, token = admin) =>
    app.post<BatchDto>(api(ConsoleApiPath.batchSave), body, { token });
  const list = (body: Record<string, unknown> = {}, token = admin) =>
    app.post<ListResult<BatchDto>>(api(ConsoleApiPath.batchList), body, { token });
  const trail = (id: number) =>
    app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'batch')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('creates a batch with every rule, lists it and records who did it', async () => {
    const created = await save({ name: '  2027年上半年  ', rules: fullRules() });
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    const batch = created.body.data;
    assert.equal(batch.name, '2027年上半年');
    assert.equal(batch.status, 'open');
    assert.deepEqual(batch.rules, { ...fullRules(), closedAt: null });
    assert.equal(batch.thesisCount, 0);

    const stored = await app.database.db
      .selectFrom('batches')
      .selectAll()
      .where('id', '=', batch.id)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.rules_json).minCommentLength, 80);

    const listed = await list({ keyword: '2027年上' });
    assert.equal(listed.body.errorCode, 0);
    assert.deepEqual(
      listed.body.data.list.map((row) => row.id),
      [batch.id],
    );

    const entries = await trail(batch.id);
    assert.equal(entries.length, 1);
    assert.equal(entries[0]?.action, 'batchCreate');
    assert.equal(entries[0]?.actor_id, adminId);
    assert.ok(Math.abs(Number(entries[0]?.created_at) - Date.now()) < 60_000);
  });

  it('fills in the defaults: upload limit 4, threshold 30%, comments of at least 50 characters', async () => {
    const created = await save({ name: '默认规则批次', rules: {} });
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    const { rules } = created.body.data;
    assert.equal(rules.uploadLimit, 4);
    assert.equal(rules.plagiarismThreshold, 30);
    assert.equal(rules.minCommentLength, 50);
    assert.equal(rules.blindReview, false);
    assert.equal(rules.adminCheck, false);
    assert.deepEqual(rules.rubric, []);
  });

  it('refuses windows out of stage order, a window that ends before it starts, limits below 1 and a taken name', async () => {
    const windows = orderedWindows();
    const swapped = { ...windows, plan: { start: windows.topic.start - DAY, end: windows.topic.end } };
    const early = await save({ name: '顺序错误', rules: { windows: swapped } });
    assert.equal(early.body.errorCode, ErrorCode.invalidInput);
    assert.match(early.body.errorMsg, /论文计划的开始时间不能早于选题的开始时间/);

    const backwards = await save({
      name: '结束早于开始',
      rules: { windows: { draft: { start: windows.draft.end, end: windows.draft.start } } },
    });
    assert.equal(backwards.body.errorCode, ErrorCode.invalidInput);
    assert.match(backwards.body.errorMsg, /论文初稿的开始时间须早于结束时间/);

    const zero = await save({ name: '上传次数为零', rules: { uploadLimits: { final: 0 } } });
    assert.equal(zero.body.errorCode, ErrorCode.invalidInput);
    assert.match(zero.body.errorMsg, /上传次数不能小于 1/);

    const fraction = await save({ name: '上传次数小数', rules: { uploadLimit: 1.5 } });
    assert.equal(fraction.body.errorCode, ErrorCode.invalidInput);

    const threshold = await save({ name: '阈值超限', rules: { plagiarismThreshold: 101 } });
    assert.equal(threshold.body.errorCode, ErrorCode.invalidInput);
    assert.match(threshold.body.errorMsg, /查重阈值不能大于 100/);

    const duplicateItems = await save({
      name: '评分项重复',
      rules: {
        rubric: [
          { key: 'a', label: '结构', weight: 50, max: 100 },
          { key: 'b', label: '结构', weight: 50, max: 100 },
        ],
      },
    });
    assert.equal(duplicateItems.body.errorCode, ErrorCode.invalidInput);
    assert.match(duplicateItems.body.errorMsg, /评分项“结构”重复/);

    const first = await save({ name: '重名批次', rules: {} });
    assert.equal(first.body.errorCode, 0);
    const again = await save({ name: '重名批次', rules: {} });
    assert.equal(again.body.errorCode, ErrorCode.invalidInput);
    assert.match(again.body.errorMsg, /批次名称“重名批次”已存在/);

    const names = (await app.database.db.selectFrom('batches').select('name').execute()).map((row) => row.name);
    for (const name of ['顺序错误', '结束早于开始', '上传次数为零', '阈值超限', '评分项重复']) {
      assert.ok(!names.includes(name), `${name} must not be stored`);
    }
  });

  it('edits a batch: new rules replace the old, its own name is not a clash, the audit keeps both', async () => {
    const created = (await save({ name: '待编辑批次', rules: {} })).body.data;
    const edited = await save({ id: created.id, name: '待编辑批次', rules: fullRules() });
    assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
    assert.equal(edited.body.data.rules.blindReview, true);
    assert.equal(edited.body.data.rules.rubric.length, 2);

    const clash = await save({ id: created.id, name: '默认规则批次', rules: {} });
    assert.equal(clash.body.errorCode, ErrorCode.invalidInput);

    const missing = await save({ id: 999_999, name: '不存在的批次', rules: {} });
    assert.equal(missing.body.errorCode, ErrorCode.notFound);

    const entries = await trail(created.id);
    assert.deepEqual(
      entries.map((entry) => entry.action),
      ['batchCreate', 'batchUpdate'],
    );
    const detail = JSON.parse(entries[1]?.detail_json ?? '{}');
    assert.equal(detail.before.rules.blindReview, false);
    assert.equal(detail.after.rules.blindReview, true);
  });

  it('counts theses, filters by status, sorts and pages', async () => {
    const reviewer = await buildUser(app, { role: Role.reviewer });
    const busy = await buildBatch(app, {}, '计数批次A');
    const quiet = await buildBatch(app, {}, '计数批次B');
    await buildSubmission(app, { batchId: busy, stage: 'topic' });
    await buildSubmission(app, { batchId: busy, stage: 'draft', status: 'assigned', reviewerId: reviewer.id });
    const counted = await list({ keyword: '计数批次', sort: 'thesisCount', order: 'desc' });
    assert.deepEqual(
      counted.body.data.list.map((row) => [row.name, row.thesisCount, row.submissionCount]),
      [
        ['计数批次A', 2, 2],
        ['计数批次B', 0, 0],
      ],
    );
    const byName = await list({ keyword: '计数批次', sort: 'name', order: 'asc', pageSize: 1, page: 2 });
    assert.equal(byName.body.data.total, 2);
    assert.deepEqual(
      byName.body.data.list.map((row) => row.id),
      [quiet],
    );

    await app.post(api(ConsoleApiPath.batchClose), { id: quiet }, { token: admin });
    const closed = await list({ keyword: '计数批次', status: 'closed' });
    assert.deepEqual(
      closed.body.data.list.map((row) => row.id),
      [quiet],
    );
    const open = await list({ keyword: '计数批次', status: 'open' });
    assert.deepEqual(
      open.body.data.list.map((row) => row.id),
      [busy],
    );
    const wild = await list({ keyword: '%' });
    assert.equal(wild.body.data.total, 0, 'a % in the keyword is taken literally');
  });

  it('closes a batch: candidates can no longer resubmit, an open batch still takes them', async () => {
    const reviewer = await buildUser(app, { role: Role.reviewer });
    const structured = { title: '新的选题', rationale: '理由', outline: '提纲', references: '文献' };
    const prepare = async (name: string) => {
      const batchId = (await save({ name, rules: {} })).body.data.id;
      const student = await buildUser(app, { role: Role.student });
      const built = await buildSubmission(app, {
        batchId,
        stage: 'topic',
        status: 'returned',
        reviewerId: reviewer.id,
        studentId: student.id,
      });
      return { batchId, submissionId: built.id, token: await app.login(student.account, undefined, 'student') };
    };
    const open = await prepare('仍开放的批次');
    const closing = await prepare('将关闭的批次');

    const closed = await app.post<BatchDto>(api(ConsoleApiPath.batchClose), { id: closing.batchId }, { token: admin });
    assert.equal(closed.body.errorCode, 0, closed.body.errorMsg);
    assert.equal(closed.body.data.status, 'closed');
    assert.ok(closed.body.data.closedAt !== null);

    const refused = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: closing.submissionId, structured },
      { token: closing.token },
    );
    assert.equal(refused.body.errorCode, ErrorCode.conflict);
    assert.match(refused.body.errorMsg, /不在提交时间内/);

    const accepted = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId: open.submissionId, structured },
      { token: open.token },
    );
    assert.equal(accepted.body.errorCode, 0, accepted.body.errorMsg);

    // Editing a closed batch keeps it closed.
    const edited = await save({ id: closing.batchId, name: '将关闭的批次', rules: fullRules() });
    assert.equal(edited.body.data.status, 'closed');
    assert.equal(edited.body.data.closedAt, closed.body.data.closedAt);

    const twice = await app.post(api(ConsoleApiPath.batchClose), { id: closing.batchId }, { token: admin });
    assert.equal(twice.body.errorCode, ErrorCode.conflict);
    assert.match(twice.body.errorMsg, /批次已关闭/);

    const entries = await trail(closing.batchId);
    const close = entries.find((entry) => entry.action === 'batchClose');
    assert.equal(close?.from_status, 'open');
    assert.equal(close?.to_status, 'closed');
    assert.equal(close?.actor_id, adminId);
  });

  it('lets only admins reach any batch call (roles 1–3 get 1030003)', async () => {
    const batchId = await buildBatch(app, {}, '权限测试批次');
    const calls: Array<[string, Record<string, unknown>]> = [
      [ConsoleApiPath.batchList, {}],
      [ConsoleApiPath.batchSave, { name: '越权创建', rules: {} }],
      [ConsoleApiPath.batchSave, { id: batchId, name: '越权修改', rules: {} }],
      [ConsoleApiPath.batchClose, { id: batchId }],
    ];
    for (const role of [Role.student, Role.teacher, Role.reviewer]) {
      const user = await buildUser(app, { role });
      const token = await app.login(user.account, undefined, role === Role.student ? 'student' : 'teacher');
      for (const [path, body] of calls) {
        const response = await app.post(api(path), body, { token });
        assert.equal(response.body.errorCode, ErrorCode.forbidden, `role ${role} on ${path}`);
      }
    }
    const anonymous = await app.post(api(ConsoleApiPath.batchList), {});
    assert.equal(anonymous.body.errorCode, ErrorCode.notLoggedIn);
    const row = await app.database.db
      .selectFrom('batches')
      .select(['name', 'status'])
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { name: '权限测试批次', status: 'open' });
  });
});
