import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type UserInfo, type UserSession } from '@zikao/contract';
import { hashSecret } from '../../shared/tokens.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('password login and sessions', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('logs in the demo reviewer with an RSA-encrypted password and returns the whole User session', async () => {
    const response = await app.post<UserSession>('/api/v1/teacher/loginByPasswd', {
      account: '13800000003',
      password: await app.encrypt('Zikao@2026'),
    });
    assert.equal(response.body.errorCode, 0);
    const session = response.body.data;
    for (const field of [
      'applyExamLevel',
      'examCommitteeName',
      'expire',
      'majorName',
      'schoolName',
      'status',
      'token',
      'userRole',
      'name',
      'id',
      'majorInfoList',
      'headUrl',
      'schoolLogo',
      'platform',
      'account',
    ]) {
      assert.ok(field in session, `session lacks ${field}`);
    }
    assert.equal(session.userRole, Role.reviewer);
    assert.match(session.token, /^[0-9a-f]{64}$/);
    assert.ok(session.expire > Date.now());
    assert.ok(!JSON.stringify(response.body).includes('scrypt'), 'no password hash leaks');
    const cookie = String(response.headers['set-cookie']);
    assert.match(cookie, /org_user_session_id=[0-9a-f]{64}/);
    assert.match(cookie, /Path=\//);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
  });

  it('marks the session cookie Secure when COOKIE_SECURE is set, on sign-in and sign-out', async () => {
    const secure = await createTestApp({ COOKIE_SECURE: '1' });
    try {
      const login = await secure.post<UserSession>('/api/v1/teacher/loginByPasswd', {
        account: '13800000003',
        password: await secure.encrypt('Zikao@2026'),
      });
      assert.match(String(login.headers['set-cookie']), /; Secure/);
      const out = await secure.post('/api/v1/logout', {}, { token: login.body.data.token });
      assert.match(String(out.headers['set-cookie']), /org_user_session_id=;.*; Secure/);
      const plain = await app.post('/api/v1/logout', {});
      assert.doesNotMatch(String(plain.headers['set-cookie']), /Secure/);
    } finally {
      await secure.close();
    }
  });

  it('stores only a hash of the session token', async () => {
    const token = await app.login('13800000002');
    const rows = await app.database.db.selectFrom('sessions').select('token_hash').execute();
    assert.ok(rows.length > 0);
    assert.ok(rows.every((row) => row.token_hash !== token));
  });

  it('accepts the token from the bearer header or from the session cookie', async () => {
    const token = await app.login('13800000002');
    const byHeader = await app.post<UserInfo>('/api/v1/getUserInfo', {}, { token });
    assert.equal(byHeader.body.data.account, '13800000002');
    const byCookie = await app.post<UserInfo>('/api/v1/getUserInfo', {}, { cookie: `org_user_session_id=${token}` });
    assert.equal(byCookie.body.data.name, '王老师');
    assert.equal(byCookie.body.data.schoolName, '华南师范大学');
  });

  it('answers 1030001 with no token, an unknown token and an expired session', async () => {
    assert.equal((await app.post('/api/v1/getUserInfo', {})).body.errorCode, ErrorCode.notLoggedIn);
    const unknown = await app.post('/api/v1/getUserInfo', {}, { token: 'f'.repeat(64) });
    assert.equal(unknown.body.errorCode, ErrorCode.notLoggedIn);
    const token = await app.login('13800000004');
    await app.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    const expired = await app.post('/api/v1/getUserInfo', {}, { token });
    assert.equal(expired.body.errorCode, ErrorCode.notLoggedIn);
    assert.equal(expired.body.errorMsg, '登录已过期，请重新登录');
  });

  it('refuses a session held in memory once its time is up, and deletes it', async (t) => {
    const token = await app.login('13800000003');
    // The first call reads the session; the second finds it in memory.
    assert.equal((await app.post('/api/v1/getUserInfo', {}, { token })).body.errorCode, 0);
    assert.equal((await app.post('/api/v1/getUserInfo', {}, { token })).body.errorCode, 0);
    const row = await app.database.db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirstOrThrow();
    t.mock.timers.enable({ apis: ['Date'], now: row.expires_at + 1000 });
    const expired = await app.post('/api/v1/getUserInfo', {}, { token });
    t.mock.timers.reset();
    assert.equal(expired.body.errorCode, ErrorCode.notLoggedIn);
    assert.equal(expired.body.errorMsg, '登录已过期，请重新登录');
    const left = await app.database.db.selectFrom('sessions').select('id').where('id', '=', row.id).execute();
    assert.deepEqual(left, []);
  });

  it('logs out: the token stops working and the cookie is cleared', async () => {
    const token = await app.login('13800000002');
    const out = await app.post('/api/v1/logout', {}, { token });
    assert.equal(out.body.errorCode, 0);
    assert.match(String(out.headers['set-cookie']), /org_user_session_id=;/);
    assert.equal((await app.post('/api/v1/getUserInfo', {}, { token })).body.errorCode, ErrorCode.notLoggedIn);
  });

  it('keeps teachers and students on their own sign-in', async () => {
    const student = await app.post('/api/v1/teacher/loginByPasswd', {
      account: '13800000001',
      password: await app.encrypt('Zikao@2026'),
    });
    assert.equal(student.body.errorCode, ErrorCode.forbidden);
    assert.match(student.body.errorMsg, /考生登录入口/);
    const token = await app.login('13800000001', 'Zikao@2026', 'student');
    const info = await app.post<UserInfo>('/api/v1/getUserInfo', {}, { token });
    assert.equal(info.body.data.userRole, Role.student);
    assert.equal((await app.post('/api/auth/v1/logout', {}, { token })).body.errorCode, 0);
    const teacherOnStudentSide = await app.post('/api/auth/v1/loginByPasswd', {
      account: '13800000002',
      password: await app.encrypt('Zikao@2026'),
    });
    assert.equal(teacherOnStudentSide.body.errorCode, ErrorCode.forbidden);
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const unknown = await app.post('/api/v1/teacher/loginByPasswd', {
      account: '13911112222',
      password: await app.encrypt('Zikao@2026'),
    });
    assert.equal(unknown.body.errorCode, ErrorCode.wrongPassword);
    assert.equal(unknown.body.errorMsg, '账号或密码错误');
    const known = await app.post('/api/v1/teacher/loginByPasswd', {
      account: '13800000003',
      password: await app.encrypt('Wrong1234'),
    });
    assert.deepEqual(known.body, unknown.body);
  });

  it('runs the same scrypt to refuse an unknown phone as a wrong password (no timing tells them apart)', async () => {
    // The mechanism, not a stopwatch: each refusal derives one key with the cost parameters the
    // stored hashes use, whether or not the account exists. (node:crypto's scrypt is watched,
    // not replaced: every call still runs.)
    const calls: Array<{ N: number; r: number; p: number }> = [];
    const original = crypto.scrypt;
    const watched = (...args: unknown[]) => {
      const options = args.length > 4 ? (args[3] as { N?: number; r?: number; p?: number }) : {};
      calls.push({ N: options.N ?? 16384, r: options.r ?? 8, p: options.p ?? 1 });
      return (original as (...a: unknown[]) => void)(...args);
    };
    crypto.scrypt = watched as typeof crypto.scrypt;
    syncBuiltinESMExports();
    try {
      const wrong = await app.encrypt('Wrong1234');
      const refuse = async (account: string) => {
        const before = calls.length;
        const answer = await app.post('/api/v1/teacher/loginByPasswd', { account, password: wrong });
        assert.equal(answer.body.errorCode, ErrorCode.wrongPassword);
        return calls.slice(before);
      };
      const user = await buildUser(app, { role: Role.teacher });
      const [, n, r, p] = (
        await app.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).password_hash.split('$');
      const stored = { N: Number(n), r: Number(r), p: Number(p) };
      await refuse('13911113333'); // the first unknown phone also makes the dummy hash once
      for (let i = 0; i < 3; i++) {
        assert.deepEqual(await refuse(user.account), [stored], 'a wrong password: one scrypt');
        assert.deepEqual(await refuse(`1391111${4000 + i}`), [stored], 'an unknown phone: the same scrypt');
      }
    } finally {
      crypto.scrypt = original;
      syncBuiltinESMExports();
    }
  });

  it('says an account is disabled only to someone who gave its password', async () => {
    const user = await buildUser(app, { disabled: true });
    const wrong = await app.post('/api/v1/teacher/loginByPasswd', {
      account: user.account,
      password: await app.encrypt('Wrong1234'),
    });
    assert.equal(wrong.body.errorCode, ErrorCode.wrongPassword);
    assert.equal(wrong.body.errorMsg, '账号或密码错误');
  });

  it('rejects a password that is not RSA ciphertext with 1000001', async () => {
    const response = await app.post('/api/v1/teacher/loginByPasswd', {
      account: '13800000002',
      password: 'Zikao@2026',
    });
    assert.equal(response.body.errorCode, ErrorCode.invalidInput);
    assert.equal(response.body.errorMsg, '参数错误：密码加密格式不正确');
  });
});

