import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, SESSION_COOKIE, signParams } from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Values an id must never be taken for (issue 19 §6): `{userId: true}` reset user 1's password. */
const HOSTILE_IDS: unknown[] = [true, false, ' 6 ', '0x6', [6], '6e0', '06', '', 0, -1, 1.5, '1.5', null, {}, 1e300];

describe('input and headers (issue 19 §6)', () => {
  let app: TestApp;
  let admin: string;
  let reviewerId: number;

  before(async () => {
    app = await createTestApp({ FRAME_ANCESTORS: 'https://portal.example.edu.cn' });
    admin = await app.login('13800000004');
    reviewerId = (await buildUser(app, { role: Role.reviewer })).id;
  });
  after(() => app.close());

  it('refuses every value that is not a strict positive integer id with 1000001, on every kind of route', async () => {
    const routes: Array<[string, (id: unknown) => Record<string, unknown>]> = [
      ['/api/v1/console/account/resetPassword', (id) => ({ userId: id })],
      ['/api/v1/submission/detail', (id) => ({ submissionId: id })],
      ['/api/v1/document/status', (id) => ({ documentId: id })],
      ['/api/v1/assignment/assign', (id) => ({ submissionIds: [id], reviewerId })],
      ['/api/v1/submission/list', (id) => ({ stage: 'draft', page: id })],
    ];
    for (const [url, body] of routes) {
      for (const value of HOSTILE_IDS) {
        const response = await app.post(url, body(value), { token: admin });
        assert.equal(response.body.errorCode, ErrorCode.invalidInput, `${url} took ${JSON.stringify(value)}`);
      }
    }
    // A query or a path carries ids as plain decimal strings, which stay valid.
    const detail = await app.get('/api/v1/document/status', { documentId: '999999' }, { token: admin });
    assert.notEqual(detail.body.errorCode, ErrorCode.invalidInput);
  });

  it('resets nobody’s password for {userId: true}', async () => {
    const before = await app.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', 1)
      .executeTakeFirst();
    const response = await app.post('/api/v1/console/account/resetPassword', { userId: true }, { token: admin });
    assert.equal(response.body.errorCode, ErrorCode.invalidInput);
    const afterwards = await app.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', 1)
      .executeTakeFirst();
    assert.equal(afterwards?.password_hash, before?.password_hash);
  });

  it('assigns only reviewer accounts by hand, as automatic assignment does', async () => {
    const batchId = await buildBatch(app);
    const built = await buildSubmission(app, { batchId });
    const teacher = await buildUser(app, { role: Role.teacher });
    for (const who of [teacher.id, 1]) {
      const response = await app.post(
        '/api/v1/assignment/assign',
        { submissionIds: [built.id], reviewerId: who },
        { token: admin },
      );
      assert.equal(response.body.errorCode, ErrorCode.invalidInput, `assigned to ${who}`);
    }
    const ok = await app.post('/api/v1/assignment/assign', { submissionIds: [built.id], reviewerId }, { token: admin });
    assert.equal(ok.body.errorCode, 0, ok.body.errorMsg);
  });

  it('refuses a cookie-authenticated change from a foreign origin or without the app’s header, uploads included', async () => {
    const cookie = `${SESSION_COOKIE}=${admin}`;
    const body = { userId: 999999 };
    const t = Date.now();
    const payload = { ...body, t, sig: signParams(body, t) };
    const call = (headers: Record<string, string>) =>
      app.server.inject({
        method: 'POST',
        url: '/api/v1/console/account/resetPassword',
        payload,
        headers: { cookie, ...headers },
      });
    const foreign = await call({ 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' });
    assert.equal(JSON.parse(foreign.body).errorCode, ErrorCode.forbidden);
    const bare = await call({});
    assert.equal(JSON.parse(bare.body).errorCode, ErrorCode.forbidden);
    for (const origin of [undefined, 'http://localhost:8080', 'https://portal.example.edu.cn']) {
      const fine = await call({
        'x-requested-with': 'XMLHttpRequest',
        host: 'localhost:8080',
        ...(origin ? { origin } : {}),
      });
      assert.notEqual(JSON.parse(fine.body).errorCode, ErrorCode.forbidden, `origin ${origin}`);
    }
    // A multipart upload with only the cookie and a foreign Origin.
    const form = new FormData();
    form.append('kind', 'document');
    form.append('file', new Blob([new Uint8Array(minimalPdf('x'))]), 'x.pdf');
    const upload = await app.upload('/api/v1/upload', form, {
      cookie,
      headers: { origin: 'https://evil.example', 'x-requested-with': '' },
    });
    assert.equal(upload.body.errorCode, ErrorCode.forbidden);
    // A bearer token is not sent by a browser on its own: such calls are not affected.
    assert.notEqual(
      (
        await app.post('/api/v1/console/account/resetPassword', body, {
          token: admin,
          headers: { origin: 'https://evil.example' },
        })
      ).body.errorCode,
      ErrorCode.forbidden,
    );
  });

  it('sends nosniff and a Referrer-Policy on every answer, and documents as attachments or inline with nosniff', async () => {
    const answer = await app.post('/api/v1/getUserInfo', {}, { token: admin });
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    const documentId = await buildDocument(app, admin, minimalPdf('Doc'));
    const t = Date.now();
    const file = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-disposition']), /^inline; filename\*=UTF-8''/);
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
  });

  it('answers oversized paths and headers with the JSON envelope over real HTTP', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    // A raw socket: the server may answer and close before the client has finished writing.
    const send = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string; body: string }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let raw = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          raw += chunk;
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          const [head = '', body = ''] = raw.split('\r\n\r\n');
          const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
          resolve({ status: Number(head.split(' ')[1]), type, body });
        });
        const lines = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...headers }).map(
          ([name, value]) => `${name}: ${value}`,
        );
        socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      });
    for (const [label, answer] of [
      ['long path', await send(`/api/v1/document/file/${'9'.repeat(20_000)}`)],
      ['long header', await send('/api/v1/version', { 'x-filler': 'a'.repeat(40_000) })],
      ['long parameter', await send(`/api/v1/submission/file/${'9'.repeat(5_000)}/x`)],
    ] as const) {
      assert.match(answer.type, /application\/json/, `${label}: ${answer.status} ${answer.body.slice(0, 80)}`);
      assert.equal(
        typeof JSON.parse(answer.body).errorCode,
        'number',
        `${label}: ${answer.status} ${answer.body.slice(0, 200)}`,
      );
    }
  });
});
