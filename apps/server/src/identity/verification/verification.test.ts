import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type CaptchaResponse, ErrorCode, Role, type UserSession } from '@zikao/contract';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startOfChinaDay } from './verification.service.ts';

describe('captcha and SMS codes', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ CAPTCHA_TEST_ANSWER_LOG: '1' });
  });
  beforeEach(async () => {
    await app.database.db.deleteFrom('sms_codes').execute();
    await app.database.db.deleteFrom('sms_send_limits').execute();
  });
  after(() => app.close());

  const captcha = async (url = '/api/v1/code') => {
    const response = await app.get<CaptchaResponse>(url);
    const { captchaId } = response.body.data;
    const entry = app.logs.find((line) => line.msg === 'captcha issued' && line.captchaId === captchaId);
    return { captchaId, answer: String(entry?.text), svg: response.body.data.svg };
  };
  const sendCode = async (phone: string, url = '/api/v1/teacher/getSmsCodeNLog') => {
    const { captchaId, answer } = await captcha();
    return app.post(url, { phone, captchaId, captcha: answer });
  };
  const lastCode = (phone: string) => {
    const entry = app.logs.findLast((line) => line.msg === 'sms code sent' && line.phone === phone);
    return String(entry?.code);
  };

  it('issues an SVG captcha and stores only its hash', async () => {
    const { captchaId, answer, svg } = await captcha();
    assert.match(svg, /^<svg/);
    assert.equal(answer.length, 4);
    const row = await app.database.db
      .selectFrom('captchas')
      .selectAll()
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    assert.notEqual(row.answer_hash, answer);
    assert.ok(row.expires_at > Date.now() + 4 * 60_000 && row.expires_at <= Date.now() + 5 * 60_000);
  });

  it('draws every glyph inside the 40 px image, so no letter is cut off', async () => {
    for (let round = 0; round < 20; round++) {
      const { svg } = await captcha();
      // Glyphs are filled paths; the noise lines are stroked with fill="none".
      const glyphs = [...svg.matchAll(/<path fill="#[0-9a-f]{3,6}" d="([^"]+)"/gi)].map((match) => match[1] ?? '');
      assert.equal(glyphs.length, 4, 'four glyphs');
      for (const d of glyphs) {
        const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
        const ys = numbers.filter((_, index) => index % 2 === 1);
        assert.ok(
          Math.min(...ys) >= 0 && Math.max(...ys) <= 40,
          `a glyph spans y ${Math.min(...ys)}–${Math.max(...ys)}`,
        );
      }
    }
  });

  it('refuses a wrong captcha with 1060001, and a captcha can be tried only once', async () => {
    const user = await buildUser(app);
    const { captchaId, answer } = await captcha();
    const wrong = await app.post('/api/v1/teacher/getSmsCodeNLog', { phone: user.account, captchaId, captcha: 'zzzz' });
    assert.equal(wrong.body.errorCode, ErrorCode.wrongCode);
    const reused = await app.post('/api/v1/teacher/getSmsCodeNLog', {
      phone: user.account,
      captchaId,
      captcha: answer,
    });
    assert.equal(reused.body.errorCode, ErrorCode.wrongCode);
  });

  it('refuses an expired captcha', async () => {
    const user = await buildUser(app);
    const { captchaId, answer } = await captcha();
    await app.database.db
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', captchaId)
      .execute();
    const response = await app.post('/api/v1/teacher/getSmsCodeNLog', {
      phone: user.account,
      captchaId,
      captcha: answer,
    });
    assert.equal(response.body.errorCode, ErrorCode.wrongCode);
  });

  it('sends a 6-digit code to the provider and logs the teacher in with it, once', async () => {
    const user = await buildUser(app, { role: Role.reviewer });
    assert.equal((await sendCode(user.account)).body.errorCode, 0);
    const code = lastCode(user.account);
    assert.match(code, /^\d{6}$/);
    const stored = await app.database.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('phone', '=', user.account)
      .executeTakeFirstOrThrow();
    assert.notEqual(stored.code_hash, code);
    const login = await app.post<UserSession>('/api/v1/teacher/login', { phone: user.account, code });
    assert.equal(login.body.errorCode, 0);
    assert.equal(login.body.data.userRole, Role.reviewer);
    const again = await app.post('/api/v1/teacher/login', { phone: user.account, code });
    assert.equal(again.body.errorCode, ErrorCode.wrongCode);
  });

  it('accepts a +86 prefix and refuses numbers that are not Chinese mobiles', async () => {
    const user = await buildUser(app);
    assert.equal((await sendCode(`+86${user.account}`)).body.errorCode, 0);
    for (const phone of ['12800000000', '1380000000', '138000000001', 'abc', '']) {
      const response = await sendCode(phone);
      assert.equal(response.body.errorCode, ErrorCode.invalidInput, phone);
      assert.match(response.body.errorMsg, /^参数错误：手机号/);
    }
  });

  it('allows one code per 60 s per phone (1050001)', async () => {
    const user = await buildUser(app);
    assert.equal((await sendCode(user.account)).body.errorCode, 0);
    const second = await sendCode(user.account);
    assert.equal(second.body.errorCode, ErrorCode.tooManyRequests);
    assert.match(second.body.errorMsg, /^验证码发送过于频繁，请 \d+ 秒后再试$/);
    await app.database.db
      .updateTable('sms_send_limits')
      .set({ last_sent_at: Date.now() - 61_000 })
      .execute();
    assert.equal((await sendCode(user.account)).body.errorCode, 0);
  });

  it('allows at most 10 codes per phone per day', async () => {
    const user = await buildUser(app);
    const dayStart = startOfChinaDay(Date.now());
    // Ten codes already sent today, the last more than a minute ago.
    await app.database.db
      .insertInto('sms_send_limits')
      .values({
        phone: user.account,
        last_sent_at: Math.min(dayStart + 10, Date.now() - 61_000),
        day_start: dayStart,
        day_count: 10,
      })
      .execute();
    const response = await sendCode(user.account);
    assert.equal(response.body.errorCode, ErrorCode.tooManyRequests);
    assert.match(response.body.errorMsg, /今日验证码发送次数已达上限/);
  });

  it('retires a code after 3 wrong attempts, and an expired code fails', async () => {
    const user = await buildUser(app);
    await sendCode(user.account);
    const code = lastCode(user.account);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 3; i++) {
      messages.push((await app.post('/api/v1/teacher/login', { phone: user.account, code: wrongCode })).body.errorMsg);
    }
    assert.deepEqual(messages, [
      '验证码错误，还可尝试 2 次',
      '验证码错误，还可尝试 1 次',
      '验证码错误次数过多，请重新获取',
    ]);
    const right = await app.post('/api/v1/teacher/login', { phone: user.account, code });
    assert.equal(right.body.errorCode, ErrorCode.wrongCode);

    await app.database.db.deleteFrom('sms_codes').execute();
    await sendCode(user.account);
    await app.database.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const expired = await app.post('/api/v1/teacher/login', { phone: user.account, code: lastCode(user.account) });
    assert.equal(expired.body.errorCode, ErrorCode.wrongCode);
    assert.equal(expired.body.errorMsg, '验证码错误或已过期，请重新获取');
  });

  it('signs a student in by SMS on the student side', async () => {
    const { captchaId, answer } = await captcha('/api/auth/v1/getCode');
    const sent = await app.post('/api/auth/v1/sendSMS', { phone: '13800000001', captchaId, captcha: answer });
    assert.equal(sent.body.errorCode, 0);
    const login = await app.post<UserSession>('/api/auth/v1/login', {
      phone: '13800000001',
      code: lastCode('13800000001'),
    });
    assert.equal(login.body.errorCode, 0);
    assert.equal(login.body.data.userRole, Role.student);
  });
});

