import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, signParams, type VersionInfo } from '@zikao/contract';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('version and bad input', () => {
  let app: TestApp;
  let webDist: string;
  before(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'zikao-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>自考在线</title>');
    app = await createTestApp({ WEB_DIST: webDist });
    app.server.get('/api-crash-probe', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
  });
  after(() => app.close());

  it('reports version, database kind and converter status without a login', async () => {
    const response = await app.get<VersionInfo>('/api/v1/version');
    assert.equal(response.body.errorCode, 0);
    assert.match(response.body.data.version, /^\d+\.\d+\.\d+/);
    assert.equal(response.body.data.database, app.database.dialect);
    assert.equal(typeof response.body.data.converter.available, 'boolean');
  });

  it('names the converter’s path and the Node.js version to an admin only (issue 32 §3)', async () => {
    const anyone = await app.get<VersionInfo>('/api/v1/version');
    assert.equal(anyone.body.data.nodeVersion, undefined);
    assert.doesNotMatch(JSON.stringify(anyone.body.data), /\/usr\/|soffice|libreoffice\/program/i);
    const reviewer = await app.get<VersionInfo>('/api/v1/version', {}, { token: await app.login('13800000003') });
    assert.equal(reviewer.body.data.nodeVersion, undefined, 'a reviewer is anyone here');
    const admin = await app.get<VersionInfo>('/api/v1/version', {}, { token: await app.login('13800000004') });
    assert.equal(admin.body.data.nodeVersion, process.version);
    if (admin.body.data.converter.available) assert.match(admin.body.data.converter.detail, /LibreOffice（\//);
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const response = await app.post('/api/v1/no-such-call', {});
    assert.equal(response.status, 404);
    assert.equal(response.body.errorCode, ErrorCode.notFound);
  });

  it('serves the web app for any other path, so history routes reload', async () => {
    const page = await app.server.inject({ method: 'GET', url: '/annotate/thesis/list?page=2' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /自考在线/);
  });

  it('serves the app at / and deep links, and 404 rather than HTML for a missing file', async () => {
    for (const url of ['/', '/annotate/thesis/finally/list', '/login?redirect=%2Fdata%2Findex']) {
      const page = await app.server.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 200, url);
      assert.match(page.body, /自考在线/, url);
    }
    const missing = await app.server.inject({ method: 'GET', url: '/assets/missing.js?v=2' });
    assert.equal(missing.statusCode, 404);
    assert.doesNotMatch(missing.body, /<title>/);
  });

  it('serves what is on disk now: a rebuild under a running server brings no 404s', async () => {
    // A second `npm start` or a deploy rebuilds the app while this server runs.
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'assets', 'index-rebuilt.js'), 'console.log("新的构建");');
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>自考在线</title><script src="/assets/index-rebuilt.js"></script>',
    );
    const page = await app.server.inject({ method: 'GET', url: '/review/list' });
    assert.match(page.body, /index-rebuilt\.js/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const script = await app.server.inject({ method: 'GET', url: '/assets/index-rebuilt.js' });
    assert.equal(script.statusCode, 200, script.body);
    assert.match(script.body, /新的构建/);
    assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
    const html = await app.server.inject({ method: 'GET', url: '/index.html' });
    assert.notEqual(html.headers['cache-control'], 'public, max-age=31536000, immutable');
    const outside = await app.server.inject({
      method: 'GET',
      url: '/assets/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    });
    assert.doesNotMatch(outside.body, /root:/);
  });

  it('turns malformed JSON into 1000001', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/v1/teacher/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "138',
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(JSON.parse(response.body), {
      errorCode: ErrorCode.invalidInput,
      errorMsg: '参数错误：请求体不是合法的 JSON',
      data: null,
    });
  });

  it('names the field for wrong types, missing fields and oversized strings', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ phone: 13800000002, code: '123456' }, /^参数错误：手机号/],
      [{ code: '123456' }, /^参数错误：手机号/],
      [{ phone: '13800000002', code: '12345' }, /^参数错误：验证码须为 6 位数字$/],
      [{ phone: '13800000002', code: ['123456'] }, /^参数错误：验证码/],
      [{ phone: `1380000000${'2'.repeat(5000)}`, code: '123456' }, /^参数错误：手机号/],
    ];
    for (const [body, message] of cases) {
      const response = await app.post('/api/v1/teacher/login', body);
      assert.equal(response.body.errorCode, ErrorCode.invalidInput, JSON.stringify(body).slice(0, 60));
      assert.match(response.body.errorMsg, message);
    }
    const hugeCipher = await app.post('/api/v1/teacher/loginByPasswd', {
      account: '13800000002',
      password: 'x'.repeat(5000),
    });
    assert.match(hugeCipher.body.errorMsg, /^参数错误：密码/);
  });

  it('refuses a body over 1 MB with 413 in the envelope', async () => {
    const t = Date.now();
    const body = { phone: '13800000002', code: '123456', pad: 'x'.repeat(1_100_000) };
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/v1/teacher/login',
      payload: { ...body, t, sig: signParams(body, t) },
    });
    assert.equal(response.statusCode, 413);
    assert.equal(JSON.parse(response.body).errorCode, ErrorCode.invalidInput);
  });

  it('answers a crash with 1090001 and an id, never the stack or the message', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api-crash-probe' });
    assert.equal(response.statusCode, 500);
    const body = JSON.parse(response.body);
    assert.equal(body.errorCode, ErrorCode.internal);
    assert.match(body.errorMsg, /^服务器内部错误（编号 [0-9a-f]{8}）$/);
    assert.ok(!response.body.includes('secret') && !response.body.includes('app.ts'));
    const id = body.errorMsg.match(/编号 ([0-9a-f]{8})/)[1];
    const logged = app.logs.find((line) => line.errorId === id && line.level === 50);
    assert.ok(logged, 'the log holds the error under its id');
    // The request's logger is made only when something logs, and still carries the request id.
    assert.match(String(logged.reqId), /^req-/);
  });
});
