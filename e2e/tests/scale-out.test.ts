/// <reference path="../../apps/server/src/test/s3rver.d.ts" />
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { signParams } from '@zikao/contract/signature';
import { Redis } from 'ioredis';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { startS3Server, type TestS3Server } from '../../apps/server/src/test/s3-server.ts';
import { createScratchDatabase } from '../../apps/server/src/test/scratch-database.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';

// Several instances as they run (issue 17 §3, adr/016): nginx (deploy/nginx.conf) round robin over
// two app instances on PostgreSQL, Redis and an S3 server, and one conversion worker.

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The PostgreSQL server of CI's DATABASE_URL (its `postgres` database, to create one per run), or the local one. */
const ADMIN_DB = (() => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
})();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Nginx {
  url: string;
  /** Upstream address of every request so far, in order (from the access log). */
  upstreams(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Debian's nginx as a foreground child with its own prefix, running deploy/nginx.conf. */
async function startNginx(dir: string, ports: number[]): Promise<Nginx> {
  const port = await freePort();
  let site = await readFile(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+ (.*);$/gm)];
  assert.equal(servers.length, 2, 'deploy/nginx.conf names two instances');
  servers.forEach((match, i) => {
    site = site.replace(match[0], `    server 127.0.0.1:${ports[i]} ${match[1]};`);
  });
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  await writeFile(path.join(dir, 'zikao.conf'), site);
  const main = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_uri $status $upstream_addr';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/zikao.conf;
}
`;
  await writeFile(path.join(dir, 'nginx.conf'), main);
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      );
    },
    'nginx answers',
    10_000,
  );
  return {
    url,
    upstreams: async () =>
      (await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ')[2] ?? ''),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

interface Worker {
  child: ChildProcess;
  logs: Array<Record<string, unknown>>;
}

function startWorker(env: Record<string, string>): Worker {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/worker.ts'], {
    cwd: repoRoot,
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Array<Record<string, unknown>> = [];
  let buffered = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // not JSON
      }
    }
  });
  return { child, logs };
}

/** A signed multipart upload, as the web client sends it (non-file fields signed in the query). */
async function upload(baseUrl: string, token: string, bytes: Buffer, name: string) {
  const t = Date.now();
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${baseUrl}/api/v1/upload?t=${t}&sig=${signParams({ kind: 'document' }, t)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  return (await response.json()) as { errorCode: number; errorMsg: string; data: { documentId: number } };
}

/** A multipart upload body for `kind: document`, as a browser's FormData sends it. */
function multipart(bytes: Buffer, name: string): { body: Buffer; contentType: string } {
  const boundary = `----zikao${Date.now()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndocument\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface SlowRequest {
  /** Sends the rest of the body and resolves with the answer's status and JSON. */
  finish(): Promise<{ status: number; json: { errorCode: number; errorMsg: string; data: { documentId: number } } }>;
}

/** An upload whose body is sent in two halves: the request is under way until finish(). */
async function slowUpload(baseUrl: string, token: string, bytes: Buffer, name: string): Promise<SlowRequest> {
  const t = Date.now();
  const { body, contentType } = multipart(bytes, name);
  const request = httpRequest(`${baseUrl}/api/v1/upload?t=${t}&sig=${signParams({ kind: 'document' }, t)}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': contentType,
      'Content-Length': String(body.length),
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
  });
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve, reject) =>
    request.write(body.subarray(0, half), (error) => (error ? reject(error) : resolve())),
  );
  return {
    async finish() {
      request.end(body.subarray(half));
      const { status, text } = await answer;
      return { status, json: JSON.parse(text) };
    },
  };
}

/**
 * A wrong-password sign-in through nginx from another loopback address (127.0.0.2): nginx puts
 * that address in X-Forwarded-For, so the count starts at zero whatever this run signed in before.
 */
async function signInFrom(
  localAddress: string,
  baseUrl: string,
  forwardedFor?: string,
): Promise<{ status: number; errorCode: number }> {
  const body = { account: '13912345678', password: 'x' };
  const t = Date.now();
  const payload = JSON.stringify({ ...body, t, sig: signParams(body, t) });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}/api/v1/teacher/loginByPasswd`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              errorCode: (JSON.parse(text) as { errorCode: number }).errorCode,
            });
          } catch {
            reject(new Error(`${response.statusCode}: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

describe('several instances behind nginx (PostgreSQL, Redis, S3, a worker)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const prefix = `zikao-scale-${process.pid}-${Date.now()}:`;
  let s3: TestS3Server;
  let dir: string;
  let env: Record<string, string>;
  let a: TestServer;
  let b: TestServer;
  let worker: Worker;
  let nginx: Nginx;
  let browser: TestBrowser | undefined;
  const via = () => ({ url: nginx.url }) as TestServer;

  before(async () => {
    database = await createScratchDatabase(ADMIN_DB, 'scale');
    s3 = await startS3Server();
    dir = await mkdtemp(path.join(tmpdir(), 'zikao-scale-'));
    env = {
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      // One DATA_DIR for the keys (RSA, link secret); the files themselves live in S3.
      DATA_DIR: path.join(dir, 'data'),
      TRUST_PROXY: '127.0.0.1',
      CONVERSION_STALL_S: '3',
    };
    // The first instance seeds the demo; the second then finds it there.
    a = await startServer(env, { startTimeoutMs: 300_000 });
    b = await startServer(env, { startTimeoutMs: 300_000 });
    worker = startWorker(env);
    nginx = await startNginx(path.join(dir, 'nginx'), [a.port, b.port]);
  });

  after(async () => {
    await browser?.close();
    await nginx?.stop();
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await b?.stop();
    await a?.stop();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
    await database?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('round robin: a sign-in made through one instance holds on the other, in the browser too', async () => {
    const from = (await nginx.upstreams()).length;
    const token = await apiLogin(via(), PHONES.reviewer, DEMO_PASSWORD);
    for (let i = 0; i < 6; i += 1) {
      const info = await callApi<{ userName: string }>(via(), '/v1/getUserInfo', {}, token);
      assert.equal(info.errorCode, 0, info.errorMsg);
    }
    const used = new Set((await nginx.upstreams()).slice(from));
    assert.ok(used.has(`127.0.0.1:${a.port}`) && used.has(`127.0.0.1:${b.port}`), [...used].join(', '));

    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${nginx.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    for (let i = 0; i < 3; i += 1) {
      await page.reload();
      await page.getByText('赵管理').first().waitFor();
    }
  });

  it('an upload through one instance is converted by the worker and served through the other', async () => {
    const token = await apiLogin(via(), PHONES.reviewer, DEMO_PASSWORD);
    const sent = await upload(nginx.url, token, thesisDocx({ pages: 2, seed: '扩展' }), '扩展测试.docx');
    assert.equal(sent.errorCode, 0, sent.errorMsg);
    const id = sent.data.documentId;
    await until(
      async () =>
        (await callApi<{ status: string }>(via(), '/v1/document/status', { documentId: id }, token)).data.status ===
        'ready',
      'the worker converted it',
      90_000,
    );
    assert.ok(worker.logs.some((line) => line.msg === 'document prepared' && line.documentId === id));
    assert.ok(
      !a.logs.some((line) => line.msg === 'document prepared' && line.documentId === id) &&
        !b.logs.some((line) => line.msg === 'document prepared' && line.documentId === id),
      'no web instance converted it',
    );
    for (const server of [a, b]) {
      const file = await fetch(`${server.url}/api/v1/document/file/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(file.status, 200);
      assert.equal(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );
    }
  });

  it('a review list changed on one instance is fresh on the other', async () => {
    const reviewer = await apiLogin(a, PHONES.reviewer, DEMO_PASSWORD);
    const adminToken = await apiLogin(a, PHONES.admin, DEMO_PASSWORD);
    type Rows = { total: number; list: Array<{ id: number; reviewerId: number }> };
    const mine = await callApi<Rows>(b, '/v1/thesis/list', { scope: 'all', pageSize: 100 }, reviewer);
    const reviewerId = mine.data.list[0]?.reviewerId;
    const waiting = await callApi<Rows>(a, '/v1/thesis/list', { scope: 'all', status: 'unassigned' }, adminToken);
    const unassigned = waiting.data.list[0];
    assert.ok(reviewerId && unassigned, 'the demo has an unassigned draft');
    const assigned = await callApi(
      a,
      '/v1/assignment/assign',
      { submissionIds: [unassigned.id], reviewerId },
      adminToken,
    );
    assert.equal(assigned.errorCode, 0, assigned.errorMsg);
    // Another instance's commit reaches b's kept list through LISTEN/NOTIFY within milliseconds.
    await until(
      async () => {
        const list = await callApi<Rows>(b, '/v1/thesis/list', { scope: 'all', pageSize: 100 }, reviewer);
        return list.data.total === mine.data.total + 1 && list.data.list.some((row) => row.id === unassigned.id);
      },
      'b lists the draft a assigned',
      2000,
    );
  });

  /** Restarts b on its port, and waits until nginx sends it requests again (it skips a failed one 5 s). */
  async function restartB(): Promise<void> {
    await b.stop();
    b = await startServer({ ...env, PORT: String(b.port) }, { startTimeoutMs: 60_000 });
    await until(
      async () => {
        const from = (await nginx.upstreams()).length;
        await fetch(`${nginx.url}/api/v1/health`);
        return (await nginx.upstreams()).slice(from).includes(`127.0.0.1:${b.port}`);
      },
      'nginx sends requests to b again',
      15_000,
    );
  }

  it('kill -9 of one instance mid-run: nginx carries on, and no acknowledged write is lost', async (t) => {
    const token = await apiLogin(via(), PHONES.reviewer, DEMO_PASSWORD);
    const acknowledged: number[] = [];
    const failed: string[] = [];
    let afterKill = 0;
    let killed = false;
    // Four clients write at once, so that writes are under way on b when it is killed.
    const writer = async (client: number) => {
      for (let i = 0; i < 30; i += 1) {
        if (!killed && acknowledged.length >= 40) {
          killed = true;
          process.kill(b.pid, 'SIGKILL');
        }
        const wasKilled = killed;
        const saved = await callApi<{ id: number }>(
          via(),
          '/v1/comment-bank/save',
          { text: `扩展写入 ${client}-${i}`, category: 'content' },
          token,
        ).catch((error: Error) => ({ errorCode: -1, errorMsg: error.message, data: { id: 0 } }));
        if (saved.errorCode === 0) {
          acknowledged.push(saved.data.id);
          if (wasKilled) afterKill += 1;
        } else failed.push(`${client}-${i}: ${saved.errorMsg}`);
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    assert.ok(killed);
    t.diagnostic(`${acknowledged.length} writes acknowledged (${afterKill} after the kill), ${failed.length} failed`);
    // Only writes under way on b at the kill may fail (nginx passes no POST on once sent): one per client.
    assert.ok(failed.length <= 4, `failed: ${failed.join('; ')}`);
    assert.ok(afterKill >= 70, `nginx carried on with a: ${afterKill} writes acknowledged after the kill`);
    const listed = await callApi<Array<{ id: number }>>(via(), '/v1/comment-bank/list', {}, token);
    const kept = new Set(listed.data.map((entry) => entry.id));
    assert.deepEqual(
      acknowledged.filter((id) => !kept.has(id)),
      [],
      'every acknowledged write is there',
    );
    assert.equal(new Set(acknowledged).size, acknowledged.length, 'no write applied twice');
    // The instance comes back on its port, and nginx uses it again.
    await restartB();
  });

  it('SIGTERM drains: requests under way finish, and a conversion finishes or goes back to the queue', async () => {
    const token = await apiLogin(a, PHONES.reviewer, DEMO_PASSWORD);
    // An upload under way on b (half its body sent) when b is told to stop.
    const tmp = path.join(env.DATA_DIR as string, 'tmp');
    const receiving = async () =>
      (await readdir(tmp)).filter(
        (name) => name.endsWith('.part') && (statSync(path.join(tmp, name), { throwIfNoEntry: false })?.size ?? 0) > 0,
      );
    const earlier = new Set(await receiving());
    const inFlight = await slowUpload(b.url, token, thesisDocx({ pages: 2, seed: '停机' }), 'drain.docx');
    // b is writing the half it has to its temporary file: the upload is under way there.
    await until(async () => (await receiving()).some((name) => !earlier.has(name)), 'b receives the upload', 30_000);
    process.kill(b.pid, 'SIGTERM');
    await b.waitForLog((line) => line.msg === 'shutting down: finishing requests under way', 30_000);
    // b takes no new connections now (nginx moves on to a) …
    await until(
      () =>
        fetch(`${b.url}/api/v1/health`).then(
          () => false,
          () => true,
        ),
      'b refuses new connections',
      30_000,
    );
    for (let i = 0; i < 6; i += 1) {
      assert.equal((await callApi(via(), '/v1/getUserInfo', {}, token)).errorCode, 0);
    }
    // … but the upload it had is received in full and answered.
    const { status, json } = await inFlight.finish();
    assert.equal(status, 200);
    assert.equal(json.errorCode, 0, json.errorMsg);
    const id = json.data.documentId;
    // It finishes what it had and closes its database, queue and Redis connections: on a busy
    // machine that took over 15 s once.
    await b.waitForLog((line) => line.msg === 'shut down', 60_000);

    // The worker is stopped mid-conversion of that upload: it finishes the job before it leaves.
    await until(
      async () => worker.logs.some((line) => line.msg === 'conversion job started' && line.documentId === id),
      'the worker took the job',
      30_000,
    );
    const exited = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(worker.logs.some((line) => line.msg === 'document prepared' && line.documentId === id));
    const ready = await callApi<{ status: string }>(via(), '/v1/document/status', { documentId: id }, token);
    assert.equal(ready.data.status, 'ready', 'the conversion under way finished before the worker left');
    worker = startWorker(env);
  });

  it('the 30 sign-in tries a minute hold across both instances together', async () => {
    await restartB();
    const from = (await nginx.upstreams()).length;
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) codes.push((await signInFrom('127.0.0.2', nginx.url)).errorCode);
    assert.ok(!codes.includes(1050001), `the first 30 are answered: ${codes.join(',')}`);
    const used = new Set((await nginx.upstreams()).slice(from));
    assert.deepEqual(
      [...used].sort(),
      [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`].sort(),
      'both instances counted tries',
    );
    // Each instance saw about 15: only a count shared in Redis refuses the 31st.
    const refused = await signInFrom('127.0.0.2', nginx.url);
    assert.equal(refused.errorCode, 1050001);
    // A forged X-Forwarded-For does not buy a new count: nginx overwrites it with the client's address.
    assert.equal((await signInFrom('127.0.0.2', nginx.url, '198.51.100.7')).errorCode, 1050001);
    // Another address has its own count.
    assert.notEqual((await signInFrom('127.0.0.3', nginx.url)).errorCode, 1050001);
  });
});