describe('lockout after wrong passwords', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('locks the account on the 5th wrong password, so the 6th and even the right one get 1060003', async () => {
    const user = await buildUser(app, { role: Role.teacher });
    const wrong = await app.encrypt('Wrong1234');
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await app.post('/api/v1/teacher/loginByPasswd', { account: user.account, password: wrong });
      assert.equal(response.body.errorCode, ErrorCode.wrongPassword, `attempt ${attempt}`);
      messages.push(response.body.errorMsg);
    }
    // Tries left are never told (issue 19 §6): only the try that sets the lock says so.
    assert.deepEqual(messages.slice(0, 4), Array(4).fill('账号或密码错误'));
    assert.match(messages[4] ?? '', /锁定 15 分钟/);
    const sixth = await app.post('/api/v1/teacher/loginByPasswd', { account: user.account, password: wrong });
    assert.equal(sixth.body.errorCode, ErrorCode.accountLocked);
    assert.equal(sixth.body.errorMsg, '账号已锁定，请 15 分钟后再试');
    const right = await app.post('/api/v1/teacher/loginByPasswd', {
      account: user.account,
      password: await app.encrypt(user.password),
    });
    assert.equal(right.body.errorCode, ErrorCode.accountLocked);
  });

  it('lets the account in again once the 15 minutes are over, with a fresh count', async () => {
    const user = await buildUser(app, { role: Role.teacher });
    await app.database.db
      .updateTable('users')
      .set({ locked_until: Date.now() - 1000, failed_logins: 5 })
      .where('id', '=', user.id)
      .execute();
    const wrong = await app.post('/api/v1/teacher/loginByPasswd', {
      account: user.account,
      password: await app.encrypt('Wrong1234'),
    });
    assert.equal(wrong.body.errorMsg, '账号或密码错误');
    const row = await app.database.db
      .selectFrom('users')
      .select(['failed_logins', 'locked_until'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.failed_logins, Number(row.locked_until)], [1, 0]);
    assert.ok(await app.login(user.account, user.password));
  });

  it('resets the count after a successful login', async () => {
    const user = await buildUser(app, { role: Role.reviewer });
    const wrong = await app.encrypt('Wrong1234');
    for (let i = 0; i < 4; i++)
      await app.post('/api/v1/teacher/loginByPasswd', { account: user.account, password: wrong });
    await app.login(user.account, user.password);
    for (let i = 0; i < 4; i++) {
      const next = await app.post('/api/v1/teacher/loginByPasswd', { account: user.account, password: wrong });
      assert.equal(next.body.errorMsg, '账号或密码错误', `try ${i + 1} after the sign-in`);
    }
  });

  it('refuses a disabled account with 1060003', async () => {
    const user = await buildUser(app, { disabled: true });
    const response = await app.post('/api/v1/teacher/loginByPasswd', {
      account: user.account,
      password: await app.encrypt(user.password),
    });
    assert.equal(response.body.errorCode, ErrorCode.accountLocked);
    assert.match(response.body.errorMsg, /停用/);
  });
});

