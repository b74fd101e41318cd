import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { REDIS_ERROR_LOG_EVERY_MS } from '../shared/redis/redis-client.ts';
import { closedPort, startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * Issue 32 §4.6: the real server (main.ts, a child process) started with a Redis port nothing
 * listens on. It used to die about 10 s later with an uncaught error; it must stay up, answer
 * /health, say 503 on /ready, log Redis' errors without a flood, and be ready once Redis answers
 * on that port (a proxy to the real Redis, started there later).
 */

const serverMain = path.resolve(import.meta.dirname, '../main.ts');
const REDIS = { host: '127.0.0.1', port: 6379 };
/** Fail-safes for waits on events, not measurements. */
const START_MS = 90_000;
const WAIT_MS = 60_000;

type LogLine = Record<string, unknown> & { msg?: string; time?: number; purpose?: string };

interface Child {
  url: string;
  process: ChildProcess;
  logs: LogLine[];
  stderr(): string;
  exited: Promise<void>;
}

function startChild(env: Record<string, string>, port: number): Child {
  const logs: LogLine[] = [];
  let errors = '';
  let buffered = '';
  // SQLite in a data directory of its own: this test is about Redis, whatever the shell's database.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverMain], {
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  return { url: `http://127.0.0.1:${port}`, process: child, logs, stderr: () => errors, exited };
}

/** Checks `condition` every 250 ms until it holds; fails (with the child's stderr) if the child exits or time runs out. */
async function waitUntil(child: Child, what: string, condition: () => Promise<boolean> | boolean, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(
        `the server exited (${child.process.exitCode ?? child.process.signalCode}) waiting for ${what}: ${child.stderr()}`,
      );
    }
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function get(url: string): Promise<{ status: number; body: { errorCode: number; data: unknown } } | null> {
  try {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as { errorCode: number; data: unknown } };
  } catch {
    return null;
  }
}

describe('an instance started with a Redis that does not answer', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-redis-start-'));
  let child: Child | null = null;
  let proxy: TcpProxy | null = null;
  after(async () => {
    if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
    await child?.exited;
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up, answers /health, says 503 on /ready, logs without a flood, and is ready once Redis answers', async () => {
    const redisPort = await closedPort();
    const port = await closedPort();
    child = startChild(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: `test-start-${process.pid}-${randomUUID().slice(0, 8)}:`,
      },
      port,
    );
    const server = child;
    const logged = (msg: string) => server.logs.filter((line) => line.msg === msg);
    await waitUntil(
      server,
      'the start',
      () => server.logs.some((line) => String(line.msg).startsWith('自考在线已启动')),
      START_MS,
    );

    // Liveness answers again and again while Redis stays away: past the first repeated report of
    // an error (REDIS_ERROR_LOG_EVERY_MS after the first) and 15 s of the process' uptime.
    const uptimes = new Set<number>();
    await waitUntil(server, '15 s of answers to /health and repeated Redis errors in the log', async () => {
      const health = await get(`${server.url}/api/v1/health`);
      if (health?.status === 200) uptimes.add((health.body.data as { uptimeS: number }).uptimeS);
      return (
        uptimes.size >= 3 && Math.max(...uptimes) >= 15 && logged('redis still unreachable; reconnecting').length >= 2
      );
    });
    assert.equal(server.process.exitCode, null, 'the process is alive');
    const notReady = await get(`${server.url}/api/v1/ready`);
    assert.ok(notReady, '/ready answers');
    assert.equal(notReady.status, 503);
    assert.equal((notReady.body.data as { checks: { redis: { status: string } } }).checks.redis.status, 'down');
    assert.equal(server.logs.filter((line) => String(line.msg).startsWith('redis unreachable at start')).length, 1);

    // Every client of this instance logs an outage once when it starts, then at most every REDIS_ERROR_LOG_EVERY_MS.
    const purposes = ['rate-limit', 'conversion-queue', 'board-publisher', 'board-subscriber'];
    for (const purpose of purposes) {
      const first = logged('redis connection error; reconnecting').filter((line) => line.purpose === purpose);
      assert.equal(first.length, 1, `${purpose}: one report of the outage's start`);
      const repeats = logged('redis still unreachable; reconnecting').filter((line) => line.purpose === purpose);
      const times = [...first, ...repeats].map((line) => Number(line.time));
      for (let i = 1; i < times.length; i++) {
        assert.ok((times[i] ?? 0) - (times[i - 1] ?? 0) >= REDIS_ERROR_LOG_EVERY_MS, `${purpose}: reports spaced out`);
      }
    }
    assert.doesNotMatch(server.stderr(), /ECONNREFUSED|Unhandled error event/, 'no error goes to stderr unlogged');

    // Redis answers on that port now: the instance becomes ready without a restart.
    proxy = await startTcpProxy(REDIS, redisPort);
    await waitUntil(
      server,
      '/ready to answer 200',
      async () => (await get(`${server.url}/api/v1/ready`))?.status === 200,
    );
    await waitUntil(server, 'every client to report its connection', () =>
      purposes.every((purpose) => logged('redis connection restored').some((line) => line.purpose === purpose)),
    );

    server.process.kill('SIGTERM');
    await server.exited;
    assert.equal(server.process.exitCode, 0, server.stderr());
  });
});
