// 数据统计 at exam-board scale (issue 16, adr/014): 1,000,000 reviews (200 reviewers, 5 stages, 3
// years) loaded in bulk, the statistics rolled up once, then every statistics call timed through the
// real server over HTTP, one call at a time, for the widest filters (everything: all time, every
// reviewer) and the narrow one (one reviewer, one month), and some between. SQLite first, then
// PostgreSQL when BENCH_DATABASE_URL names a server (a database of its own is made and dropped).
// Prints one line: {"reviews","sqlite_p50_ms","sqlite_p99_ms","pg_p50_ms","pg_p99_ms"}, each figure the
// worst call's; the per-call figures go to stderr.
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signParams } from '@zikao/contract';
import { dayNumberOf, isoDateOf } from '@zikao/contract/statistics';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo-data.ts';
import { createScratchDatabase } from '../../apps/server/src/test/scratch-database.ts';
import { StatisticsWriter } from '../../apps/server/src/workflow/statistics/statistics-writer.ts';
import { pgBulk, sqliteBulk } from './bulk.ts';
import { fillStatisticsWorkload, type Workload } from './data.ts';

const root = path.resolve(import.meta.dirname, '../..');
const REVIEWS = Number(process.env.BENCH_STATS_REVIEWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_STATS_ITERATIONS ?? 40);
const WARMUP = 3;
const PORT = 18191;

const log = (value: unknown) => process.stderr.write(`${JSON.stringify(value)}\n`);

