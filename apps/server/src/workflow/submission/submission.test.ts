import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import {
  ErrorCode,
  Role,
  type SubmissionDetail,
  type SubmissionListResult,
  type SubmissionStatus,
  signParams,
} from '@zikao/contract';
import ExcelJS from 'exceljs';
import { acceptsGzip } from '../../shared/http/accept-encoding.ts';
import { type BuiltSubmission, buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);

async function readXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value))),
    );
  });
  return rows;
}

describe('submissions: lists, access, blind review, export', () => {
  let app: TestApp;
  let reviewer: string;
  let reviewerId: number;
  let other: string;
  let otherId: number;
  let admin: string;
  let batchId: number;
  let blindBatchId: number;
  const mine: Record<string, BuiltSubmission> = {};
  let theirs: BuiltSubmission;
  let blindOne: BuiltSubmission;

  before(async () => {
    app = await createTestApp();
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const otherUser = await buildUser(app, { role: Role.reviewer, name: '李评阅' });
    otherId = otherUser.id;
    other = await app.login(otherUser.account);
    batchId = await buildBatch(app, {}, '2026年上半年');
    blindBatchId = await buildBatch(app, { blindReview: true }, '2026年下半年盲审');
    const statuses: SubmissionStatus[] = ['assigned', 'reviewing', 'returned', 'passed', 'failed'];
    for (const status of statuses) {
      mine[status] = await buildSubmission(app, {
        batchId,
        stage: 'draft',
        status,
        reviewerId,
        title: `乡村振兴背景下的${status}研究`,
        majorName: status === 'failed' ? '法学' : '汉语言文学',
      });
    }
    mine.unassigned = await buildSubmission(app, { batchId, stage: 'draft', title: '未分配的论文' });
    theirs = await buildSubmission(app, { batchId, stage: 'draft', status: 'assigned', reviewerId: otherId });
    blindOne = await buildSubmission(app, { batchId: blindBatchId, stage: 'draft', status: 'assigned', reviewerId });
  });
  after(() => app.close());

  const list = (body: Record<string, unknown>, token = reviewer) =>
    app.post<SubmissionListResult>('/api/v1/submission/list', { stage: 'draft', ...body }, { token });

  it('lists a reviewer’s own work to do, with counts per status', async () => {
    const todo = await list({ scope: 'todo' });
    assert.equal(todo.body.errorCode, 0, todo.body.errorMsg);
    const ids = todo.body.data.list.map((row) => row.id).sort();
    assert.deepEqual(ids, [mine.assigned?.id, mine.reviewing?.id, blindOne.id].sort());
    assert.equal(todo.body.data.total, 3);
    assert.equal(todo.body.data.counts.assigned, 2);
    assert.equal(todo.body.data.counts.reviewing, 1);
    assert.equal(todo.body.data.counts.passed, 0);
    const row = todo.body.data.list.find((r) => r.id === mine.assigned?.id);
    assert.equal(row?.studentName, mine.assigned?.studentName);
    assert.equal(row?.examNo, mine.assigned?.examNumber);
    assert.equal(row?.batchName, '2026年上半年');
    assert.equal(row?.reviewerName, '陈评阅');
    const theirList = await list({ scope: 'all' }, other);
    assert.deepEqual(
      theirList.body.data.list.map((r) => r.id),
      [theirs.id],
    );
  });

  it('lists what the reviewer has reviewed as history, and everything for an admin', async () => {
    const history = await list({ scope: 'history' });
    assert.deepEqual(
      history.body.data.list.map((row) => row.id).sort(),
      [mine.returned?.id, mine.passed?.id, mine.failed?.id].sort(),
    );
    const passed = history.body.data.list.find((row) => row.id === mine.passed?.id);
    assert.equal(passed?.verdict, 'pass');
    const all = await list({ scope: 'all' }, admin);
    assert.equal(all.body.data.total, 8);
    assert.equal(all.body.data.counts.unassigned, 1);
    const adminTodo = await list({ scope: 'todo' }, admin);
    assert.ok(adminTodo.body.data.list.some((row) => row.id === mine.unassigned?.id));
    assert.ok(adminTodo.body.data.list.some((row) => row.id === theirs.id));
  });

  it('searches title, candidate name and exam number; filters by status, batch and major; sorts and pages', async () => {
    const byName = await list({ scope: 'all', keyword: mine.passed?.studentName });
    assert.deepEqual(
      byName.body.data.list.map((r) => r.id),
      [mine.passed?.id],
    );
    const byExamNo = await list({ scope: 'all', keyword: mine.failed?.examNumber });
    assert.deepEqual(
      byExamNo.body.data.list.map((r) => r.id),
      [mine.failed?.id],
    );
    const byTitle = await list({ scope: 'all', keyword: '乡村振兴' });
    assert.equal(byTitle.body.data.total, 5);
    const wildcard = await list({ scope: 'all', keyword: '%' });
    assert.equal(wildcard.body.data.total, 0, 'a % in the keyword is not a wildcard');
    const underscore = await list({ scope: 'all', keyword: '_' });
    assert.equal(underscore.body.data.total, 0, 'nor is an _');
    const byStatus = await list({ scope: 'all', keyword: '乡村振兴', status: 'passed' });
    assert.deepEqual(
      byStatus.body.data.list.map((r) => r.id),
      [mine.passed?.id],
    );
    assert.equal(byStatus.body.data.counts.returned, 1, 'counts ignore the status filter');
    const byMajor = await list({ scope: 'all', major: '法学' });
    assert.deepEqual(
      byMajor.body.data.list.map((r) => r.id),
      [mine.failed?.id],
    );
    const byBatch = await list({ scope: 'all', batchId: blindBatchId });
    assert.deepEqual(
      byBatch.body.data.list.map((r) => r.id),
      [blindOne.id],
    );
    const sorted = await list({ scope: 'all', sort: 'title', order: 'asc', pageSize: 2, page: 2 });
    const everything = await list({ scope: 'all', sort: 'title', order: 'asc', pageSize: 100 });
    assert.deepEqual(
      sorted.body.data.list.map((r) => r.id),
      everything.body.data.list.slice(2, 4).map((r) => r.id),
    );
    assert.equal(sorted.body.data.page, 2);
    assert.equal(sorted.body.data.pageSize, 2);
    const otherStage = await list({ scope: 'all', stage: 'final' });
    assert.equal(otherStage.body.data.total, 0);
  });

  it('answers the web shell’s per-stage list paths', async () => {
    const drafts = await app.post<SubmissionListResult>('/api/v1/thesis/list', { scope: 'todo' }, { token: reviewer });
    assert.equal(drafts.body.errorCode, 0, drafts.body.errorMsg);
    assert.equal(drafts.body.data.total, 3);
    const topics = await app.post<SubmissionListResult>('/api/v1/topic/list', {}, { token: reviewer });
    assert.equal(topics.body.data.total, 0);
  });

  it('sends the list gzipped to a client that accepts it: the same answer as plain JSON', async () => {
    const body = { scope: 'todo' };
    const t = Date.now();
    const payload = { ...body, t, sig: signParams(body, t) };
    const headers = { authorization: `Bearer ${reviewer}`, 'x-requested-with': 'XMLHttpRequest' };
    const url = '/api/v1/thesis/list';
    const plain = await app.server.inject({ method: 'POST', url, payload, headers });
    const zipped = await app.server.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /accept-encoding/i);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    assert.equal(unzipped.data.total, 3);
    assert.deepEqual(unzipped, JSON.parse(plain.body));
    assert.ok(zipped.rawPayload.length < plain.rawPayload.length);
  });

  it('reads Accept-Encoding as HTTP does', () => {
    assert.equal(acceptsGzip(undefined), false);
    assert.equal(acceptsGzip('gzip, deflate, br'), true);
    assert.equal(acceptsGzip('GZIP;q=0.5'), true);
    assert.equal(acceptsGzip('br'), false);
    assert.equal(acceptsGzip('*'), true);
    assert.equal(acceptsGzip('gzip;q=0, *'), false);
    assert.equal(acceptsGzip('identity, *;q=0'), false);
  });

  it('refuses students and another reviewer’s submissions on every call (1030003)', async () => {
    const id = theirs.id;
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/v1/submission/detail', { submissionId: id }],
      ['/api/v1/submission/detail', { submissionId: id, open: 1 }],
      ['/api/v1/submission/diff', { submissionId: id, fromVersion: 1, toVersion: 1 }],
      ['/api/v1/review/save', { submissionId: id, versionNo: 1, comment: '越权' }],
      ['/api/v1/review/submit', { submissionId: id, versionNo: 1, verdict: 'pass', comment: COMMENT }],
      ['/api/v1/review/reopen', { submissionId: id, reason: '越权' }],
      ['/api/v1/review/check', { submissionId: id }],
      ['/api/v1/assignment/assign', { submissionIds: [id], reviewerId }],
    ];
    for (const [url, body] of calls) {
      const response = await app.post(url, body, { token: reviewer });
      assert.equal(response.body.errorCode, ErrorCode.forbidden, `${url} ${response.body.errorMsg}`);
    }
    const student = await app.login(await studentAccount(theirs.studentId), undefined, 'student');
    for (const [url, body] of [
      ...calls,
      ['/api/v1/submission/list', { stage: 'draft' }] as [string, Record<string, unknown>],
    ]) {
      const response = await app.post(url, body, { token: student });
      assert.equal(response.body.errorCode, ErrorCode.forbidden, `student ${url}`);
    }
    assert.equal(
      (await app.database.db.selectFrom('submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
      'assigned',
    );
    const missing = await app.post('/api/v1/submission/detail', { submissionId: 987654 }, { token: reviewer });
    assert.equal(missing.body.errorCode, ErrorCode.notFound);
    const list = await app.post<SubmissionListResult>(
      '/api/v1/submission/list',
      { stage: 'draft', scope: 'all', keyword: theirs.title },
      { token: reviewer },
    );
    assert.equal(list.body.data.total, 0);
  });

  async function studentAccount(id: number): Promise<string> {
    return (await app.database.db.selectFrom('users').select('account').where('id', '=', id).executeTakeFirstOrThrow())
      .account;
  }

  it('hides the candidate of a blind batch from the reviewer in lists, detail and export, not from the admin', async () => {
    const secrets = [blindOne.studentName, blindOne.examNumber];
    const leaks = (text: string) => secrets.filter((secret) => text.includes(secret));
    const listed = await list({ scope: 'all' });
    assert.deepEqual(leaks(JSON.stringify(listed.body)), []);
    const row = listed.body.data.list.find((r) => r.id === blindOne.id);
    assert.equal(row?.studentName, '');
    assert.equal(row?.examNo, '');
    const shown = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: blindOne.id, open: 1 },
      { token: reviewer },
    );
    assert.equal(shown.body.errorCode, 0);
    assert.equal(shown.body.data.student, null);
    assert.equal(shown.body.data.thesis.advisor, '', 'the advisor is hidden with the candidate');
    assert.equal(shown.body.data.history[0]?.actorName, '考生', 'the candidate’s own submit names nobody');
    assert.deepEqual(leaks(JSON.stringify(shown.body)), []);
    // Searching by the hidden name or exam number finds nothing: the search would reveal them.
    for (const secret of secrets) {
      const found = await list({ scope: 'all', keyword: secret });
      assert.equal(found.body.data.total, 0, secret);
    }
    const exported = await app.server.inject({
      method: 'POST',
      url: '/api/v1/submission/list',
      payload: { stage: 'draft', scope: 'all', export: 1, ...stamp({ stage: 'draft', scope: 'all', export: 1 }) },
      headers: { authorization: `Bearer ${reviewer}` },
    });
    assert.equal(exported.statusCode, 200);
    const rows = await readXlsx(exported.rawPayload);
    assert.deepEqual(leaks(JSON.stringify(rows)), []);
    // The export holds what the list shows: the candidate columns stay, and exactly the blind
    // rows say 盲审 in them, as the list does.
    const header = rows[0] ?? [];
    const nameAt = header.indexOf('考生姓名');
    const examAt = header.indexOf('准考证号');
    assert.ok(nameAt > 0 && examAt > 0, `header: ${header.join(',')}`);
    const titleAt = header.indexOf('论文题目');
    const blindRow = rows.find((row) => row[titleAt] === blindOne.title);
    assert.equal(blindRow?.[nameAt], '盲审');
    assert.equal(blindRow?.[examAt], '盲审');
    const openRows = rows.slice(1).filter((row) => row !== blindRow);
    assert.ok(openRows.length > 0, 'the export also holds rows that are not blind');
    for (const row of openRows) {
      assert.notEqual(row[nameAt], '盲审');
      assert.ok(String(row[nameAt] ?? '').length > 0, 'a row that is not blind names its candidate');
    }

    const asAdmin = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: blindOne.id },
      { token: admin },
    );
    assert.deepEqual(asAdmin.body.data.student, { name: blindOne.studentName, examNo: blindOne.examNumber });
    assert.equal(asAdmin.body.data.thesis.advisor, '张导师');
    const adminSearch = await list({ scope: 'all', keyword: blindOne.examNumber }, admin);
    assert.equal(adminSearch.body.data.total, 1);
  });

  it('exports the filtered list as .xlsx with one row per submission', async () => {
    const body = { stage: 'draft', scope: 'history', export: 1 };
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/v1/submission/list',
      payload: { ...body, ...stamp(body) },
      headers: { authorization: `Bearer ${reviewer}` },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(String(response.headers['content-disposition']), /^attachment; filename\*=UTF-8''/);
    assert.match(decodeURIComponent(String(response.headers['content-disposition'])), /论文初稿列表-\d{8}\.xlsx$/);
    assert.equal(response.headers['access-control-expose-headers'], 'Content-Disposition');
    const rows = await readXlsx(response.rawPayload);
    assert.deepEqual(rows[0], [
      '序号',
      '论文题目',
      '考生姓名',
      '准考证号',
      '专业',
      '批次',
      '版本',
      '状态',
      '评阅教师',
      '评阅结论',
      '成绩',
      '等级',
      '提交时间',
    ]);
    assert.equal(rows.length, 4);
    const passed = rows.find((r) => r[1] === mine.passed?.title);
    assert.deepEqual(passed?.slice(0, 12), [
      passed?.[0],
      mine.passed?.title,
      mine.passed?.studentName,
      mine.passed?.examNumber,
      '汉语言文学',
      '2026年上半年',
      '1',
      '已通过',
      '陈评阅',
      '通过',
      '',
      '',
    ]);
    assert.match(passed?.[12] ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('writes text that a spreadsheet would run as a formula with a leading apostrophe, as text', async () => {
    const student = await buildUser(app, { role: Role.student, name: '=HYPERLINK("http://127.0.0.1/x","点我")' });
    const hostile = await buildSubmission(app, {
      batchId,
      stage: 'topic',
      studentId: student.id,
      title: "=cmd|' /C calc'!A0",
    });
    const body = { stage: 'topic', scope: 'all', keyword: hostile.title, export: 1 };
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/v1/submission/list',
      payload: { ...body, ...stamp(body) },
      headers: { authorization: `Bearer ${admin}` },
    });
    assert.equal(response.statusCode, 200);
    const rows = await readXlsx(response.rawPayload);
    const row = rows.find((cells) => cells[1]?.includes('cmd|'));
    assert.ok(row, JSON.stringify(rows));
    assert.equal(row[1], "'=cmd|' /C calc'!A0");
    assert.equal(row[2], '\'=HYPERLINK("http://127.0.0.1/x","点我")');
    for (const cells of rows) for (const cell of cells) assert.doesNotMatch(cell, /^[=+@]/, 'no cell starts a formula');
  });

  function stamp(params: Record<string, unknown>) {
    const t = Date.now();
    return { t, sig: signParams(params, t) };
  }
});
