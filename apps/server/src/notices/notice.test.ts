import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type CaptchaResponse, ErrorCode, Role, type SubmissionStatus } from '@zikao/contract';
import type { NoticeDto, NoticeListResult } from '@zikao/contract/notice';
import { eventually } from '../test/eventually.ts';
import { buildBatch, buildSubmission, buildUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);

/** Signs in every demo role plus two fresh candidates. */
async function people(app: TestApp) {
  const idOf = async (account: string) =>
    (await app.database.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow())
      .id;
  const studentA = await buildUser(app, { role: Role.student, name: '甲考生', examNumber: '030100000001' });
  const studentB = await buildUser(app, { role: Role.student, name: '乙考生', examNumber: '030100000002' });
  return {
    teacher: await app.login('13800000002'),
    reviewer: await app.login('13800000003'),
    reviewerId: await idOf('13800000003'),
    admin: await app.login('13800000004'),
    studentA,
    studentB,
    tokenA: await app.login(studentA.account, undefined, 'student'),
    tokenB: await app.login(studentB.account, undefined, 'student'),
  };
}

describe('notices', () => {
  let app: TestApp;
  let p: Awaited<ReturnType<typeof people>>;
  let batchId: number;
  before(async () => {
    app = await createTestApp();
    p = await people(app);
    batchId = await buildBatch(app);
  });
  after(() => app.close());

  const list = (token: string, query: Record<string, unknown> = {}) =>
    app.post<NoticeListResult>('/api/v1/notice/list', query, { token });
  const unread = async (token: string) =>
    (await app.post<{ count: number }>('/api/v1/notice/unread', {}, { token })).body.data.count;
  const publish = (token: string, body: Record<string, unknown>) =>
    app.post<{ id: number }>('/api/v1/notice/publish', body, { token });
  const submitReview = (submissionId: number, body: Record<string, unknown>) =>
    app.post<{ status: SubmissionStatus }>(
      '/api/v1/review/submit',
      { submissionId, versionNo: 1, comment: COMMENT, ...body },
      { token: p.reviewer },
    );

  it('tells the candidate of a submitted review: a notice in the app and an SMS through the provider', async () => {
    const built = await buildSubmission(app, {
      batchId,
      stage: 'final',
      status: 'reviewing',
      reviewerId: p.reviewerId,
      studentId: p.studentA.id,
      title: '论城市社区养老服务',
    });
    const before = await unread(p.tokenA);
    const reviewerBefore = await unread(p.reviewer);

    const submitted = await submitReview(built.id, { verdict: 'pass', score: 85 });
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    assert.equal(submitted.body.data.status, 'passed');

    assert.equal(await unread(p.tokenA), before + 1);
    assert.equal(await unread(p.reviewer), reviewerBefore, 'the reviewer gets no notice of their own review');
    const mine = (await list(p.tokenA)).body.data;
    const notice = mine.list[0] as NoticeDto;
    assert.equal(notice.title, '您的论文定稿已评阅');
    assert.equal(notice.kind, 'review');
    assert.equal(notice.audience, 'user');
    assert.equal(notice.author, '考办');
    assert.equal(notice.read, false);
    assert.equal(notice.link, '/student/thesis');
    assert.match(notice.body, /《论城市社区养老服务》的论文定稿评阅结果：通过，成绩 85 分（良好）/);
    assert.doesNotMatch(notice.body, /陈评阅/, 'the reviewer stays anonymous');

    // The SMS leaves after the answer (the outbox is drained beside it).
    const sent = () => app.logs.filter((line) => line.msg === 'sms sent' && line.phone === p.studentA.account);
    await eventually(() => assert.ok(sent().length > 0, 'the SMS was sent'), 10_000);
    const sms = sent();
    assert.equal(sms.length, 1);
    assert.equal(sms[0]?.template, 'review_completed');
    assert.deepEqual(sms[0]?.params, { stage: '论文定稿', result: '通过，成绩 85 分（良好）' });
  });

  it('tells the candidate of a revision request, and of a checked verdict only once the admin has checked it', async () => {
    const draft = await buildSubmission(app, {
      batchId,
      stage: 'draft',
      status: 'reviewing',
      reviewerId: p.reviewerId,
      studentId: p.studentB.id,
    });
    const start = await unread(p.tokenB);
    assert.equal((await submitReview(draft.id, { verdict: 'revise' })).body.data.status, 'returned');
    assert.equal(await unread(p.tokenB), start + 1);
    const returned = (await list(p.tokenB)).body.data.list[0];
    assert.equal(returned?.title, '您的论文初稿已评阅');
    assert.match(returned?.body ?? '', /退回修改。请根据评语和批注修改/);

    const checkedBatch = await buildBatch(app, { adminCheck: true });
    const final = await buildSubmission(app, {
      batchId: checkedBatch,
      stage: 'final',
      status: 'reviewing',
      reviewerId: p.reviewerId,
      studentId: p.studentB.id,
    });
    const waiting = await submitReview(final.id, { verdict: 'fail', score: 40 });
    assert.equal(waiting.body.data.status, 'awaiting_check');
    assert.equal(await unread(p.tokenB), start + 1, '待复核 is not final: no notice yet');
    const checked = await app.post('/api/v1/review/check', { submissionId: final.id }, { token: p.admin });
    assert.equal(checked.body.errorCode, 0, checked.body.errorMsg);
    assert.equal(await unread(p.tokenB), start + 2);
    const notice = (await list(p.tokenB, { read: 0 })).body.data.list.find((n) => n.title === '您的论文定稿已评阅');
    assert.match(notice?.body ?? '', /不通过，成绩 40 分（不及格）/);
  });

  it("keeps a candidate's personal notice from everyone else (1030003)", async () => {
    const own = (await list(p.tokenA)).body.data.list.find((n) => n.kind === 'review');
    assert.ok(own, 'candidate A has a review notice');
    const other = await app.post('/api/v1/notice/read', { id: own.id }, { token: p.tokenB });
    assert.equal(other.body.errorCode, ErrorCode.forbidden);
    for (const token of [p.teacher, p.reviewer, p.admin]) {
      assert.equal(
        (await app.post('/api/v1/notice/read', { id: own.id }, { token })).body.errorCode,
        ErrorCode.forbidden,
      );
      assert.ok(!(await list(token)).body.data.list.some((n) => n.id === own.id));
    }
    assert.ok(!(await list(p.tokenB)).body.data.list.some((n) => n.id === own.id));
    // Marking everything read elsewhere leaves A's notice unread for A.
    await app.post('/api/v1/notice/readAll', {}, { token: p.tokenB });
    const still = (await list(p.tokenA)).body.data.list.find((n) => n.id === own.id);
    assert.equal(still?.read, false);
    const missing = await app.post('/api/v1/notice/read', { id: 999_999 }, { token: p.tokenA });
    assert.equal(missing.body.errorCode, ErrorCode.notFound);
  });

  it('counts unread notices per reader, reads one, filters, and marks all read', async () => {
    const counts = async () => ({
      teacher: await unread(p.teacher),
      reviewer: await unread(p.reviewer),
      admin: await unread(p.admin),
      student: await unread(p.tokenA),
    });
    const start = await counts();
    const staff = await publish(p.admin, {
      title: '评阅工作安排',
      body: '本批次评阅于 12 月 20 日截止。',
      audience: 'staff',
    });
    assert.equal(staff.body.errorCode, 0, staff.body.errorMsg);
    const students = await publish(p.admin, {
      title: '定稿提交提醒',
      body: '请在截止日前提交定稿。',
      audience: 'students',
    });
    assert.equal(students.body.errorCode, 0, students.body.errorMsg);
    assert.deepEqual(await counts(), {
      teacher: start.teacher + 1,
      reviewer: start.reviewer + 1,
      admin: start.admin,
      student: start.student + 1,
    });
    assert.ok(!(await list(p.reviewer)).body.data.list.some((n) => n.id === students.body.data.id));
    assert.ok(!(await list(p.tokenA)).body.data.list.some((n) => n.id === staff.body.data.id));
    assert.equal(
      (await app.post('/api/v1/notice/read', { id: staff.body.data.id }, { token: p.tokenA })).body.errorCode,
      ErrorCode.forbidden,
      'a candidate cannot open a staff announcement',
    );

    const teacherList = (await list(p.teacher)).body.data;
    assert.equal(teacherList.unread, start.teacher + 1);
    assert.equal(teacherList.list[0]?.title, '评阅工作安排');
    assert.equal(teacherList.list[0]?.author, '赵管理');
    assert.equal(teacherList.list[0]?.canDelete, false);

    const opened = await app.post<NoticeDto>('/api/v1/notice/read', { id: staff.body.data.id }, { token: p.teacher });
    assert.equal(opened.body.errorCode, 0, opened.body.errorMsg);
    assert.equal(opened.body.data.read, true);
    assert.equal(opened.body.data.body, '本批次评阅于 12 月 20 日截止。');
    assert.equal(await unread(p.teacher), start.teacher);
    assert.equal(await unread(p.reviewer), start.reviewer + 1, 'read marks are per reader');
    const again = await app.post<NoticeDto>('/api/v1/notice/read', { id: staff.body.data.id }, { token: p.teacher });
    assert.equal(again.body.data.readAt, opened.body.data.readAt, 'reading twice keeps the first time');

    const readOnes = (await list(p.teacher, { read: 1 })).body.data;
    assert.ok(readOnes.list.every((n) => n.read));
    assert.ok(readOnes.list.some((n) => n.id === staff.body.data.id));
    assert.ok((await list(p.teacher, { read: 0 })).body.data.list.every((n) => !n.read));
    const found = (await list(p.teacher, { keyword: '12 月 20' })).body.data;
    assert.deepEqual(
      found.list.map((n) => n.id),
      [staff.body.data.id],
    );

    // Unread notices come first, whatever their age.
    const older = await publish(p.admin, { title: '较早的通知', body: '内容', audience: 'staff' });
    const newer = await publish(p.admin, { title: '较新的通知', body: '内容', audience: 'staff' });
    await app.post('/api/v1/notice/read', { id: newer.body.data.id }, { token: p.reviewer });
    const ordered = (await list(p.reviewer)).body.data.list.map((n) => n.id);
    assert.ok(ordered.indexOf(older.body.data.id) < ordered.indexOf(newer.body.data.id));

    const all = await app.post<{ count: number }>('/api/v1/notice/readAll', {}, { token: p.reviewer });
    assert.equal(all.body.data.count, start.reviewer + 2);
    assert.equal(await unread(p.reviewer), 0);
    assert.equal(await unread(p.teacher), 2, 'the teacher still has the two newest');

    const paged = (await list(p.reviewer, { page: 2, pageSize: 1 })).body.data;
    assert.equal(paged.list.length, 1);
    assert.equal(paged.total, (await list(p.reviewer)).body.data.total);
  });

  it('lets only admins publish and delete announcements', async () => {
    const body = { title: '放假通知', body: '元旦放假三天。', audience: 'staff' };
    for (const token of [p.tokenA, p.teacher, p.reviewer]) {
      assert.equal((await publish(token, body)).body.errorCode, ErrorCode.forbidden);
    }
    const created = await publish(p.admin, body);
    assert.equal(created.body.errorCode, 0);
    for (const token of [p.tokenA, p.teacher, p.reviewer]) {
      const denied = await app.post('/api/v1/notice/delete', { id: created.body.data.id }, { token });
      assert.equal(denied.body.errorCode, ErrorCode.forbidden);
    }
    assert.equal((await publish(p.admin, { ...body, title: '  ' })).body.errorCode, ErrorCode.invalidInput);
    assert.equal((await publish(p.admin, { ...body, audience: 'user' })).body.errorCode, ErrorCode.invalidInput);
    assert.equal((await publish(p.admin, { ...body, title: '题'.repeat(101) })).body.errorCode, ErrorCode.invalidInput);

    const adminView = (await list(p.admin)).body.data.list.find((n) => n.id === created.body.data.id);
    assert.equal(adminView?.canDelete, true);
    assert.equal(adminView?.read, true, 'the author has their own notice read');
    await app.post('/api/v1/notice/read', { id: created.body.data.id }, { token: p.teacher });
    const deleted = await app.post('/api/v1/notice/delete', { id: created.body.data.id }, { token: p.admin });
    assert.equal(deleted.body.errorCode, 0, deleted.body.errorMsg);
    assert.ok(!(await list(p.teacher)).body.data.list.some((n) => n.id === created.body.data.id));
    const gone = await app.post('/api/v1/notice/delete', { id: created.body.data.id }, { token: p.admin });
    assert.equal(gone.body.errorCode, ErrorCode.notFound);

    const personal = (await list(p.tokenA)).body.data.list.find((n) => n.kind === 'review');
    assert.ok(personal);
    const refused = await app.post('/api/v1/notice/delete', { id: personal.id }, { token: p.admin });
    assert.equal(refused.body.errorCode, ErrorCode.forbidden);
  });

  it('needs a session', async () => {
    assert.equal((await app.post('/api/v1/notice/unread', {})).body.errorCode, ErrorCode.notLoggedIn);
  });
});

