import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type ListResult, type MajorInfo, passwordProblem, Role, type UserSession } from '@zikao/contract';
import { type AccountDto, ConsoleApiPath, type TemporaryPasswordResult } from '@zikao/contract/console';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AccountRepository } from './account.repository.ts';
import { temporaryPassword } from './account.service.ts';

const api = (path: string) => `/api${path}`;
// Any call that is not open to accounts that must change their password.
const GUARDED = '/api/v1/document/list';

describe('console: accounts', () => {
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

  const call = <T>(path: string, body: Record<string, unknown>, token = admin) =>
    app.post<T>(api(path), body, { token });
  const list = (body: Record<string, unknown>) => call<ListResult<AccountDto>>(ConsoleApiPath.accountList, body);
  const create = (body: Record<string, unknown>) => call<TemporaryPasswordResult>(ConsoleApiPath.accountCreate, body);
  const trail = (id: number) =>
    app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('makes temporary passwords that meet the password rule and differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = temporaryPassword();
      assert.equal(passwordProblem(password), null, password);
      assert.doesNotMatch(password, /[0O1lI]/);
      seen.add(password);
    }
    assert.equal(seen.size, 200);
  });

  it('creates a reviewer with majors; the temporary password works once and forces a change (1030002)', async () => {
    const created = await create({
      name: '孙评阅',
      phone: '13912340001',
      role: Role.reviewer,
      majors: ['汉语言文学', '法学'],
    });
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    const { account, temporaryPassword: password } = created.body.data;
    assert.equal(account.role, Role.reviewer);
    assert.equal(account.account, '13912340001');
    assert.equal(account.status, 'active');
    assert.equal(account.mustChangePassword, true);
    assert.deepEqual(account.majors, ['汉语言文学', '法学']);

    // The majors are the session's majorInfoList, with the code the system already knew.
    const login = await app.post<UserSession>('/api/v1/teacher/loginByPasswd', {
      account: '13912340001',
      password: await app.encrypt(password),
    });
    assert.equal(login.body.errorCode, 0, login.body.errorMsg);
    assert.deepEqual(login.body.data.majorInfoList, [
      { majorCode: '050101', majorName: '汉语言文学' },
      { majorCode: '', majorName: '法学' },
    ]);
    const token = login.body.data.token;
    assert.equal((await app.post(GUARDED, {}, { token })).body.errorCode, ErrorCode.mustChangePassword);

    // Automatic assignment reads reviewers' majors through the repository.
    const reviewers = await new AccountRepository(app.database.db).activeReviewerMajors();
    assert.deepEqual(
      reviewers.find((row) => row.id === account.id),
      { id: account.id, name: '孙评阅', majors: ['汉语言文学', '法学'] },
    );

    const entries = await trail(account.id);
    assert.equal(entries[0]?.action, 'accountCreate');
    assert.equal(entries[0]?.actor_id, adminId);
    assert.ok(!entries[0]?.detail_json.includes(password), 'the audit trail never holds a password');
  });

  it('checks the phone, the role, reviewers’ majors and taken phones', async () => {
    const bad = await create({ name: '错号', phone: '12345678901', role: Role.teacher });
    assert.equal(bad.body.errorCode, ErrorCode.invalidInput);
    assert.match(bad.body.errorMsg, /手机号格式不正确/);

    const student = await create({ name: '考生', phone: '13912340002', role: Role.student });
    assert.equal(student.body.errorCode, ErrorCode.invalidInput);
    assert.match(student.body.errorMsg, /只能创建教师、评阅教师或管理员/);

    const noMajors = await create({ name: '无专业', phone: '13912340003', role: Role.reviewer, majors: [] });
    assert.equal(noMajors.body.errorCode, ErrorCode.invalidInput);
    assert.match(noMajors.body.errorMsg, /评阅教师至少选择一个专业/);

    const taken = await create({ name: '重号', phone: '13800000002', role: Role.teacher });
    assert.equal(taken.body.errorCode, ErrorCode.invalidInput);
    assert.match(taken.body.errorMsg, /手机号 13800000002 已有账号/);

    const teacher = await create({ name: '周老师', phone: '+8613912340004', role: Role.teacher });
    assert.equal(teacher.body.errorCode, 0, teacher.body.errorMsg);
    assert.equal(teacher.body.data.account.account, '13912340004', '+86 is dropped');
  });

  it('lists every account with search by name, phone or exam number, filters and pages', async () => {
    const student = await buildUser(app, { role: Role.student, name: '吴考生', examNumber: '030177770001' });
    await buildUser(app, { role: Role.teacher, name: '吴老师', disabled: true });

    const byName = await list({ keyword: '吴' });
    assert.equal(byName.body.errorCode, 0, byName.body.errorMsg);
    assert.deepEqual(byName.body.data.list.map((row) => row.name).sort(), ['吴考生', '吴老师'].sort());

    const byExam = await list({ keyword: '030177770001' });
    assert.deepEqual(
      byExam.body.data.list.map((row) => row.id),
      [student.id],
    );
    const byPhone = await list({ keyword: student.account });
    assert.deepEqual(
      byPhone.body.data.list.map((row) => row.id),
      [student.id],
    );

    const disabledTeachers = await list({ keyword: '吴', role: Role.teacher, status: 'disabled' });
    assert.deepEqual(
      disabledTeachers.body.data.list.map((row) => row.name),
      ['吴老师'],
    );
    const students = await list({ role: Role.student, pageSize: 1, page: 1 });
    assert.ok(students.body.data.total >= 2);
    assert.equal(students.body.data.list.length, 1);
    assert.equal(students.body.data.list[0]?.role, Role.student);

    const sorted = await list({ sort: 'account', order: 'asc', pageSize: 100 });
    const accounts = sorted.body.data.list.map((row) => row.account);
    assert.deepEqual(accounts, [...accounts].sort());
    // No password hash leaves the server.
    assert.ok(!JSON.stringify(sorted.body.data).includes('scrypt'));
  });

  it('disables an account: its sessions end and it cannot sign in; enabling lets it back', async () => {
    const teacher = await buildUser(app, { role: Role.teacher, name: '郑老师' });
    const token = await app.login(teacher.account);
    assert.equal((await app.post(GUARDED, {}, { token })).body.errorCode, 0);

    const disabled = await call<AccountDto>(ConsoleApiPath.accountDisable, { userId: teacher.id, disabled: true });
    assert.equal(disabled.body.errorCode, 0, disabled.body.errorMsg);
    assert.equal(disabled.body.data.status, 'disabled');
    assert.equal((await app.post(GUARDED, {}, { token })).body.errorCode, ErrorCode.notLoggedIn);
    const sessions = await app.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', teacher.id)
      .execute();
    assert.equal(sessions.length, 0);
    const refused = await app.post('/api/v1/teacher/loginByPasswd', {
      account: teacher.account,
      password: await app.encrypt(teacher.password),
    });
    assert.equal(refused.body.errorCode, ErrorCode.accountLocked);
    assert.match(refused.body.errorMsg, /账号已停用/);

    const enabled = await call<AccountDto>(ConsoleApiPath.accountDisable, { userId: teacher.id, disabled: false });
    assert.equal(enabled.body.data.status, 'active');
    const again = await app.login(teacher.account);
    assert.equal((await app.post(GUARDED, {}, { token: again })).body.errorCode, 0);

    assert.deepEqual(
      (await trail(teacher.id)).map((entry) => [entry.action, entry.from_status, entry.to_status, entry.actor_id]),
      [
        ['accountDisable', 'active', 'disabled', adminId],
        ['accountEnable', 'disabled', 'active', adminId],
      ],
    );
  });

  it('disables a student too, and refuses to disable or reset the admin’s own account', async () => {
    const student = await buildUser(app, { role: Role.student });
    const token = await app.login(student.account, undefined, 'student');
    await call(ConsoleApiPath.accountDisable, { userId: student.id, disabled: true });
    assert.equal((await app.post('/api/auth/v1/menu/list', {}, { token })).body.errorCode, ErrorCode.notLoggedIn);

    const self = await call(ConsoleApiPath.accountDisable, { userId: adminId, disabled: true });
    assert.equal(self.body.errorCode, ErrorCode.forbidden);
    const selfReset = await call(ConsoleApiPath.accountResetPassword, { userId: adminId });
    assert.equal(selfReset.body.errorCode, ErrorCode.forbidden);
    const unknown = await call(ConsoleApiPath.accountDisable, { userId: 999_999, disabled: true });
    assert.equal(unknown.body.errorCode, ErrorCode.notFound);
  });

  it('resets a password: old sessions and password stop working, the new one must be changed (1030002)', async () => {
    const reviewer = await buildUser(app, { role: Role.reviewer, name: '冯评阅' });
    const oldToken = await app.login(reviewer.account);
    // A locked account is unlocked by the reset.
    await app.database.db
      .updateTable('users')
      .set({ locked_until: Date.now() + 600_000, failed_logins: 5 })
      .where('id', '=', reviewer.id)
      .execute();

    const reset = await call<TemporaryPasswordResult>(ConsoleApiPath.accountResetPassword, { userId: reviewer.id });
    assert.equal(reset.body.errorCode, 0, reset.body.errorMsg);
    const password = reset.body.data.temporaryPassword;
    assert.equal(passwordProblem(password), null);
    assert.equal(reset.body.data.account.mustChangePassword, true);
    assert.equal(reset.body.data.account.lockedUntil, 0);

    assert.equal((await app.post(GUARDED, {}, { token: oldToken })).body.errorCode, ErrorCode.notLoggedIn);
    const oldPassword = await app.post('/api/v1/teacher/loginByPasswd', {
      account: reviewer.account,
      password: await app.encrypt(reviewer.password),
    });
    assert.equal(oldPassword.body.errorCode, ErrorCode.wrongPassword);

    const token = await app.login(reviewer.account, password);
    assert.equal((await app.post(GUARDED, {}, { token })).body.errorCode, ErrorCode.mustChangePassword);
    const changed = await app.post(
      '/api/v1/updatePassword',
      { oldPassword: await app.encrypt(password), newPassword: await app.encrypt('Renewed2026') },
      { token },
    );
    assert.equal(changed.body.errorCode, 0, changed.body.errorMsg);
    const fresh = await app.login(reviewer.account, 'Renewed2026');
    assert.equal((await app.post(GUARDED, {}, { token: fresh })).body.errorCode, 0);

    const entries = await trail(reviewer.id);
    assert.equal(entries.at(-1)?.action, 'accountResetPassword');
    assert.equal(entries.at(-1)?.actor_id, adminId);
    assert.ok(!entries.some((entry) => entry.detail_json.includes(password)));
  });

  it('edits a staff account’s name and majors, never a candidate’s', async () => {
    const reviewer = await buildUser(app, { role: Role.reviewer });
    const updated = await call<AccountDto>(ConsoleApiPath.accountUpdate, {
      userId: reviewer.id,
      name: '改名评阅',
      majors: ['计算机科学与技术'],
    });
    assert.equal(updated.body.errorCode, 0, updated.body.errorMsg);
    assert.equal(updated.body.data.name, '改名评阅');
    assert.deepEqual(updated.body.data.majors, ['计算机科学与技术']);
    const none = await call(ConsoleApiPath.accountUpdate, { userId: reviewer.id, name: '改名评阅', majors: [] });
    assert.equal(none.body.errorCode, ErrorCode.invalidInput);

    const student = await buildUser(app, { role: Role.student });
    const refused = await call(ConsoleApiPath.accountUpdate, { userId: student.id, name: '改考生', majors: [] });
    assert.equal(refused.body.errorCode, ErrorCode.forbidden);

    const majors = await call<{ list: MajorInfo[] }>(ConsoleApiPath.accountMajors, {});
    const names = majors.body.data.list.map((major) => major.majorName);
    assert.ok(names.includes('汉语言文学') && names.includes('计算机科学与技术'));
  });

  it('lets only admins reach any account call (roles 1–3 get 1030003)', async () => {
    const target = await buildUser(app, { role: Role.teacher, name: '目标教师' });
    const calls: Array<[string, Record<string, unknown>]> = [
      [ConsoleApiPath.accountList, {}],
      [ConsoleApiPath.accountMajors, {}],
      [ConsoleApiPath.accountCreate, { name: '越权', phone: '13912349999', role: Role.admin }],
      [ConsoleApiPath.accountUpdate, { userId: target.id, name: '越权改名', majors: [] }],
      [ConsoleApiPath.accountDisable, { userId: target.id, disabled: true }],
      [ConsoleApiPath.accountResetPassword, { userId: target.id }],
    ];
    for (const role of [Role.student, Role.teacher, Role.reviewer]) {
      const user = await buildUser(app, { role });
      const token = await app.login(user.account, undefined, role === Role.student ? 'student' : 'teacher');
      for (const [path, body] of calls) {
        const response = await app.post(api(path), body, { token });
        assert.equal(response.body.errorCode, ErrorCode.forbidden, `role ${role} on ${path}`);
      }
    }
    const row = await app.database.db
      .selectFrom('users')
      .select(['name', 'disabled', 'must_change_password'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { name: '目标教师', disabled: 0, must_change_password: 0 });
    assert.equal(
      (await app.database.db.selectFrom('users').select('id').where('account', '=', '13912349999').execute()).length,
      0,
    );
  });
});