describe('sign-in code answers (issue 19 §6)', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ CAPTCHA_TEST_ANSWER_LOG: '1' });
  });
  after(() => app.close());

  const sendCode = async (phone: string) => {
    const response = await app.get<CaptchaResponse>('/api/v1/code');
    const { captchaId } = response.body.data;
    const entry = app.logs.find((line) => line.msg === 'captcha issued' && line.captchaId === captchaId);
    return app.post('/api/v1/teacher/getSmsCodeNLog', { phone, captchaId, captcha: String(entry?.text) });
  };
  const lastCode = (phone: string) =>
    String(app.logs.findLast((line) => line.msg === 'sms code sent' && line.phone === phone)?.code);

  it('answers an unregistered phone and a phone of the other side as it answers an account (issue 19 §6)', async () => {
    const teacher = await buildUser(app, { role: Role.teacher });
    const unknown = await sendCode('13912345678');
    const student = await sendCode('13800000001');
    const known = await sendCode(teacher.account);
    for (const response of [unknown, student, known]) {
      assert.equal(response.body.errorCode, 0);
      assert.deepEqual(response.body.data, {});
    }
    // The limits count for an unknown phone too: its second send within the minute is refused alike.
    for (const phone of ['13912345678', teacher.account]) {
      const again = await sendCode(phone);
      assert.equal(again.body.errorCode, ErrorCode.tooManyRequests, phone);
      assert.match(again.body.errorMsg, /^验证码发送过于频繁，请 \d+ 秒后再试$/);
    }
    // No SMS goes to a phone that is no account, and its tries are answered as an account's.
    assert.equal(
      app.logs.some((line) => line.msg === 'sms code sent' && line.phone === '13912345678'),
      false,
    );
    const unknownTry = await app.post('/api/v1/teacher/login', { phone: '13912345678', code: '000000' });
    const knownTry = await app.post('/api/v1/teacher/login', {
      phone: teacher.account,
      code: lastCode(teacher.account) === '000000' ? '111111' : '000000',
    });
    assert.deepEqual(unknownTry.body, knownTry.body);
    // The student learns which entrance to use only once signed in with the code sent to their phone.
    const wrongSide = await app.post('/api/v1/teacher/login', { phone: '13800000001', code: lastCode('13800000001') });
    assert.equal(wrongSide.body.errorCode, ErrorCode.forbidden);
    assert.match(wrongSide.body.errorMsg, /考生登录入口/);
  });
});

