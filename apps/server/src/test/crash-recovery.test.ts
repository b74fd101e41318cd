import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Role, signParams } from '@zikao/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { objectKey } from '../shared/storage/storage.ts';
import { eventually } from './eventually.ts';
import { buildBatch, buildSubmission, buildUser } from './factories.ts';
import { minimalPdf } from './fixtures.ts';
import { createScratchDatabase } from './scratch-database.ts';
import type { TestApp } from './test-app.ts';

/**
 * Issue 19 §4: kill -9 the real server (a child process of main.ts) during a burst of review
 * submits, annotation saves and uploads, restart it on the same DATA_DIR and database, and check
 * that every acknowledged write is there, every completed review has its one notice and its SMS,
 * nothing is half-written and nothing is left in tmp. On PostgreSQL when DATABASE_URL is set.
 */

const serverMain = path.resolve(import.meta.dirname, '../main.ts');
const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);
const REVIEWS = 24;
const ANNOTATIONS = 40;
const UPLOADS = 12;

type Envelope<T = unknown> = { errorCode: number; errorMsg: string; data: T };
type LogLine = Record<string, unknown>;

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

interface Child {
  url: string;
  process: ChildProcess;
  logs: LogLine[];
  exited: Promise<void>;
}

async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const logs: LogLine[] = [];
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  let errors = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) {
      try {
        logs.push(JSON.parse(text) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${errors}`);
    if (logs.some((line) => String(line.msg).startsWith('自考在线已启动'))) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, logs, exited };
}

async function call<T>(base: string, url: string, body: Record<string, unknown>, token?: string): Promise<Envelope<T>> {
  const t = Date.now();
  const response = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ ...body, t, sig: signParams(body, t) }),
  });
  return (await response.json()) as Envelope<T>;
}

async function upload(base: string, token: string, pdf: Buffer, name: string) {
  const t = Date.now();
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(pdf)]), name);
  const response = await fetch(`${base}/api/v1/upload?t=${t}&sig=${signParams({ kind: 'document' }, t)}`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}` },
    body: form,
  });
  return (await response.json()) as Envelope<{ fileId: string; sha256: string; documentId: number }>;
}