/** A stand-in SMS gateway on 127.0.0.1: records each request and answers as `mode` says. */
async function startFakeGateway() {
  const received: Array<{ body: Record<string, unknown>; authorization: string | undefined }> = [];
  const state = { mode: 'ok' as 'ok' | 'http-error' | 'refused' };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  };
  const server: Server = createServer(async (request, response) => {
    received.push({ body: await readBody(request), authorization: request.headers.authorization });
    if (state.mode === 'http-error') {
      response.writeHead(503).end('gateway down');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state.mode === 'ok' ? { code: 'OK' } : { code: 'BUSINESS_LIMIT', message: '超限' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the HTTP SMS provider', () => {
  let app: TestApp;
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  let p: Awaited<ReturnType<typeof people>>;
  before(async () => {
    gateway = await startFakeGateway();
    app = await createTestApp({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_TOKEN: 'gateway-secret',
      CAPTCHA_TEST_ANSWER_LOG: '1',
    });
    p = await people(app);
  });
  after(async () => {
    await app.close();
    await gateway.close();
  });

  const finishReview = async (studentId: number) => {
    // A candidate has one thesis per batch.
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app),
      stage: 'topic',
      status: 'reviewing',
      reviewerId: p.reviewerId,
      studentId,
    });
    return app.post<{ status: SubmissionStatus }>(
      '/api/v1/review/submit',
      { submissionId: built.id, versionNo: 1, verdict: 'pass', comment: COMMENT },
      { token: p.reviewer },
    );
  };

  it('posts the review notification to the gateway', async () => {
    gateway.state.mode = 'ok';
    const requestsBefore = gateway.received.length;
    const submitted = await finishReview(p.studentA.id);
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    // The SMS leaves after the answer (the outbox is drained beside it).
    await eventually(() => assert.equal(gateway.received.length, requestsBefore + 1), 10_000);
    const last = gateway.received.at(-1);
    assert.deepEqual(last?.body, {
      phone: p.studentA.account,
      template: 'review_completed',
      params: { stage: '论文选题', result: '通过' },
      signName: '自考在线',
    });
    assert.equal(last?.authorization, 'Bearer gateway-secret');
    assert.ok(!app.logs.some((line) => line.msg === 'review sms failed'));
  });

  it('sends sign-in codes through the gateway too, and the code works', async () => {
    gateway.state.mode = 'ok';
    const captcha = await app.get<CaptchaResponse>('/api/v1/code');
    const answer = app.logs.find((l) => l.msg === 'captcha issued' && l.captchaId === captcha.body.data.captchaId);
    const sent = await app.post('/api/v1/teacher/getSmsCodeNLog', {
      phone: '13800000002',
      captchaId: captcha.body.data.captchaId,
      captcha: String(answer?.text),
    });
    assert.equal(sent.body.errorCode, 0, sent.body.errorMsg);
    const request = gateway.received.at(-1)?.body as { template: string; params: { code: string; minutes: string } };
    assert.equal(request.template, 'login_code');
    assert.equal(request.params.minutes, '5');
    const login = await app.post('/api/v1/teacher/login', { phone: '13800000002', code: request.params.code });
    assert.equal(login.body.errorCode, 0, login.body.errorMsg);
  });

  for (const mode of ['http-error', 'refused'] as const) {
    it(`keeps the review and the notice when the gateway fails (${mode}), and logs it`, async () => {
      gateway.state.mode = mode;
      const failuresBefore = app.logs.filter((line) => line.msg === 'review sms failed').length;
      const requestsBefore = gateway.received.length;
      const noticesBefore = (await app.post<{ count: number }>('/api/v1/notice/unread', {}, { token: p.tokenB })).body
        .data.count;

      const submitted = await finishReview(p.studentB.id);
      assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
      assert.equal(submitted.body.data.status, 'passed');
      const failed = () => app.logs.filter((line) => line.msg === 'review sms failed');
      await eventually(() => assert.equal(failed().length, failuresBefore + 1), 10_000);
      assert.equal(gateway.received.length, requestsBefore + 1, 'the gateway was tried');
      const failures = failed();
      assert.equal(failures.length, failuresBefore + 1);
      assert.equal(failures.at(-1)?.provider, 'http');
      const unread = await app.post<{ count: number }>('/api/v1/notice/unread', {}, { token: p.tokenB });
      assert.equal(unread.body.data.count, noticesBefore + 1, 'the in-app notice is there all the same');
    });
  }
});

