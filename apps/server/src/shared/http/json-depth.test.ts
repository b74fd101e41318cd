import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';

describe('JSON nesting depth (issue 19 §5)', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  // About 400 KB: 200,000 levels of arrays.
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const send = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.server.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
    });

  it('refuses a body nested 200,000 levels deep with 1000001 and no stack in the log, before and after login', async () => {
    const token = await app.login('13800000002');
    const routes = [
      ['/api/v1/teacher/loginByPasswd', {}],
      ['/api/auth/v1/loginByPasswd', {}],
      ['/api/v1/getUserInfo', { authorization: `Bearer ${token}` }],
      ['/api/v1/notice/list', { authorization: `Bearer ${token}` }],
      ['/api/v1/annotation/save', { authorization: `Bearer ${token}` }],
      ['/api/no/such/route', {}],
    ] as const;
    const before = app.logs.length;
    for (const [url, headers] of routes) {
      for (const body of [
        deep,
        `{"a":${deep}}`,
        `{"t":1,"list":[${'{"x":'.repeat(100_000)}1${'}'.repeat(100_000)}]}`,
      ]) {
        const response = await send(url, body, headers);
        assert.equal(response.statusCode, 200, url);
        const envelope = JSON.parse(response.body) as { errorCode: number; errorMsg: string };
        assert.equal(envelope.errorCode, ErrorCode.invalidInput, `${url}: ${envelope.errorMsg}`);
        assert.equal(envelope.errorMsg, `参数错误：请求体嵌套超过 ${MAX_JSON_DEPTH} 层`);
      }
    }
    const logged = app.logs.slice(before);
    assert.equal(logged.filter((line) => Number(line.level) >= 50).length, 0, 'no error lines');
    assert.ok(!JSON.stringify(logged).includes('Maximum call stack'), 'no stack overflow');
  });

  it('still parses ordinary bodies, and strings full of brackets do not count', async () => {
    assert.equal(jsonNestsDeeperThan(`{"a":"${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`, 4), false);
    assert.equal(jsonNestsDeeperThan('[[[[1]]]]', 4), false);
    assert.equal(jsonNestsDeeperThan('[[[[[1]]]]]', 4), true);
    const token = await app.login('13800000002');
    const response = await app.post('/api/v1/getUserInfo', {}, { token });
    assert.equal(response.body.errorCode, 0);
  });

  it('keeps refusing prototype poisoning in a body', async () => {
    const response = await send('/api/v1/teacher/loginByPasswd', '{"__proto__":{"x":1},"account":"1"}');
    assert.equal((JSON.parse(response.body) as { errorCode: number }).errorCode, ErrorCode.invalidInput);
  });
});
