import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type UserSession } from '@zikao/contract';
import type { BoardContext, CourseDto } from '@zikao/contract/course';
import { loadConfig } from '../../config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { credentialOf as boardCredentialOf, boardLink, HOUR } from '../../teaching/course/course.test-kit.ts';
import { buildSubmission, buildThesis, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLink, TEST_LINK_SECRET, viaLink } from '../../workflow/review-link/review-link.test-kit.ts';

/** What a deployment answers a demo account, at every door (adr/028). */
const REFUSED = '演示账号不能在正式部署中登录';
const LINK_REFUSED = '演示数据的链接不能在正式部署中使用';
const serverMain = path.resolve(import.meta.dirname, '../../main.ts');

/** An admin schedules a course of this lecturer for the batch, an hour from now. */
async function scheduleCourse(app: TestApp, adminToken: string, lecturerId: number, batchId: number): Promise<number> {
  const start = Date.now() + HOUR;
  const response = await app.post<CourseDto>(
    '/api/v1/course/create',
    { title: '毕业论文写作指导', lecturerId, startAt: start, endAt: start + HOUR, batchIds: [batchId], majors: [] },
    { token: adminToken },
  );
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data.id;
}

const sideOf = (role: Role) => (role === Role.student ? 'student' : 'teacher');
const passwordLogin = async (app: TestApp, account: string, side: 'teacher' | 'student', password = DEMO_PASSWORD) =>
  app.post<UserSession>(side === 'teacher' ? '/api/v1/teacher/loginByPasswd' : '/api/auth/v1/loginByPasswd', {
    account,
    password: await app.encrypt(password),
  });

describe('the deployment rule (NODE_ENV=production, adr/028)', () => {
  it('seeds the demo by default except in a deployment, and refuses NODE_ENV values it does not know', () => {
    assert.equal(loadConfig({}).seedDemo, true, 'the quick start keeps its demo');
    assert.equal(loadConfig({}).deployment, false);
    assert.equal(loadConfig({ NODE_ENV: 'development' }).seedDemo, true);
    const deployed = loadConfig({ NODE_ENV: 'production' });
    assert.equal(deployed.deployment, true);
    assert.equal(deployed.seedDemo, false);
    assert.equal(deployed.seedReviewDemo, false);
    assert.equal(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' }).seedDemo, false);
    assert.throws(() => loadConfig({ NODE_ENV: 'prod' }), /NODE_ENV: 须为 production（正式部署）、development 或 test/);
  });

  it('refuses SEED_DEMO=1 in a deployment at start-up, before it makes anything', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }),
      /SEED_DEMO: 正式部署（NODE_ENV=production）不能创建演示数据/,
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-deploy-'));
    try {
      const started = spawnSync(process.execPath, [serverMain], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SEED_DEMO: 'true',
          DATA_DIR: dataDir,
          PORT: '0',
          DATABASE_URL: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(started.status, 1, started.stdout + started.stderr);
      assert.match(
        started.stderr,
        /SEED_DEMO: 正式部署（NODE_ENV=production）不能创建演示数据：演示账号的密码是公开的/,
      );
      assert.deepEqual(readdirSync(dataDir), [], 'no database, no keys');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a deployment started on an empty database (adr/028)', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ NODE_ENV: 'production' });
  });
  after(() => app.close());

  it('creates no demo account, and the published password opens none', async () => {
    const users = await app.database.db.selectFrom('users').select('account').execute();
    assert.deepEqual(users, []);
    assert.ok(!app.logs.some((line) => line.msg === 'demo data created'));
    for (const demo of DEMO_ACCOUNTS) {
      const response = await passwordLogin(app, demo.account, sideOf(demo.role));
      assert.equal(response.body.errorCode, ErrorCode.wrongPassword, demo.account);
    }
  });
});

