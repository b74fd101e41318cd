import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type ListResult, Role } from '@zikao/contract';
import type { AuditEntryDto, AuditOptions } from '@zikao/contract/audit';
import ExcelJS from 'exceljs';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the audit trail view', () => {
  let app: TestApp;
  let admin: string;
  let adminId: number;
  let reviewerId: number;
  let reviewer: string;
  let reopenedId: number;
  let assignedId: number;
  let startedAt: number;

  const list = (body: Record<string, unknown> = {}) =>
    app.post<ListResult<AuditEntryDto>>('/api/v1/audit/list', body, { token: admin });

  before(async () => {
    app = await createTestApp();
    admin = await app.login('13800000004');
    const ids = await app.database.db.selectFrom('users').select(['id', 'account']).execute();
    adminId = ids.find((u) => u.account === '13800000004')?.id as number;
    const user = await buildUser(app, { role: Role.reviewer, name: '审计评阅教师' });
    reviewerId = user.id;
    reviewer = await app.login(user.account);
    startedAt = Date.now();
    const batchId = await buildBatch(app);
    const assigned = await buildSubmission(app, { batchId, title: '乡村振兴背景下的电商发展研究' });
    assignedId = assigned.id;
    const done = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [assigned.id], reviewerId },
      { token: admin },
    );
    assert.equal(done.body.errorCode, 0, done.body.errorMsg);
    const passed = await buildSubmission(app, {
      batchId,
      status: 'passed',
      reviewerId,
      title: '鲁迅小说中的知识分子形象',
    });
    reopenedId = passed.id;
    const reopened = await app.post(
      '/api/v1/review/reopen',
      { submissionId: passed.id, reason: '评语与成绩明显不符' },
      { token: admin },
    );
    assert.equal(reopened.body.errorCode, 0, reopened.body.errorMsg);
    // The reviewer opens the other one: a status change by someone else.
    await app.post('/api/v1/submission/detail', { submissionId: assigned.id, open: 1 }, { token: reviewer });
  });
  after(() => app.close());

  it('lists every status change and admin action, newest first, with actor and subject', async () => {
    const response = await list({ pageSize: 100 });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    const entries = response.body.data.list;
    assert.equal(response.body.data.total, entries.length);
    const ids = entries.map((e) => e.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    // The candidates' submissions are in the trail too.
    assert.deepEqual(
      entries.map((e) => e.action),
      ['open', 'reopen', 'submit', 'assign', 'submit'],
    );
    const [open, reopen, , assign] = entries;
    assert.equal(open?.actorName, '审计评阅教师');
    assert.equal(reopen?.actorId, adminId);
    assert.equal(reopen?.actorName, '赵管理');
    assert.equal(reopen?.subject, '鲁迅小说中的知识分子形象');
    assert.equal(reopen?.reason, '评语与成绩明显不符');
    assert.equal(reopen?.fromStatus, 'passed');
    assert.equal(reopen?.toStatus, 'reviewing');
    assert.equal(assign?.entityId, assignedId);
    assert.equal(assign?.detail.reviewerName, '审计评阅教师');
    assert.ok((assign?.createdAt ?? 0) >= startedAt);
  });

  it('filters by actor, action, date range and a keyword in the subject or the reason, and pages', async () => {
    const byActor = await list({ actorId: reviewerId });
    assert.deepEqual(
      byActor.body.data.list.map((e) => e.action),
      ['open'],
    );
    const byAction = await list({ action: 'reopen' });
    assert.deepEqual(
      byAction.body.data.list.map((e) => e.entityId),
      [reopenedId],
    );
    const bySubject = await list({ keyword: '电商' });
    assert.deepEqual(
      bySubject.body.data.list.map((e) => e.action),
      ['open', 'assign', 'submit'],
    );
    const byReason = await list({ keyword: '明显不符' });
    assert.deepEqual(
      byReason.body.data.list.map((e) => e.action),
      ['reopen'],
    );
    const literal = await list({ keyword: '%' });
    assert.equal(literal.body.data.total, 0, 'a % in the keyword is taken literally');
    const future = await list({ from: Date.now() + 60_000 });
    assert.equal(future.body.data.total, 0);
    const past = await list({ to: startedAt - 1 });
    assert.equal(past.body.data.total, 0);
    const inRange = await list({ from: startedAt, to: Date.now() });
    assert.equal(inRange.body.data.total, 5);
    const page2 = await list({ page: 2, pageSize: 2 });
    assert.equal(page2.body.data.total, 5);
    assert.deepEqual(
      page2.body.data.list.map((e) => e.action),
      ['submit', 'assign'],
    );
    const bad = await list({ from: 'yesterday' });
    assert.equal(bad.body.errorCode, ErrorCode.invalidInput);
  });

  it('offers the actors and action types present, and exports the filtered trail as .xlsx', async () => {
    const options = await app.post<AuditOptions>('/api/v1/audit/options', {}, { token: admin });
    assert.deepEqual(options.body.data.actions, ['assign', 'open', 'reopen', 'submit']);
    const actors = options.body.data.actors.map((a) => a.name);
    assert.equal(actors.length, 4, 'the admin, the reviewer and two candidates');
    assert.ok(actors.includes('审计评阅教师') && actors.includes('赵管理'));
    const exported = await app.server.inject({
      method: 'POST',
      url: '/api/v1/audit/list',
      headers: { authorization: `Bearer ${admin}`, 'x-requested-with': 'XMLHttpRequest' },
      payload: await (async () => {
        const { signParams } = await import('@zikao/contract');
        const body = { export: 1, action: 'reopen' };
        const t = Date.now();
        return { ...body, t, sig: signParams(body, t) };
      })(),
    });
    assert.match(String(exported.headers['content-disposition']), /filename\*=UTF-8''/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('审计日志');
    assert.ok(sheet);
    assert.equal(sheet.rowCount, 2);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    assert.ok(cells.includes('重新开放评阅'));
    assert.ok(cells.includes('评语与成绩明显不符'));
    assert.ok(cells.includes('鲁迅小说中的知识分子形象'));
  });

  it('refuses the audit calls to roles 1–3 (1030003)', async () => {
    const student = await buildUser(app, { role: Role.student, examNumber: '030166660001' });
    const teacher = await buildUser(app, { role: Role.teacher });
    for (const token of [
      await app.login(student.account, undefined, 'student'),
      await app.login(teacher.account),
      reviewer,
    ]) {
      for (const url of ['/api/v1/audit/list', '/api/v1/audit/options']) {
        const response = await app.post(url, {}, { token });
        assert.equal(response.body.errorCode, ErrorCode.forbidden, url);
      }
    }
  });
});
