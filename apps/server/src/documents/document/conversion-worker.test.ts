import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { UploadResponse } from '@zikao/contract';
import { Redis } from 'ioredis';
import { eventually } from '../../test/eventually.ts';
import { thesisDocx } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CONVERSION_QUEUE_NAME } from './conversion-jobs.ts';

/** The Redis of the dev and CI machines (.ci/run starts it there). */
const REDIS_URL = 'redis://127.0.0.1:6379';
const serverRoot = path.resolve(import.meta.dirname, '../../..');

interface WorkerProcess {
  child: ChildProcess;
  logs: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/** `npm run worker` as a child process on the test app's database, files and Redis prefix. */
function startWorker(app: TestApp, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['src/worker.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: app.config.dataDir,
      DATABASE_URL: app.config.databaseUrl ?? '',
      LOG_LEVEL: 'info',
    },
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
        // not a log line
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, logs, exited };
}

describe('Word conversion in worker processes through Redis (BullMQ)', () => {
  const prefix = `test-convert-${process.pid}-${randomUUID().slice(0, 8)}:`;
  // A dead worker's job is back in the queue two seconds after its last lock renewal.
  const env = { REDIS_URL, REDIS_PREFIX: prefix, CONVERSION_STALL_S: '2' };
  let app: TestApp;
  let token: string;
  const workers: WorkerProcess[] = [];

  before(async () => {
    app = await createTestApp(env);
    token = await app.login('13800000003');
  });
  after(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await app.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const uploadDocx = async (seed: string): Promise<number> => {
    const form = new FormData();
    form.append('kind', 'document');
    form.append('file', new Blob([new Uint8Array(thesisDocx({ pages: 2, seed }))]), `论文${seed}.docx`);
    const response = await app.upload<UploadResponse>('/api/v1/upload', form, { token });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data.documentId as number;
  };
  const row = (id: number) =>
    app.database.db
      .selectFrom('documents')
      .select(['status', 'page_count', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const pageNumbers = async (id: number) =>
    (
      await app.database.db
        .selectFrom('document_pages')
        .select('page_no')
        .where('document_id', '=', id)
        .orderBy('page_no')
        .execute()
    ).map((page) => page.page_no);

  it('the web instance only enqueues; a worker converts the document', async () => {
    const id = await uploadDocx('甲');
    // The job waits in Redis for a worker (BullMQ's wait list): the web instance took none itself.
    const redis = new Redis(REDIS_URL);
    try {
      await eventually(async () => {
        assert.equal(await redis.llen(`${prefix}bull:${CONVERSION_QUEUE_NAME}:wait`), 1, 'the job is waiting');
      }, 10_000);
    } finally {
      await redis.quit();
    }
    assert.equal((await row(id)).status, 'queued', 'nothing converts it without a worker');
    const worker = startWorker(app, env);
    workers.push(worker);
    await eventually(async () => assert.equal((await row(id)).status, 'ready'), 90_000);
    const ready = await row(id);
    assert.ok(ready.page_count >= 2, `pages: ${ready.page_count}`);
    assert.deepEqual(
      await pageNumbers(id),
      Array.from({ length: ready.page_count }, (_, i) => i + 1),
    );
    // SIGTERM: the worker finishes and leaves cleanly.
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0);
    assert.ok(worker.logs.some((line) => line.msg === 'worker stopped'));
    // At start-up it said how LibreOffice is kept off the network (adr/027).
    assert.ok(worker.logs.some((line) => typeof line.conversionIsolation === 'string'));
  });

  it('a worker killed mid-conversion leaves the job to another, which does it once', async () => {
    const first = startWorker(app, env);
    workers.push(first);
    const id = await uploadDocx('乙');
    await eventually(async () => assert.equal((await row(id)).status, 'converting'), 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    assert.equal((await row(id)).status, 'converting', 'killed before it finished');
    assert.ok(!first.logs.some((line) => line.msg === 'document prepared'));

    const second = startWorker(app, env);
    workers.push(second);
    await eventually(async () => assert.equal((await row(id)).status, 'ready'), 90_000);
    const ready = await row(id);
    assert.deepEqual(
      await pageNumbers(id),
      Array.from({ length: ready.page_count }, (_, i) => i + 1),
      'each page stored once',
    );
    const started = second.logs.filter((line) => line.msg === 'conversion job started' && line.documentId === id);
    assert.equal(started.length, 1, 'the second worker ran the job once');
    assert.ok(Number(started[0]?.attempt) >= 2, `the job was started before: ${JSON.stringify(started[0])}`);
    // The worker logs 'document prepared' after the row is ready: on a busy machine the line can
    // reach us after the status does.
    const prepared = () => second.logs.filter((line) => line.msg === 'document prepared' && line.documentId === id);
    await eventually(async () => assert.ok(prepared().length > 0, 'the second worker prepared it'), 30_000);
    assert.equal(prepared().length, 1);
    // One document for the one upload, nothing converted twice into another.
    const rows = await app.database.db.selectFrom('documents').select('id').where('name', '=', '论文乙.docx').execute();
    assert.equal(rows.length, 1);
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0);
  });
});
