// The live-course board's fan-out (issue 14): one presenter and BENCH_VIEWERS (500) viewer
// WebSockets, the viewers spread over two app instances sharing one database and talking through
// Redis pub/sub, then all on one instance with the in-process bus. The presenter turns the page
// BENCH_CHANGES times (同步 on); for each change, the time from the presenter's send to each
// viewer's receipt of the page message is one sample. Prints one JSON line per setup:
// {"viewers":500,"fanout_p50_ms":…,"fanout_p99_ms":…,"instances":2}.
//
// Every socket lives in this process, so a sample includes this process's own turn at reading the
// frame: on a 2-core machine shared with the two servers and Redis, that is part of the figure.
// REDIS_URL (default redis://127.0.0.1:6379) names the Redis; each run uses its own key prefix.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Role } from '@zikao/contract';
import type { BoardServerMessage } from '@zikao/contract/board';
import { Redis } from 'ioredis';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { BoardLinkSigner } from '../../apps/server/src/teaching/board/board-link.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LINK_SECRET = `bench-board-secret-${randomUUID()}`;
/** Sockets opened at a time while the class fills up. */
const CONNECT_BATCH = 50;
/** A change all viewers have not seen by then is a failure, not a slow sample. */
const CHANGE_TIMEOUT_MS = 10_000;

interface Instance {
  child: ChildProcess;
  base: string;
}

function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = fork(path.join(import.meta.dirname, 'instance.ts'), [], {
    env,
    execArgv: process.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
    child.once('message', (message: { ready?: string }) => {
      if (message.ready) resolve({ child, base: `ws://127.0.0.1:${message.ready}` });
    });
  });
}

function stopInstance(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.send({ stop: true });
  });
}

/** A fresh data dir with a lecturer and one course that is live now; answers the course id. */
async function prepare(dataDir: string): Promise<{ courseId: number; endAt: number }> {
  const handle = await openDatabase({ dataDir, databaseUrl: undefined });
  const now = Date.now();
  const user = await handle.db
    .insertInto('users')
    .values({
      account: '13900000000',
      name: '压测教师',
      role: Role.teacher,
      password_hash: 'x',
      must_change_password: 0,
      disabled: 0,
      failed_logins: 0,
      locked_until: 0,
      school_name: '',
      school_logo: '',
      head_url: '',
      major_name: '',
      majors_json: '[]',
      apply_exam_level: '',
      exam_committee_name: '',
      exam_number: null,
      platform: 'teacher',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endAt = now + 3_600_000;
  const course = await handle.db
    .insertInto('courses')
    .values({
      title: '压测课程',
      description: '',
      lecturer_id: user.id,
      start_at: now - 60_000,
      end_at: endAt,
      stream_url: '',
      playback_url: '',
      started_at: null,
      ended_at: null,
      cancelled_at: null,
      cancel_reason: '',
      created_by: user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.close();
  return { courseId: course.id, endAt };
}

function socketUrl(base: string, pageUrl: string): string {
  const query = new URL(pageUrl, 'http://page.local').searchParams;
  query.set('linkSig', query.get('sig') ?? '');
  query.delete('sig');
  return `${base}/api/v1/board/ws?${query}`;
}

interface Viewer {
  socket: WebSocket;
  /** When each page was received (performance.now()). */
  received: Map<number, number>;
}

/** Opens a socket, joins, and resolves once the state snapshot is in. */
function join(url: string, clientId: string, onPage?: (page: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'join', clientId })));
    socket.addEventListener('error', () => reject(new Error(`cannot open ${url}`)));
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as BoardServerMessage;
      if (message.type === 'state') resolve(socket);
      else if (message.type === 'page') onPage?.(message.page);
      else if (message.type === 'refusal') reject(new Error(`refused: ${message.msg}`));
    });
  });
}

/** Removes the run's keys (the board's state) from Redis. */
async function forget(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** One run: viewers spread round-robin over `bases`, the presenter on the first. */
async function run(bases: string[], pages: { presenter: string; viewer: string }): Promise<Record<string, number>> {
  let pending: { page: number; left: number; done: () => void } | null = null;
  const viewers: Viewer[] = [];
  for (let start = 0; start < VIEWERS; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, VIEWERS - start) }, async (_, offset) => {
      const index = start + offset;
      const received = new Map<number, number>();
      const socket = await join(
        socketUrl(bases[index % bases.length] as string, pages.viewer),
        `bench-viewer-${index}`,
        (page) => {
          received.set(page, performance.now());
          if (pending && page === pending.page) {
            pending.left -= 1;
            if (pending.left === 0) pending.done();
          }
        },
      );
      viewers.push({ socket, received });
    });
    await Promise.all(batch);
  }
  const presenter = await join(socketUrl(bases[0] as string, pages.presenter), 'bench-presenter');
  const samples: number[] = [];
  // A few changes first, not counted: the servers' code paths warm up.
  const warmup = 5;
  for (let change = 0; change < warmup + CHANGES; change++) {
    const page = change + 2;
    const allSeen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`page ${page}: ${pending?.left} viewers did not follow`)),
        CHANGE_TIMEOUT_MS,
      );
      pending = {
        page,
        left: viewers.length,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
    const sentAt = performance.now();
    presenter.send(JSON.stringify({ type: 'page', page, zoom: 1 }));
    await allSeen;
    if (change >= warmup) for (const viewer of viewers) samples.push((viewer.received.get(page) as number) - sentAt);
    // Slides are turned by a person: not back to back.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const viewer of viewers) viewer.socket.close();
  presenter.close();
  samples.sort((a, b) => a - b);
  // The line the issue asks for, exactly; the rest of the picture goes to stderr.
  console.error(
    JSON.stringify({
      instances: bases.length,
      samples: samples.length,
      fanout_max_ms: round(samples.at(-1) ?? Number.NaN),
    }),
  );
  return {
    viewers: viewers.length,
    fanout_p50_ms: round(percentile(samples, 50)),
    fanout_p99_ms: round(percentile(samples, 99)),
    instances: bases.length,
  };
}

async function main(): Promise<void> {
  for (const instances of [2, 1]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-board-'));
    const started: Instance[] = [];
    try {
      const { courseId, endAt } = await prepare(dataDir);
      const signer = new BoardLinkSigner(Buffer.from(LINK_SECRET, 'utf8'));
      const pages = {
        presenter: signer.make({ cid: courseId, role: 'presenter' }, endAt).url,
        viewer: signer.make({ cid: courseId, role: 'viewer' }, endAt).url,
      };
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        LINK_SECRET,
        REDIS_URL: instances > 1 ? REDIS_URL : '',
        REDIS_PREFIX: `bench-board-${process.pid}-${instances}:`,
        // Every viewer is this process, on one address and one guest link: the per-address and
        // per-link limits (adr/012) would refuse a class this size from one machine.
        BOARD_SOCKETS_PER_ADDRESS: String(VIEWERS + 10),
        BOARD_SOCKETS_PER_LINK: String(VIEWERS + 10),
        BOARD_GUESTS_PER_ADDRESS: String(VIEWERS + 10),
      };
      for (let i = 0; i < instances; i++) started.push(await startInstance(env));
      const result = await run(
        started.map((instance) => instance.base),
        pages,
      );
      console.log(JSON.stringify(result));
    } finally {
      await Promise.all(started.map(stopInstance));
      rmSync(dataDir, { recursive: true, force: true });
      if (instances > 1) await forget(`bench-board-${process.pid}-${instances}:`);
    }
  }
}

await main();