describe('demo accounts in a database a quick start seeded, started as a deployment (adr/028)', () => {
  let quick: TestApp;
  let deployed: TestApp;
  /** A session the demo admin opened before the deployment started. */
  let earlierSession: string;
  let demoCheckLink: Record<string, string>;
  let realCheckLink: Record<string, string>;
  let demoCourseLinks: { presenter: Record<string, string>; candidate: Record<string, string> };
  let realCourseGuest: Record<string, string>;
  let realAdmin: { account: string; password: string };

  before(async () => {
    const env = { LINK_SECRET: TEST_LINK_SECRET, CAPTCHA_TEST_ANSWER_LOG: '1' };
    quick = await createTestApp(env);
    // What the quick start left: a session, a 复核 link made by the demo admin, a course of the demo
    // teacher with its board links; beside them an admin of the institution's own and their link.
    const demoAdmin = await quick.login('13800000004');
    earlierSession = demoAdmin;
    const demoBatch = await quick.database.db
      .selectFrom('batches')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const reviewer = await buildUser(quick, { role: Role.reviewer });
    const checked = { batchId: demoBatch.id, status: 'awaiting_check', reviewerId: reviewer.id } as const;
    const waiting = await buildSubmission(quick, checked);
    demoCheckLink = {
      ...(await createLink(quick, demoAdmin, { submissionId: waiting.id, purpose: 'check' })).credential,
    };
    realAdmin = await buildUser(quick, { role: Role.admin, name: '钱管理' });
    const realAdminToken = await quick.login(realAdmin.account, realAdmin.password);
    const another = await buildSubmission(quick, checked);
    realCheckLink = {
      ...(await createLink(quick, realAdminToken, { submissionId: another.id, purpose: 'check' })).credential,
    };

    const demoTeacher = await quick.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000002')
      .executeTakeFirstOrThrow();
    const demoStudent = await quick.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000001')
      .executeTakeFirstOrThrow();
    await buildThesis(quick, {
      batchId: demoBatch.id,
      studentId: demoStudent.id,
      majorName: '汉语言文学',
      title: '论鲁迅小说的叙事艺术',
      advisor: '王老师',
    });
    const demoCourse = await scheduleCourse(quick, realAdminToken, demoTeacher.id, demoBatch.id);
    const demoTeacherToken = await quick.login('13800000002');
    const demoStudentToken = await quick.login('13800000001', DEMO_PASSWORD, 'student');
    demoCourseLinks = {
      presenter: boardCredentialOf((await boardLink(quick, demoTeacherToken, demoCourse, 'presenter')).url),
      candidate: boardCredentialOf((await boardLink(quick, demoStudentToken, demoCourse, 'viewer')).url),
    };
    const realLecturer = await buildUser(quick, { role: Role.teacher, name: '孙老师' });
    const realCourse = await scheduleCourse(quick, realAdminToken, realLecturer.id, demoBatch.id);
    const realLecturerToken = await quick.login(realLecturer.account, realLecturer.password);
    realCourseGuest = boardCredentialOf((await boardLink(quick, realLecturerToken, realCourse, 'viewer')).url);

    deployed = await createTestApp({ ...env, NODE_ENV: 'production' }, { sameDatabaseAs: quick });
  });
  after(async () => {
    await deployed?.close();
    await quick?.close();
  });

  it('has the seeded accounts marked as demo accounts, and only them', async () => {
    const rows = await quick.database.db.selectFrom('users').select(['account', 'demo']).execute();
    const demo = rows.filter((row) => row.demo === 1).map((row) => row.account);
    assert.deepEqual(demo.sort(), DEMO_ACCOUNTS.map((account) => account.account).sort());
  });

  it('refuses every demo account at password sign-in with 1030003, on its own entrance', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const side = sideOf(demo.role);
      assert.equal(
        (await passwordLogin(quick, demo.account, side)).body.errorCode,
        0,
        `${demo.account} on the quick start`,
      );
      const refused = await passwordLogin(deployed, demo.account, side);
      assert.equal(refused.body.errorCode, ErrorCode.forbidden, demo.account);
      assert.equal(refused.body.errorMsg, REFUSED);
      assert.ok(!refused.headers['set-cookie'], 'no session cookie');
    }
    // The institution's own accounts sign in as before.
    assert.equal((await passwordLogin(deployed, realAdmin.account, 'teacher', realAdmin.password)).body.errorCode, 0);
  });

  const captcha = async (app: TestApp) => {
    const issued = await app.get<{ captchaId: string }>('/api/v1/code');
    const { captchaId } = issued.body.data;
    const line = app.logs.find((entry) => entry.msg === 'captcha issued' && entry.captchaId === captchaId);
    return { captchaId, captcha: String(line?.text) };
  };
  const smsCodeIn = (app: TestApp, phone: string) =>
    app.logs.findLast((line) => line.msg === 'sms code sent' && line.phone === phone)?.code;

  it('refuses a demo account at SMS sign-in, and sends no code to its phone', async () => {
    const phone = '13800000003';
    // A code the quick start sent, used once the server runs as a deployment.
    const sent = await quick.post('/api/v1/teacher/getSmsCodeNLog', { phone, ...(await captcha(quick)) });
    assert.equal(sent.body.errorCode, 0, sent.body.errorMsg);
    const code = String(smsCodeIn(quick, phone));
    assert.match(code, /^\d{6}$/);
    const refused = await deployed.post<UserSession>('/api/v1/teacher/login', { phone, code });
    assert.equal(refused.body.errorCode, ErrorCode.forbidden, refused.body.errorMsg);
    assert.equal(refused.body.errorMsg, REFUSED);

    const student = '13800000001';
    const asked = await deployed.post('/api/auth/v1/sendSMS', { phone: student, ...(await captcha(deployed)) });
    assert.equal(asked.body.errorCode, 0, 'answered as any phone is');
    assert.equal(smsCodeIn(deployed, student), undefined, 'no SMS to a demo account’s phone');
  });

  it('ends a demo account’s session made before the deployment started, with 1030001', async () => {
    assert.equal((await quick.post('/api/v1/getUserInfo', {}, { token: earlierSession })).body.errorCode, 0);
    const refused = await deployed.post('/api/v1/getUserInfo', {}, { token: earlierSession });
    assert.equal(refused.body.errorCode, ErrorCode.notLoggedIn);
    assert.equal(refused.body.errorMsg, REFUSED);
  });

  it('refuses a review link a demo account made (and acts as), with 1030004', async () => {
    const opened = await viaLink(quick, '/v1/link/context', demoCheckLink);
    assert.equal(opened.body.errorCode, 0, `opens on the quick start: ${opened.body.errorMsg}`);
    const refused = await viaLink(deployed, '/v1/link/context', demoCheckLink);
    assert.equal(refused.body.errorCode, ErrorCode.badReviewLink);
    assert.equal(refused.body.errorMsg, LINK_REFUSED);
    const real = await viaLink(deployed, '/v1/link/context', realCheckLink);
    assert.equal(real.body.errorCode, 0, real.body.errorMsg);
  });

  it('refuses the board links of a demo teacher’s course and of a demo candidate, with 1030004', async () => {
    for (const [who, credential] of Object.entries(demoCourseLinks)) {
      const opened = await quick.post<BoardContext>('/api/v1/board/context', {
        ...credential,
        clientId: 'demo-client-01',
      });
      assert.equal(opened.body.errorCode, 0, `${who} on the quick start: ${opened.body.errorMsg}`);
      const refused = await deployed.post('/api/v1/board/context', { ...credential, clientId: 'demo-client-01' });
      assert.equal(refused.body.errorCode, ErrorCode.badReviewLink, who);
      assert.equal(refused.body.errorMsg, LINK_REFUSED);
    }
    const real = await deployed.post('/api/v1/board/context', { ...realCourseGuest, clientId: 'real-client-01' });
    assert.equal(real.body.errorCode, 0, real.body.errorMsg);
  });
});
