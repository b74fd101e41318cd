// Measures the API budgets against a bare Fastify hello-world, all under autocannon with 100
// connections in the same run:
// - a signed, authenticated /v1/getUserInfo;
// - the thesis list (/v1/thesis/list) with a status filter and a keyword, 20 rows of 100,000
//   draft submissions, as the admin, who sees them all.
// Runs on SQLite, then on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a server;
// prints one JSON line per database. BENCH_LIST_CACHE_ENTRIES=0 measures the list without its cache.
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signParams } from '@zikao/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo-data.ts';
import { fillListWorkload } from './list-data.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
const CONNECTIONS = 100;
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const LIST_QUERY = { keyword: '王', status: 'assigned', page: 1, pageSize: 20, scope: 'all' };

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
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

function start(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return fork(script, args, { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url} had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

async function signedPost(base: string, url: string, body: Record<string, unknown>, token?: string) {
  const t = Date.now();
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ...body, t, sig: signParams(body, t) }),
  });
  return (await response.json()) as { errorCode: number; errorMsg: string; data: Record<string, unknown> };
}

async function login(base: string, account: string): Promise<string> {
  const t = Date.now();
  const keyResponse = await fetch(`${base}/v1/publicKey?t=${t}&sig=${signParams({}, t)}`);
  const { publicKey } = ((await keyResponse.json()) as { data: { publicKey: string } }).data;
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Zikao@2026'));
  const answer = await signedPost(base, '/v1/teacher/loginByPasswd', {
    account,
    password: password.toString('base64'),
  });
  if (answer.errorCode !== 0) throw new Error(`login failed: ${answer.errorMsg}`);
  return String(answer.data.token);
}

/** A signed POST that autocannon repeats; the signature's timestamp stays valid for 300 s. */
function signedRequest(url: string, token: string, body: Record<string, unknown>): autocannon.Options {
  const stamp = Date.now();
  return {
    url,
    connections: CONNECTIONS,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ ...body, t: stamp, sig: signParams(body, stamp) }),
  };
}

/** An empty PostgreSQL database beside the one `adminUrl` names. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function measure(database: 'sqlite' | 'postgres', helloRps: number, helloP99: number, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-'));
  const handle = await openDatabase({ dataDir, databaseUrl });
  const filled = Date.now();
  await seedDemoData(handle.db);
  await fillListWorkload(handle.db, SUBMISSIONS);
  const fillMs = Date.now() - filled;
  await handle.close();

  const { DATABASE_URL: _ignored, ...env } = process.env;
  const apiPort = 18182;
  const api = start(path.join(root, 'apps/server/src/main.ts'), [], {
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LIST_CACHE_ENTRIES: process.env.BENCH_LIST_CACHE_ENTRIES ?? '2000',
  });
  try {
    const base = `http://127.0.0.1:${apiPort}/api`;
    await waitFor(`${base}/v1/version`, api);
    const reviewer = await login(base, '13800000003');
    const admin = await login(base, '13800000004');
    const check = await signedPost(base, '/v1/getUserInfo', {}, reviewer);
    if (check.errorCode !== 0) throw new Error(`getUserInfo failed: ${check.errorMsg}`);
    const page = await signedPost(base, '/v1/thesis/list', LIST_QUERY, admin);
    const rows = (page.data?.list as unknown[] | undefined)?.length ?? 0;
    if (page.errorCode !== 0 || rows !== 20) throw new Error(`thesis list gave ${rows} rows: ${page.errorMsg}`);

    const userInfo = await load(signedRequest(`${base}/v1/getUserInfo`, reviewer, {}));
    const list = await load(signedRequest(`${base}/v1/thesis/list`, admin, LIST_QUERY));
    const apiRps = Math.round(userInfo.requests.average);
    const listRps = Math.round(list.requests.average);
    return {
      database,
      hello_rps: helloRps,
      hello_p99_ms: helloP99,
      api_rps: apiRps,
      ratio: Number((apiRps / helloRps).toFixed(3)),
      api_p99_ms: userInfo.latency.p99,
      api_p50_ms: userInfo.latency.p50,
      list_rps: listRps,
      list_ratio: Number((listRps / helloRps).toFixed(3)),
      list_p99_ms: list.latency.p99,
      list_p50_ms: list.latency.p50,
      list_total: Number(page.data.total),
      submissions: SUBMISSIONS,
      list_cache_entries: Number(process.env.BENCH_LIST_CACHE_ENTRIES ?? 2000),
      fill_ms: fillMs,
      connections: CONNECTIONS,
      duration_s: DURATION_S,
    };
  } finally {
    api.kill();
    await new Promise((resolve) => api.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const helloPort = 18181;
const hello = start(path.join(import.meta.dirname, 'hello-server.ts'), [String(helloPort)], process.env);
try {
  await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
  const helloResult = await load({ url: `http://127.0.0.1:${helloPort}/`, connections: CONNECTIONS });
  const helloRps = Math.round(helloResult.requests.average);
  console.log(JSON.stringify(await measure('sqlite', helloRps, helloResult.latency.p99)));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (pgUrl) {
    const created = await createDatabase(pgUrl);
    try {
      console.log(JSON.stringify(await measure('postgres', helloRps, helloResult.latency.p99, created.url)));
    } finally {
      await created.drop();
    }
  }
} finally {
  hello.kill();
}