describe('must-change password', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('answers 1030002 on every call except updatePassword and logout', async () => {
    const user = await buildUser(app, { mustChange: true });
    const token = await app.login(user.account, user.password);
    for (const url of ['/api/v1/getUserInfo', '/api/auth/v1/menu/list']) {
      const response = await app.post(url, {}, { token });
      assert.equal(response.body.errorCode, ErrorCode.mustChangePassword, url);
      assert.equal(response.body.errorMsg, '首次登录请修改密码');
    }
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n']), 'a.pdf');
    assert.equal((await app.upload('/api/v1/upload', form, { token })).body.errorCode, ErrorCode.mustChangePassword);
    assert.equal((await app.post('/api/v1/logout', {}, { token })).body.errorCode, 0);
  });

  it('clears the flag after a password change and makes the user sign in again', async () => {
    const user = await buildUser(app, { mustChange: true });
    const token = await app.login(user.account, user.password);
    const changed = await app.post(
      '/api/v1/updatePassword',
      { oldPassword: await app.encrypt(user.password), newPassword: await app.encrypt('NewPass2026') },
      { token },
    );
    assert.equal(changed.body.errorCode, 0);
    assert.equal((await app.post('/api/v1/getUserInfo', {}, { token })).body.errorCode, ErrorCode.notLoggedIn);
    const fresh = await app.login(user.account, 'NewPass2026');
    const info = await app.post<UserInfo>('/api/v1/getUserInfo', {}, { token: fresh });
    assert.equal(info.body.errorCode, 0);
    assert.equal(info.body.data.mustChangePassword, false);
  });
});