describe('the review outbox: a crash between the commit and the SMS (issue 19 §4)', () => {
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());

  it('keeps the notice with the review, and a restart sends the one SMS the first instance could not', async () => {
    gateway.state.mode = 'http-error';
    // The first instance's gateway is down: the SMS fails after the review has committed.
    const first = await createTestApp({ SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, NOTIFY_RETRY_S: '0.2' });
    try {
      const p = await people(first);
      const built = await buildSubmission(first, {
        batchId: await buildBatch(first),
        stage: 'draft',
        status: 'reviewing',
        reviewerId: p.reviewerId,
        studentId: p.studentA.id,
      });
      const submitted = await first.post<{ status: SubmissionStatus }>(
        '/api/v1/review/submit',
        { submissionId: built.id, versionNo: 1, verdict: 'pass', comment: COMMENT },
        { token: p.reviewer },
      );
      assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
      const notices = await first.database.db
        .selectFrom('notices')
        .select('title')
        .where('user_id', '=', p.studentA.id)
        .execute();
      assert.deepEqual(
        notices.map((n) => n.title),
        ['您的论文初稿已评阅'],
      );
      const pending = () =>
        first.database.db.selectFrom('review_outbox').selectAll().where('submission_id', '=', built.id).execute();
      assert.equal((await pending())[0]?.done_at, null, 'the SMS waits in the outbox');
      // The first instance's claim on it lapses (NOTIFY_RETRY_S); only then may another take it.
      await eventually(async () => {
        const row = (await pending())[0];
        assert.ok(row && row.claimed_until < Date.now(), 'the claim has lapsed');
      });

      // A restart (another instance on the same database) drains it at start: one SMS, once.
      const second = await createTestApp({}, { sameDatabaseAs: first });
      const third = await createTestApp({}, { sameDatabaseAs: first });
      try {
        await eventually(async () => {
          const rows = await pending();
          assert.ok(rows[0]?.done_at, 'the outbox row is done');
        });
        const sent = [...second.logs, ...third.logs].filter(
          (line) => line.msg === 'sms sent' && line.phone === p.studentA.account,
        );
        assert.equal(sent.length, 1);
        assert.deepEqual(sent[0]?.params, { stage: '论文初稿', result: '通过' });
        const again = await createTestApp({}, { sameDatabaseAs: first });
        // Closing waits for the drain it ran at start, so everything it would send has been sent.
        await again.close();
        assert.equal(again.logs.filter((line) => line.msg === 'sms sent').length, 0, 'never twice');
      } finally {
        await third.close();
        await second.close();
      }
      const count = await first.database.db
        .selectFrom('notices')
        .select('id')
        .where('user_id', '=', p.studentA.id)
        .execute();
      assert.equal(count.length, 1, 'one notice, however often the outbox is drained');
    } finally {
      await first.close();
    }
  });
});