async function prepare(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-stats-'));
  const started = Date.now();
  const migrated = await openDatabase({ dataDir, databaseUrl });
  await seedDemoData(migrated.db);
  const demoReviewer = await migrated.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', '13800000003')
    .executeTakeFirstOrThrow();
  await migrated.close();

  const bulk = databaseUrl ? await pgBulk(databaseUrl) : sqliteBulk(path.join(dataDir, 'zikao.sqlite'));
  let workload: Workload;
  try {
    workload = await fillStatisticsWorkload(bulk, {
      reviews: REVIEWS,
      now: Date.now(),
      demoReviewerId: demoReviewer.id,
      years: 3,
    });
    if (databaseUrl) {
      for (const table of ['users', 'batches', 'theses', 'submissions']) {
        await bulk.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
    }
  } finally {
    await bulk.close();
  }
  const loadMs = Date.now() - started;

  const handle = await openDatabase({ dataDir, databaseUrl });
  const rolled = Date.now();
  await new StatisticsWriter(handle.db, handle.dialect).rebuild();
  const rollupMs = Date.now() - rolled;
  // Planner statistics, as a live database has them (PostgreSQL's autovacuum; SQLite's PRAGMA optimize).
  await sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze').execute(handle.db);
  const batch = await handle.db
    .selectFrom('batches')
    .select('id')
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await handle.close();
  return { dataDir, workload, loadMs, rollupMs, currentBatchId: batch.id };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server at ${url} did not start`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

/** A signed POST; answers the envelope, or the file's bytes for an export. */
async function post(base: string, url: string, body: Record<string, unknown>, token?: string) {
  const t = Date.now();
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ ...body, t, sig: signParams(body, t) }),
  });
  if (!(response.headers.get('content-type') ?? '').includes('json')) {
    const bytes = await response.arrayBuffer();
    if (response.status !== 200 || bytes.byteLength < 1000) throw new Error(`${url}: a bad file`);
    return { errorCode: 0, errorMsg: '', data: null };
  }
  return (await response.json()) as { errorCode: number; errorMsg: string; data: Record<string, unknown> | null };
}

async function login(base: string, account: string): Promise<string> {
  const t = Date.now();
  const keyResponse = await fetch(`${base}/v1/publicKey?t=${t}&sig=${signParams({}, t)}`);
  const { publicKey } = ((await keyResponse.json()) as { data: { publicKey: string } }).data;
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Zikao@2026'));
  const answer = await post(base, '/v1/teacher/loginByPasswd', { account, password: password.toString('base64') });
  if (answer.errorCode !== 0) throw new Error(`login failed: ${answer.errorMsg}`);
  return String(answer.data?.token);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

async function measure(database: 'sqlite' | 'postgres', databaseUrl?: string) {
  const prepared = await prepare(databaseUrl);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = fork(path.join(root, 'apps/server/src/main.ts'), [], {
    env: {
      ...env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: prepared.dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(prepared.dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${PORT}/api`;
  try {
    await waitFor(`${base}/v1/version`, server);
    const admin = await login(base, '13800000004');
    const reviewer = await login(base, '13800000003');
    const today = dayNumberOf(Date.now());
    const { narrow } = prepared.workload;
    const month = { from: narrow.from, to: narrow.to };
    const last90 = { from: isoDateOf(today - 89), to: isoDateOf(today) };
    const overview = '/v1/statistics/overview';
    const workload = '/v1/statistics/workload';
    const items = '/v1/statistics/reviewerItems';
    const cases: Array<[name: string, url: string, token: string, body: Record<string, unknown>]> = [
      // The widest: everything, for an admin.
      ['options', '/v1/statistics/options', admin, {}],
      ['overview_all', overview, admin, {}],
      ['workload_all', workload, admin, {}],
      ['export_all', overview, admin, { export: 1 }],
      // Between: the last 90 days day by day, this batch, one stage of one major.
      ['overview_90_days', overview, admin, last90],
      ['workload_90_days', workload, admin, last90],
      ['overview_batch', overview, admin, { batchId: prepared.currentBatchId }],
      ['overview_major_stage', overview, admin, { major: '会计学', stage: 'final' }],
      // The narrow: one reviewer, one month; as the admin's choice and as the reviewer's own page.
      ['overview_narrow', overview, admin, { reviewerId: narrow.reviewerId, ...month }],
      ['workload_narrow', workload, admin, { reviewerId: narrow.reviewerId, ...month }],
      ['items_narrow', items, admin, { reviewerId: narrow.reviewerId, kind: 'reviewed', ...month }],
      ['overview_own_narrow', overview, reviewer, month],
      ['overview_own_all', overview, reviewer, {}],
      ['options_own', '/v1/statistics/options', reviewer, {}],
      ['items_all', items, admin, { reviewerId: narrow.reviewerId, kind: 'reviewed' }],
      ['items_pending', items, admin, { reviewerId: narrow.reviewerId, kind: 'pending' }],
    ];
    const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    for (let round = 0; round < WARMUP + ITERATIONS; round++) {
      for (const [name, url, token, body] of cases) {
        const started = performance.now();
        const answer = await post(base, url, body, token);
        const ms = performance.now() - started;
        if (answer.errorCode !== 0) throw new Error(`${name}: ${answer.errorMsg}`);
        if (round >= WARMUP) times.get(name)?.push(ms);
      }
    }
    const calls = Object.fromEntries(
      [...times].map(([name, values]) => [
        name,
        { p50: round1(percentile(values, 50)), p99: round1(percentile(values, 99)) },
      ]),
    );
    const check = await post(base, overview, {}, admin);
    const cards = check.data?.cards as { reviewed: { value: number } };
    if (cards.reviewed.value !== prepared.workload.reviews) {
      throw new Error(`the overview counts ${cards.reviewed.value} reviews, not ${prepared.workload.reviews}`);
    }
    const result = {
      database,
      reviews: prepared.workload.reviews,
      pending: prepared.workload.pending,
      load_ms: prepared.loadMs,
      rollup_ms: prepared.rollupMs,
      iterations: ITERATIONS,
      p50_ms: Math.max(...Object.values(calls).map((c) => c.p50)),
      p99_ms: Math.max(...Object.values(calls).map((c) => c.p99)),
      calls,
    };
    log(result);
    return result;
  } finally {
    await stop(server);
    rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

const sqlite = await measure('sqlite');
let postgres: Awaited<ReturnType<typeof measure>> | null = null;
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const created = await createScratchDatabase(pgUrl, 'bench_stats');
  try {
    postgres = await measure('postgres', created.url);
  } finally {
    await created.drop();
  }
}
console.log(
  JSON.stringify({
    reviews: sqlite.reviews,
    sqlite_p50_ms: sqlite.p50_ms,
    sqlite_p99_ms: sqlite.p99_ms,
    pg_p50_ms: postgres?.p50_ms ?? null,
    pg_p99_ms: postgres?.p99_ms ?? null,
  }),
);