describe('changing a password', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  const change = async (token: string, oldPassword: string, newPassword: string) =>
    app.post(
      '/api/v1/updatePassword',
      { oldPassword: await app.encrypt(oldPassword), newPassword: await app.encrypt(newPassword) },
      { token },
    );

  it('enforces 8–32 characters with letters and digits, and a different password', async () => {
    const user = await buildUser(app);
    const token = await app.login(user.account, user.password);
    const cases: Array<[string, RegExp]> = [
      ['short1a', /长度须为 8–32 位/],
      [`${'a'.repeat(32)}1`, /长度须为 8–32 位/],
      ['onlyletters', /同时包含字母和数字/],
      ['1234567890', /同时包含字母和数字/],
      [user.password, /不能与原密码相同/],
    ];
    for (const [candidate, message] of cases) {
      const response = await change(token, user.password, candidate);
      assert.equal(response.body.errorCode, ErrorCode.invalidInput, candidate);
      assert.match(response.body.errorMsg, /^参数错误：新密码/);
      assert.match(response.body.errorMsg, message);
    }
  });

  it('refuses a wrong old password with 1060002 and keeps the old one working', async () => {
    const user = await buildUser(app);
    const token = await app.login(user.account, user.password);
    const response = await change(token, 'NotMine123', 'Another2026');
    assert.equal(response.body.errorCode, ErrorCode.wrongPassword);
    assert.equal(response.body.errorMsg, '原密码错误');
    assert.ok(await app.login(user.account, user.password));
  });

  it('stores the new password as an scrypt hash', async () => {
    const user = await buildUser(app);
    const token = await app.login(user.account, user.password);
    assert.equal((await change(token, user.password, 'Brand2026new')).body.errorCode, 0);
    const row = await app.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.match(row.password_hash, /^scrypt\$32768\$8\$1\$/);
    assert.ok(!row.password_hash.includes('Brand2026new'));
  });
});