describe('startOfChinaDay', () => {
  it('starts the day at midnight Beijing time', () => {
    const at = Date.UTC(2026, 10, 22, 15, 30);
    assert.equal(startOfChinaDay(at), Date.UTC(2026, 10, 21, 16, 0));
    assert.equal(startOfChinaDay(Date.UTC(2026, 10, 22, 16, 0)), Date.UTC(2026, 10, 22, 16, 0));
  });
});

describe('per-address limits on public sign-in calls', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('answers 1050001 once an address asks for too many captchas or sign-ins in a minute', async () => {
    const { CAPTCHA_LIMIT } = await import('./verification.routes.ts');
    const { LOGIN_LIMIT } = await import('../auth/auth.routes.ts');
    for (let i = 0; i < CAPTCHA_LIMIT.max; i++) assert.equal((await app.get('/api/v1/code')).body.errorCode, 0);
    const flooded = await app.get('/api/v1/code');
    assert.equal(flooded.body.errorCode, ErrorCode.tooManyRequests);
    assert.match(flooded.body.errorMsg, /^请求过于频繁，请 \d+ 秒后再试$/);
    const wrong = await app.encrypt('Wrong1234');
    for (let i = 0; i < LOGIN_LIMIT.max; i++) {
      const response = await app.post('/api/v1/teacher/loginByPasswd', {
        account: `1391111${String(i).padStart(4, '0')}`,
        password: wrong,
      });
      assert.equal(response.body.errorCode, ErrorCode.wrongPassword);
    }
    const sprayed = await app.post('/api/v1/teacher/loginByPasswd', {
      account: '13800000003',
      password: await app.encrypt('Zikao@2026'),
    });
    assert.equal(sprayed.body.errorCode, ErrorCode.tooManyRequests);
  });
});
