import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, signParams } from '@zikao/contract';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('request signature on every call', () => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
  });
  after(() => app.close());

  it('accepts a correctly signed GET and POST', async () => {
    assert.equal((await app.get('/api/v1/version')).body.errorCode, 0);
    assert.equal((await app.post('/api/v1/getUserInfo', {}, { token })).body.errorCode, 0);
  });

  it('rejects a tampered signature with 1000002', async () => {
    const response = await app.post('/api/v1/getUserInfo', {}, { token, sig: '0'.repeat(32) });
    assert.equal(response.body.errorCode, ErrorCode.badSignature);
    assert.equal(response.body.errorMsg, '签名错误');
  });

  it('rejects a body changed after signing with 1000002', async () => {
    const t = Date.now();
    const sig = signParams({ account: '13800000003', password: 'x' }, t);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/v1/teacher/loginByPasswd',
      payload: { account: '13800000004', password: 'x', t, sig },
    });
    assert.equal(JSON.parse(response.body).errorCode, ErrorCode.badSignature);
  });

  it('rejects a missing signature or timestamp with 1000002', async () => {
    assert.equal(
      (await app.post('/api/v1/getUserInfo', {}, { token, sig: null })).body.errorCode,
      ErrorCode.badSignature,
    );
    const noStamp = await app.server.inject({ method: 'GET', url: '/api/v1/version' });
    assert.equal(JSON.parse(noStamp.body).errorCode, ErrorCode.badSignature);
  });

  it('rejects a t more than 300 s away with 1000003, in either direction', async () => {
    for (const t of [Date.now() - 301_000, Date.now() + 301_000]) {
      const response = await app.post('/api/v1/getUserInfo', {}, { token, t });
      assert.equal(response.body.errorCode, ErrorCode.staleTimestamp);
      assert.equal(response.body.errorMsg, '请求已过期，请校准时间');
    }
    assert.equal((await app.post('/api/v1/getUserInfo', {}, { token, t: Date.now() - 200_000 })).body.errorCode, 0);
    assert.equal(
      (await app.get('/api/v1/version', {}, { t: 1 })).body.errorCode,
      ErrorCode.staleTimestamp,
      'any number is a time',
    );
    assert.equal(
      (await app.get('/api/v1/version', {}, { t: 'soon' as unknown as number })).body.errorCode,
      ErrorCode.badSignature,
    );
  });

  it('checks the signature before the session, so a bad sig never reaches a handler', async () => {
    const response = await app.post('/api/v1/getUserInfo', {}, { sig: 'bad' });
    assert.equal(response.body.errorCode, ErrorCode.badSignature);
  });
});