/** Starts an upload that sends half its file and then waits forever: a `.part` in tmp at the kill. */
function stalledUpload(base: string, token: string): void {
  const t = Date.now();
  const boundary = `----crash${randomUUID()}`;
  const url = new URL(`${base}/api/v1/upload?t=${t}&sig=${signParams({ kind: 'document' }, t)}`);
  const req = request(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${token}`,
    },
  });
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndocument\r\n--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="stalled.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  req.write(Buffer.alloc(256 * 1024, 0x41));
}

async function login(base: string, account: string): Promise<string> {
  const t = Date.now();
  const answer = await fetch(`${base}/api/v1/publicKey?t=${t}&sig=${signParams({}, t)}`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  const key = ((await answer.json()) as Envelope<{ publicKey: string }>).data.publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Zikao@2026')).toString(
    'base64',
  );
  const response = await call<{ token: string }>(base, '/v1/teacher/loginByPasswd', { account, password });
  if (response.errorCode !== 0) throw new Error(response.errorMsg);
  return response.data.token;
}

/**
 * A stand-in SMS gateway in this process: what it received survives the server's kill. While it
 * holds, it takes requests and answers none, sending nothing: at the kill, committed reviews still
 * wait for their SMS however fast the machine is.
 */
async function startGateway(): Promise<{
  url: string;
  phones: string[];
  hold(on: boolean): void;
  close(): Promise<void>;
}> {
  const phones: string[] = [];
  let holding = false;
  const held: ServerResponse[] = [];
  const server: Server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { phone: string; template: string };
    if (holding) {
      held.push(res);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (body.template === 'review_completed') phones.push(body.phone);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'OK' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    for (const res of held.splice(0)) res.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    phones,
    hold(on) {
      holding = on;
      if (!on) release();
    },
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a kill -9 during a burst of writes, and a restart (issue 19 §4)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-crash-'));
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string>;
  const children: Child[] = [];
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const submissions: Array<{ id: number; studentId: number; account: string }> = [];

  before(async () => {
    gateway = await startGateway();
    env = {
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gateway.url,
      // It signs in as the demo reviewer, which a shell's NODE_ENV=production would refuse.
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_REVIEW_DEMO: '0',
      REDIS_URL: '',
      DATABASE_URL: '',
      // Short enough for the test: a stalled upload's .part is swept 2 s after its last byte, and a
      // claimed SMS whose instance died is tried again after 1 s.
      UPLOAD_TMP_MAX_AGE_MIN: String(2 / 60),
      NOTIFY_RETRY_S: '1',
    };
    if (process.env.DATABASE_URL) {
      const database = await createScratchDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    // The data, built in this process through the real app, which then closes: the child gets it.
    const app = await buildApp(loadConfig({ ...process.env, ...env }), { logger: false });
    const built = app as unknown as TestApp;
    const reviewer = await built.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    const batchId = await buildBatch(built);
    for (let i = 0; i < REVIEWS; i++) {
      const student = await buildUser(built, { role: Role.student });
      const submission = await buildSubmission(built, {
        batchId,
        stage: 'draft',
        status: 'reviewing',
        reviewerId: reviewer.id,
        studentId: student.id,
      });
      submissions.push({ id: submission.id, studentId: student.id, account: student.account });
    }
    await app.close();
  });

  after(async () => {
    for (const child of children) {
      if (child.process.exitCode === null) child.process.kill('SIGKILL');
      await child.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await drop?.();
    await gateway.close();
  });

  it('keeps every acknowledged write, notifies each completed review once, and leaves nothing half-written', async () => {
    const first = await startChild(env);
    children.push(first);
    const token = await login(first.url, '13800000003');
    const document = await upload(first.url, token, minimalPdf('Chapter One'), 'base.pdf');
    assert.equal(document.errorCode, 0, document.errorMsg);
    const documentId = document.data.documentId;
    await eventually(async () => {
      const status = await call<{ status: string }>(first.url, '/v1/document/status', { documentId }, token);
      assert.equal(status.data.status, 'ready');
    }, 30_000);

    // The burst: everything at once, with uploads that never finish among them.
    const acknowledged = {
      reviews: new Set<number>(),
      annotations: new Map<string, string>(),
      uploads: new Map<string, { sha256: string; documentId: number }>(),
    };
    gateway.hold(true);
    for (let i = 0; i < 3; i++) stalledUpload(first.url, token);
    const writes: Array<Promise<unknown>> = [];
    for (const submission of submissions) {
      writes.push(
        call(
          first.url,
          '/v1/review/submit',
          {
            submissionId: submission.id,
            versionNo: 1,
            verdict: 'pass',
            comment: COMMENT,
          },
          token,
        ).then((r) => {
          if (r.errorCode === 0) acknowledged.reviews.add(submission.id);
        }),
      );
    }
    for (let i = 0; i < ANNOTATIONS; i++) {
      const id = randomUUID();
      const comment = `崩溃测试批注 ${i}`;
      const annotation = {
        id,
        kind: 'note',
        category: 'content',
        severity: 'minor',
        comment,
        stamp: null,
        pageIndex: 0,
        selectors: [{ type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=1' }],
      };
      writes.push(
        call(first.url, '/v1/annotation/save', { documentId, annotation, baseRevision: 0 }, token).then((r) => {
          if (r.errorCode === 0) acknowledged.annotations.set(id, comment);
        }),
      );
    }
    for (let i = 0; i < UPLOADS; i++) {
      writes.push(
        upload(first.url, token, minimalPdf(`Crash test upload ${i} ${randomUUID()}`), `u${i}.pdf`).then((r) => {
          if (r.errorCode === 0) acknowledged.uploads.set(r.data.fileId, r.data);
        }),
      );
    }
    const settled = Promise.allSettled(writes);
    // Kill once some writes are acknowledged and others are still under way.
    await eventually(() => {
      const done = acknowledged.reviews.size + acknowledged.annotations.size + acknowledged.uploads.size;
      assert.ok(done >= 10 && acknowledged.reviews.size > 0, `${done} acknowledged`);
    }, 60_000);
    first.process.kill('SIGKILL');
    await first.exited;
    await settled;
    const total = acknowledged.reviews.size + acknowledged.annotations.size + acknowledged.uploads.size;
    assert.ok(total < REVIEWS + ANNOTATIONS + UPLOADS, `the kill cut writes off (${total} acknowledged)`);
    const smsAtKill = gateway.phones.length;
    const tmpDir = path.join(dataDir, 'tmp');
    assert.ok(
      readdirSync(tmpDir).some((name) => name.endsWith('.part')),
      'the kill left uploads in tmp',
    );

    // Restart on the same data, with the gateway sending again.
    gateway.hold(false);
    const second = await startChild(env);
    children.push(second);
    const handle = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL || undefined });
    try {
      const { db } = handle;
      // Every acknowledged review is submitted; every submitted one has one notice and one outbox row.
      const rows = await db
        .selectFrom('submissions')
        .select(['id', 'status'])
        .where(
          'id',
          'in',
          submissions.map((s) => s.id),
        )
        .execute();
      for (const id of acknowledged.reviews)
        assert.equal(rows.find((r) => r.id === id)?.status, 'passed', `review ${id}`);
      const completed = submissions.filter((s) => rows.find((r) => r.id === s.id)?.status === 'passed');
      for (const submission of completed) {
        const notices = await db
          .selectFrom('notices')
          .select('id')
          .where('user_id', '=', submission.studentId)
          .where('kind', '=', 'review')
          .execute();
        assert.equal(notices.length, 1, `one notice for submission ${submission.id}`);
        const review = await db
          .selectFrom('reviews')
          .select('state')
          .where('submission_id', '=', submission.id)
          .executeTakeFirst();
        assert.equal(review?.state, 'submitted', 'no completed submission without its submitted review');
      }
      for (const submission of submissions.filter((s) => !completed.includes(s))) {
        const notices = await db
          .selectFrom('notices')
          .select('id')
          .where('user_id', '=', submission.studentId)
          .execute();
        assert.equal(notices.length, 0, 'no notice without its review');
      }
      // The restart drains the outbox: each completed review's SMS goes, once per claim. A row the
      // killed instance had claimed is left until its claim runs out (1 s here): when the restart's
      // first drain came sooner, the drain on the 30 s timer takes it.
      await eventually(async () => {
        const outbox = await db.selectFrom('review_outbox').selectAll().execute();
        assert.equal(outbox.length, completed.length);
        assert.ok(
          outbox.every((row) => row.done_at !== null),
          `every SMS sent: ${JSON.stringify(outbox.map((row) => [row.attempts, row.done_at !== null, row.claimed_until - Date.now()]))}`,
        );
      }, 45_000);
      const outbox = await db.selectFrom('review_outbox').selectAll().execute();
      assert.ok(completed.length > smsAtKill, 'the restart had SMS of committed reviews to send');
      for (const submission of completed) {
        const row = outbox.find((r) => r.submission_id === submission.id);
        const sent = gateway.phones.filter((phone) => phone === submission.account).length;
        assert.ok(sent >= 1, `an SMS for submission ${submission.id}`);
        // More than one only if the kill fell between a send and its row being marked done.
        if (row?.attempts === 1) assert.equal(sent, 1, `one SMS for submission ${submission.id}`);
        else assert.ok(sent <= Number(row?.attempts), 'never more SMS than claims');
      }

      // Every acknowledged annotation is there as it was acknowledged.
      const annotations = await db
        .selectFrom('annotations')
        .select(['id', 'comment', 'revision'])
        .where('document_id', '=', documentId)
        .execute();
      for (const [id, comment] of acknowledged.annotations) {
        assert.equal(annotations.find((a) => a.id === id)?.comment, comment, `annotation ${id}`);
      }
      assert.ok(annotations.every((a) => a.revision >= 1));

      // Every acknowledged upload is stored, with its document prepared after the restart.
      for (const [fileId, stored] of acknowledged.uploads) {
        const row = await db.selectFrom('uploads').select('sha256').where('id', '=', fileId).executeTakeFirst();
        assert.equal(row?.sha256, stored.sha256, `upload ${fileId}`);
      }
      await eventually(async () => {
        const unfinished = await db
          .selectFrom('documents')
          .select(['id', 'status'])
          .where('status', 'not in', ['ready', 'failed'])
          .execute();
        assert.deepEqual(unfinished, []);
      }, 60_000);
      const ready = await db.selectFrom('documents').select(['id', 'status']).execute();
      for (const stored of acknowledged.uploads.values()) {
        assert.equal(ready.find((d) => d.id === stored.documentId)?.status, 'ready');
      }
      // Nothing half-written: every stored file the database names is on disk, whole.
      const files = await db.selectFrom('stored_files').select('sha256').execute();
      for (const file of files) assert.ok(existsSync(path.join(dataDir, objectKey(file.sha256))), file.sha256);
      const uploads = await db.selectFrom('uploads').select('sha256').execute();
      for (const row of uploads) assert.ok(existsSync(path.join(dataDir, objectKey(row.sha256))), row.sha256);

      // Nothing left in tmp once the sweep's age has passed.
      await eventually(() => {
        assert.deepEqual(
          readdirSync(tmpDir).filter((name) => name.endsWith('.part')),
          [],
        );
      }, 15_000);
    } finally {
      await handle.close();
      second.process.kill('SIGTERM');
      await second.exited;
    }
  });
});
