import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LOGIN_LIMIT } from './auth.routes.ts';

/** The Redis of the dev and CI machines (.ci/run starts it there). */
const REDIS_URL = 'redis://127.0.0.1:6379';

/** A sign-in try by an account nobody has: counted by the per-address limit, never by an account's lockout. */
async function tryLogin(app: TestApp): Promise<number> {
  const response = await app.post('/api/v1/teacher/loginByPasswd', {
    account: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: await app.encrypt('Wrong@2026'),
  });
  return response.body.errorCode;
}

describe('the sign-in limit across two instances (adr/016)', () => {
  const prefixes: string[] = [];
  const apps: TestApp[] = [];
  after(async () => {
    for (const app of apps.reverse()) await app.close();
    const redis = new Redis(REDIS_URL);
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
  });

  const pair = async (prefixA: string, prefixB: string) => {
    prefixes.push(prefixA, prefixB);
    const a = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefixA });
    const b = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefixB }, { sameDatabaseAs: a });
    apps.push(a, b);
    return [a, b] as const;
  };

  it('counts one address on both instances together when they share Redis', async () => {
    const prefix = `test-rate-${process.pid}-${randomUUID().slice(0, 8)}:`;
    const [a, b] = await pair(prefix, prefix);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT.max; i += 1) codes.push(await tryLogin(i % 2 === 0 ? a : b));
    assert.ok(!codes.includes(ErrorCode.tooManyRequests), 'the first 30 tries are answered');
    assert.equal(await tryLogin(a), ErrorCode.tooManyRequests, 'the 31st on one instance is refused');
    assert.equal(await tryLogin(b), ErrorCode.tooManyRequests, 'and on the other');
    const keys = await a.get('/api/v1/publicKey');
    assert.equal(keys.body.errorCode, 0, 'calls without a limit are not affected');
  });

  it('counts apart under different prefixes (each deployment its own), as each instance did alone before', async () => {
    const [a, b] = await pair(
      `test-rate-${process.pid}-${randomUUID().slice(0, 8)}:`,
      `test-rate-${process.pid}-${randomUUID().slice(0, 8)}:`,
    );
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT.max + 10; i += 1) codes.push(await tryLogin(i % 2 === 0 ? a : b));
    assert.ok(!codes.includes(ErrorCode.tooManyRequests));
  });
});
