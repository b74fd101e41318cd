import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CaptchaResponse, ErrorCode, Role, signParams } from '@zikao/contract';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SMS_DAILY_LIMIT, SMS_MAX_ATTEMPTS, startOfChinaDay } from '../verification/verification.service.ts';
import { MAX_FAILED_LOGINS } from './auth.service.ts';

/**
 * Issue 19 §3: the per-account and per-phone limits hold however many requests arrive at once,
 * on one instance and on two sharing the database. Each request comes from its own address, so
 * the per-address rate limits (a different guard) stay out of the way.
 */

type Envelope = { errorCode: number; errorMsg: string; data: unknown };
let address = 0;

async function post(app: TestApp, url: string, body: Record<string, unknown>): Promise<Envelope> {
  const t = Date.now();
  address += 1;
  const response = await app.server.inject({
    method: 'POST',
    url,
    payload: { ...body, t, sig: signParams(body, t) },
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
  return JSON.parse(response.body) as Envelope;
}

async function captcha(app: TestApp): Promise<{ captchaId: string; captcha: string }> {
  address += 1;
  const t = Date.now();
  const response = await app.server.inject({
    method: 'GET',
    url: `/api/v1/code?t=${t}&sig=${signParams({}, t)}`,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    remoteAddress: `10.200.${(address >> 8) & 255}.${address & 255}`,
  });
  const { captchaId } = (JSON.parse(response.body) as { data: CaptchaResponse }).data;
  const entry = app.logs.find((line) => line.msg === 'captcha issued' && line.captchaId === captchaId);
  return { captchaId, captcha: String(entry?.text) };
}

/** Spreads `count` calls over the instances, all started before any is answered. */
function burst<T>(apps: TestApp[], count: number, call: (app: TestApp, index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => call(apps[i % apps.length] as TestApp, i)));
}

const codesOf = (responses: Envelope[]) => responses.map((r) => r.errorCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

for (const instances of [1, 2]) {
  describe(`limits under concurrency, ${instances} instance(s)`, () => {
    let apps: TestApp[] = [];
    before(async () => {
      const first = await createTestApp({ CAPTCHA_TEST_ANSWER_LOG: '1' });
      apps = [first];
      if (instances === 2) apps.push(await createTestApp({ CAPTCHA_TEST_ANSWER_LOG: '1' }, { sameDatabaseAs: first }));
    });
    after(async () => {
      for (const app of apps.toReversed()) await app.close();
    });
    const app = () => apps[0] as TestApp;

    it('checks at most 5 of 25 concurrent wrong passwords, and the right one is then locked out too', async () => {
      const user = await buildUser(app(), { role: Role.teacher });
      const wrong = await app().encrypt('Wrong1234');
      const responses = await burst(apps, 25, (a) =>
        post(a, '/api/v1/teacher/loginByPasswd', { account: user.account, password: wrong }),
      );
      const codes = codesOf(responses);
      assert.equal(count(codes, ErrorCode.wrongPassword), MAX_FAILED_LOGINS, JSON.stringify(codes));
      assert.equal(count(codes, ErrorCode.accountLocked), 25 - MAX_FAILED_LOGINS, JSON.stringify(responses));
      const right = await post(app(), '/api/v1/teacher/loginByPasswd', {
        account: user.account,
        password: await app().encrypt(user.password),
      });
      assert.equal(right.errorCode, ErrorCode.accountLocked);
      const row = await app()
        .database.db.selectFrom('users')
        .select(['failed_logins', 'locked_until'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      // The lock keeps its count: it is not reset when the lock is set.
      assert.equal(row.failed_logins, MAX_FAILED_LOGINS);
      assert.ok(row.locked_until > Date.now() + 14 * 60_000);
    });

    it('answers 25 concurrent guesses at an unknown phone exactly as at an account', async () => {
      const user = await buildUser(app(), { role: Role.teacher });
      const wrong = await app().encrypt('Wrong1234');
      const known = await burst(apps, 25, (a) =>
        post(a, '/api/v1/teacher/loginByPasswd', { account: user.account, password: wrong }),
      );
      const unknown = await burst(apps, 25, (a) =>
        post(a, '/api/v1/teacher/loginByPasswd', { account: '13977770000', password: wrong }),
      );
      const tally = (responses: Envelope[]) =>
        responses.map((r) => `${r.errorCode} ${r.errorMsg}`).sort((a, b) => a.localeCompare(b));
      assert.deepEqual(tally(unknown), tally(known));
    });

    it('sends one of 20 concurrent sign-in codes for one phone, each with a right captcha', async () => {
      const user = await buildUser(app(), { role: Role.teacher });
      const captchas = await Promise.all(
        Array.from({ length: 20 }, (_, i) => captcha(apps[i % apps.length] as TestApp)),
      );
      const responses = await burst(apps, 20, (a, i) =>
        post(a, '/api/v1/teacher/getSmsCodeNLog', { phone: user.account, ...captchas[i] }),
      );
      const codes = codesOf(responses);
      assert.equal(count(codes, 0), 1, JSON.stringify(responses));
      assert.equal(count(codes, ErrorCode.tooManyRequests), 19);
      const sent = apps.flatMap((a) => a.logs).filter((l) => l.msg === 'sms code sent' && l.phone === user.account);
      assert.equal(sent.length, 1);
    });

    it('sends no more than the day’s last allowed code under 20 concurrent sends', async () => {
      const user = await buildUser(app(), { role: Role.teacher });
      const dayStart = startOfChinaDay(Date.now());
      await app()
        .database.db.insertInto('sms_send_limits')
        .values({
          phone: user.account,
          last_sent_at: Date.now() - 61_000,
          day_start: dayStart,
          day_count: SMS_DAILY_LIMIT - 1,
        })
        .execute();
      const captchas = await Promise.all(
        Array.from({ length: 20 }, (_, i) => captcha(apps[i % apps.length] as TestApp)),
      );
      const responses = await burst(apps, 20, (a, i) =>
        post(a, '/api/v1/teacher/getSmsCodeNLog', { phone: user.account, ...captchas[i] }),
      );
      assert.equal(count(codesOf(responses), 0), 1);
      const row = await app()
        .database.db.selectFrom('sms_send_limits')
        .select('day_count')
        .where('phone', '=', user.account)
        .executeTakeFirstOrThrow();
      assert.equal(row.day_count, SMS_DAILY_LIMIT);
    });

    it('compares at most 3 of 20 concurrent wrong codes, so the right code is then refused', async () => {
      const user = await buildUser(app(), { role: Role.teacher });
      const sent = await post(app(), '/api/v1/teacher/getSmsCodeNLog', {
        phone: user.account,
        ...(await captcha(app())),
      });
      assert.equal(sent.errorCode, 0);
      const code = String(app().logs.findLast((l) => l.msg === 'sms code sent' && l.phone === user.account)?.code);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const responses = await burst(apps, 20, (a) =>
        post(a, '/api/v1/teacher/login', { phone: user.account, code: wrongCode }),
      );
      const compared = responses.filter((r) => /还可尝试/.test(r.errorMsg)).length;
      assert.equal(compared, SMS_MAX_ATTEMPTS - 1, JSON.stringify(responses.map((r) => r.errorMsg)));
      const row = await app()
        .database.db.selectFrom('sms_codes')
        .select('attempts')
        .where('phone', '=', user.account)
        .executeTakeFirstOrThrow();
      assert.equal(row.attempts, SMS_MAX_ATTEMPTS);
      const right = await post(app(), '/api/v1/teacher/login', { phone: user.account, code });
      assert.equal(right.errorCode, ErrorCode.wrongCode);
    });

    it('lets one of 25 concurrent uses of one captcha through', async () => {
      const users = await Promise.all(Array.from({ length: 25 }, () => buildUser(app(), { role: Role.teacher })));
      const one = await captcha(app());
      const responses = await burst(apps, 25, (a, i) =>
        post(a, '/api/v1/teacher/getSmsCodeNLog', { phone: users[i]?.account, ...one }),
      );
      const codes = codesOf(responses);
      assert.equal(count(codes, 0), 1);
      assert.equal(count(codes, ErrorCode.wrongCode), 24);
    });

    it('signs in with a code once, of 10 concurrent sign-ins with the right code', async () => {
      const user = await buildUser(app(), { role: Role.teacher });
      await post(app(), '/api/v1/teacher/getSmsCodeNLog', { phone: user.account, ...(await captcha(app())) });
      const code = String(app().logs.findLast((l) => l.msg === 'sms code sent' && l.phone === user.account)?.code);
      const responses = await burst(apps, 10, (a) => post(a, '/api/v1/teacher/login', { phone: user.account, code }));
      assert.equal(count(codesOf(responses), 0), 1);
    });
  });
}
