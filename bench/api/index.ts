// Measures the API budgets against a bare Fastify hello-world, all under autocannon with 100
// connections in the same run. The machine is shared and noisy, so the loads take turns in rounds
// (hello, then the API's calls, BENCH_ROUNDS times) and the figures are per-round medians. Each
// round starts both servers afresh and warms them up: one process's JIT can run several per cent
// faster or slower than another's for its whole life, so rounds on fresh processes are independent
// samples, where rounds on one process pair all share its luck.
// - a signed, authenticated /v1/getUserInfo;
// - the thesis list (/v1/thesis/list) with a status filter and a keyword, 20 rows of 100,000
//   draft submissions, as the admin, who sees them all; sent as the web app sends it (a browser
//   offers gzip), and again without Accept-Encoding (plain_list_*).
// Runs on SQLite, then on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a server;
// prints one JSON line per database. BENCH_LIST_CACHE_ENTRIES=0 measures the list without its cache;
// BENCH_PROFILE_DIR writes a CPU profile of each API server process (one per round).
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signParams } from '@zikao/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo-data.ts';
import { fillListWorkload } from './list-data.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 2;
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

function start(script: string, args: string[], env: NodeJS.ProcessEnv, execArgv = process.execArgv): ChildProcess {
  return fork(script, args, { env, execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

/** BENCH_PROFILE_DIR=dir writes a V8 CPU profile of the API server there, for finding its costs. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const apiExecArgv = PROFILE_DIR
  ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`]
  : process.execArgv;

/** CPU seconds (user + system) a process has used so far, from /proc; null where there is none. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

type Measured = autocannon.Result & { serverCpuUsPerRequest: number | null };

/**
 * Loads `options.url` for DURATION_S after a warm-up; also reports how much CPU the server
 * (`server`) spent per answered request, which the machine's noise disturbs far less than
 * throughput does.
 */
async function load(options: autocannon.Options, warmupS: number, server: ChildProcess): Promise<Measured> {
  if (warmupS > 0) await autocannon({ ...options, duration: warmupS });
  const before = cpuSeconds(server.pid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const after = cpuSeconds(server.pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url} had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  const cpu = before === null || after === null ? null : ((after - before) * 1e6) / result.requests.total;
  return { ...result, serverCpuUsPerRequest: cpu === null ? null : Math.round(cpu) };
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
function signedRequest(
  url: string,
  token: string,
  body: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
): autocannon.Options {
  const stamp = Date.now();
  return {
    url,
    connections: CONNECTIONS,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...extraHeaders,
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

type Load = 'hello' | 'api' | 'list' | 'plainList';
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const round3 = (value: number) => Number(value.toFixed(3));

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

const helloPort = 18181;
const helloUrl = `http://127.0.0.1:${helloPort}/`;

async function startHello(): Promise<ChildProcess> {
  const hello = start(path.join(import.meta.dirname, 'hello-server.ts'), [String(helloPort)], process.env);
  await waitFor(helloUrl, hello);
  return hello;
}

async function measure(database: 'sqlite' | 'postgres', databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-'));
  const handle = await openDatabase({ dataDir, databaseUrl });
  const filled = Date.now();
  await seedDemoData(handle.db);
  await fillListWorkload(handle.db, SUBMISSIONS);
  const fillMs = Date.now() - filled;
  await handle.close();

  const { DATABASE_URL: _ignored, ...env } = process.env;
  const apiPort = 18182;
  const base = `http://127.0.0.1:${apiPort}/api`;
  const startApi = async () => {
    const api = start(
      path.join(root, 'apps/server/src/main.ts'),
      [],
      {
        ...env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web'),
        LIST_CACHE_ENTRIES: process.env.BENCH_LIST_CACHE_ENTRIES ?? '2000',
      },
      apiExecArgv,
    );
    await waitFor(`${base}/v1/version`, api);
    return api;
  };
  let api = await startApi();
  let hello: ChildProcess | null = null;
  try {
    // Sessions are kept in the database, so the tokens serve every process of the run.
    const reviewer = await login(base, '13800000003');
    const admin = await login(base, '13800000004');
    const check = await signedPost(base, '/v1/getUserInfo', {}, reviewer);
    if (check.errorCode !== 0) throw new Error(`getUserInfo failed: ${check.errorMsg}`);
    const page = await signedPost(base, '/v1/thesis/list', LIST_QUERY, admin);
    const rows = (page.data?.list as unknown[] | undefined)?.length ?? 0;
    if (page.errorCode !== 0 || rows !== 20) throw new Error(`thesis list gave ${rows} rows: ${page.errorMsg}`);

    const helloRequest = { url: helloUrl, connections: CONNECTIONS };
    const userInfoRequest = signedRequest(`${base}/v1/getUserInfo`, reviewer, {});
    // As the web app sends it: a browser always offers gzip. The plain-JSON figure is kept beside it.
    const listRequest = signedRequest(`${base}/v1/thesis/list`, admin, LIST_QUERY, BROWSER_ENCODINGS);
    const plainListRequest = signedRequest(`${base}/v1/thesis/list`, admin, LIST_QUERY);
    const rounds: Array<Record<Load, Measured>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) api = await startApi();
      hello = await startHello();
      rounds.push({
        hello: await load(helloRequest, WARMUP_S, hello),
        api: await load(userInfoRequest, WARMUP_S, api),
        list: await load(listRequest, WARMUP_S, api),
        plainList: await load(plainListRequest, 1, api),
      });
      await stop(hello);
      hello = null;
      await stop(api);
    }
    const rps = (name: Load) => rounds.map((r) => r[name].requests.average);
    const p = (name: Load, key: 'p99' | 'p50') => median(rounds.map((r) => r[name].latency[key]));
    const cpuUs = (name: Load) => {
      const values = rounds.map((r) => r[name].serverCpuUsPerRequest).filter((v): v is number => v !== null);
      return values.length ? median(values) : null;
    };
    const ratios = (name: Load) => rounds.map((r) => r[name].requests.average / r.hello.requests.average);
    return {
      database,
      hello_rps: Math.round(median(rps('hello'))),
      hello_p99_ms: p('hello', 'p99'),
      api_rps: Math.round(median(rps('api'))),
      ratio: round3(median(ratios('api'))),
      api_p99_ms: p('api', 'p99'),
      api_p50_ms: p('api', 'p50'),
      list_rps: Math.round(median(rps('list'))),
      list_ratio: round3(median(ratios('list'))),
      list_p99_ms: p('list', 'p99'),
      list_p50_ms: p('list', 'p50'),
      list_ratios: ratios('list').map(round3),
      list_bytes: Math.round(median(rounds.map((r) => r.list.throughput.average / r.list.requests.average))),
      plain_list_rps: Math.round(median(rps('plainList'))),
      plain_list_ratio: round3(median(ratios('plainList'))),
      plain_list_p99_ms: p('plainList', 'p99'),
      plain_list_bytes: Math.round(
        median(rounds.map((r) => r.plainList.throughput.average / r.plainList.requests.average)),
      ),
      // Server CPU per answered request (µs, medians): what the ratio would be on a server-bound machine.
      hello_cpu_us: cpuUs('hello'),
      api_cpu_us: cpuUs('api'),
      list_cpu_us: cpuUs('list'),
      plain_list_cpu_us: cpuUs('plainList'),
      list_total: Number(page.data.total),
      submissions: SUBMISSIONS,
      list_cache_entries: Number(process.env.BENCH_LIST_CACHE_ENTRIES ?? 2000),
      fill_ms: fillMs,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      duration_s: DURATION_S,
    };
  } finally {
    if (hello) await stop(hello);
    await stop(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(JSON.stringify(await measure('sqlite')));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  const created = await createDatabase(pgUrl);
  try {
    console.log(JSON.stringify(await measure('postgres', created.url)));
  } finally {
    await created.drop();
  }
}
