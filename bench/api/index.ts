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
// With Redis as well (BENCH_REDIS_URL or REDIS_URL), a last line compares two instances behind
// nginx with one reached directly (measureScaleOut, BENCH_SCALE_OUT_ROUNDS rounds, 5 by default);
// BENCH_ONLY_SCALE_OUT=1 runs that part alone.
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signParams } from '@zikao/contract';
import autocannon from 'autocannon';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo-data.ts';
import { createScratchDatabase } from '../../apps/server/src/test/scratch-database.ts';
import { leanLoad } from './lean-load.ts';
import { fillListWorkload } from './list-data.ts';
import { startNginx } from './nginx.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// The scale-out comparison runs four processes on the shared cores, where the noise weighs most.
const SCALE_OUT_ROUNDS = Number(process.env.BENCH_SCALE_OUT_ROUNDS ?? Math.max(ROUNDS, 5));
const WARMUP_S = 2;
// There each load runs after a warm-up as long as itself: instances run for days, and a second
// instance warmed through nginx gets only half the requests.
const STEADY_S = Math.max(WARMUP_S, DURATION_S);
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
    // Its running children too (nginx's workers under its master), which /proc counts apart.
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    return children.reduce((sum, child) => sum + (cpuSeconds(Number(child)) ?? 0), own);
  } catch {
    return null;
  }
}

/** CPU seconds of each of several processes; null when any cannot be read. */
function eachCpuSeconds(children: ChildProcess[]): number[] | null {
  const each = children.map((child) => cpuSeconds(child.pid));
  return each.some((seconds) => seconds === null) ? null : (each as number[]);
}

/** What a load run reports; autocannon's result and the lean generator's (`lean-load.ts`) both have it. */
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
}

type Measured = LoadResult & {
  serverCpuUsPerRequest: number | null;
  /** The same, per server process given (in their order). */
  serverCpuUsPerRequestEach: number[] | null;
  /** CPU the load generator (this process) spent per answered request. */
  clientCpuUsPerRequest: number;
};

/** Runs a load for `durationS`: autocannon (the default) or the lean generator. */
type Generator = (options: autocannon.Options, durationS: number) => Promise<LoadResult>;
const withAutocannon: Generator = (options, durationS) => autocannon({ ...options, duration: durationS });
const withLeanLoad: Generator = (options, durationS) =>
  leanLoad({
    url: String(options.url),
    method: options.method ?? 'GET',
    headers: (options.headers ?? {}) as Record<string, string>,
    body: typeof options.body === 'string' ? options.body : undefined,
    connections: options.connections ?? CONNECTIONS,
    durationS,
  });

/**
 * Loads `options.url` for DURATION_S after a warm-up; also reports how much CPU the server
 * (`server`) spent per answered request, which the machine's noise disturbs far less than
 * throughput does.
 */
async function load(
  options: autocannon.Options,
  warmupS: number,
  server: ChildProcess | ChildProcess[],
  generator: Generator = withAutocannon,
): Promise<Measured> {
  const servers = Array.isArray(server) ? server : [server];
  if (warmupS > 0) await generator(options, warmupS);
  const before = eachCpuSeconds(servers);
  const client = process.cpuUsage();
  const result = await generator(options, DURATION_S);
  const clientUsed = process.cpuUsage(client);
  const after = eachCpuSeconds(servers);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url} had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  const each =
    before === null || after === null
      ? null
      : after.map((seconds, i) => ((seconds - (before[i] ?? 0)) * 1e6) / result.requests.total);
  return {
    ...result,
    serverCpuUsPerRequest: each === null ? null : Math.round(each.reduce((sum, us) => sum + us, 0)),
    serverCpuUsPerRequestEach: each === null ? null : each.map(Math.round),
    clientCpuUsPerRequest: Math.round((clientUsed.user + clientUsed.system) / result.requests.total),
  };
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

/** `count` distinct ports free at the moment (held together while they are picked). */
async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

type Load = 'hello' | 'api' | 'list' | 'plainList';
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const round3 = (value: number) => Number(value.toFixed(3));
const cpuMedian = (values: Array<number | null>): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? median(known) : null;
};

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

/**
 * Several instances (adr/016): the list through nginx (deploy/nginx.conf) over two instances on
 * PostgreSQL and Redis, beside one instance on the same database reached directly, in alternating
 * rounds of the same run. On a 2-core machine the second instance adds no cores (it takes CPU from
 * the first, nginx and the load generator); a third load, the one instance with Redis behind
 * nginx, separates what the load balancer and the shared state cost from that.
 *
 * The load generator runs on the same two cores: autocannon spends about as much CPU per request
 * as nginx does. One instance is a single thread, so the other core has room for it; nginx and two
 * instances can use both cores, and what it spends is taken from them (clients of a deployment are
 * elsewhere), while under other work on the machine its CPU dilutes the difference instead. The
 * lean generator (`lean-load.ts`, about half autocannon's CPU) measures the same two loads beside
 * it. Both sides of each ratio have the same generator and 100 connections.
 */
async function measureScaleOut(databaseUrl: string, redisUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-scale-'));
  const handle = await openDatabase({ dataDir, databaseUrl });
  await seedDemoData(handle.db);
  await fillListWorkload(handle.db, SUBMISSIONS);
  await handle.close();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const startApi = async (port: number, extra: Record<string, string>) => {
    const api = start(path.join(root, 'apps/server/src/main.ts'), [], {
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LIST_CACHE_ENTRIES: process.env.BENCH_LIST_CACHE_ENTRIES ?? '2000',
      REDIS_URL: '',
      ...extra,
    });
    await waitFor(`http://127.0.0.1:${port}/api/v1/version`, api);
    return api;
  };
  const prefix = `zikao-bench-${process.pid}-${Date.now()}:`;
  const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, TRUST_PROXY: '127.0.0.1' };
  // Free ports of the moment, so that another run of a bench beside this one does not collide.
  const [singlePort = 0, firstPort = 0, secondPort = 0, nginxPort = 0] = await freePorts(4);
  type Round = { single: Measured; one: Measured; pair: Measured; singleLean: Measured; pairLean: Measured };
  const rounds: Round[] = [];
  const listAt = (port: number) =>
    signedRequest(`http://127.0.0.1:${port}/api/v1/thesis/list`, admin, LIST_QUERY, BROWSER_ENCODINGS);
  const nginxDir = path.join(dataDir, 'nginx');
  const withNginx = async <T>(upstreams: number[], run: (nginx: ChildProcess) => Promise<T>): Promise<T> => {
    const nginx = startNginx(nginxDir, nginxPort, upstreams);
    try {
      await waitFor(`http://127.0.0.1:${nginxPort}/api/v1/version`, nginx);
      return await run(nginx);
    } finally {
      // The next nginx binds the same port: wait until this one has left.
      const gone = new Promise((resolve) => nginx.once('exit', resolve));
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill('SIGQUIT');
        await gone;
      }
    }
  };
  let admin = '';
  try {
    let single = await startApi(singlePort, {});
    admin = await login(`http://127.0.0.1:${singlePort}/api`, '13800000004');
    await stop(single);
    for (let round = 0; round < SCALE_OUT_ROUNDS; round++) {
      // One instance as the embedded default runs it (no Redis), reached directly.
      // The two generators take turns at going first, which finds the set-up a little warmer.
      const leanFirst = round % 2 === 1;
      const both = async (url: autocannon.Options, servers: ChildProcess[]) => {
        const first = leanFirst ? await load(url, STEADY_S, servers, withLeanLoad) : null;
        const ac = await load(url, STEADY_S, servers);
        const lean = first ?? (await load(url, STEADY_S, servers, withLeanLoad));
        return { ac, lean };
      };
      single = await startApi(singlePort, {});
      const { ac: singleResult, lean: singleLean } = await both(listAt(singlePort), [single]);
      await stop(single);
      const first = await startApi(firstPort, shared);
      let second: ChildProcess | null = null;
      try {
        // The same instance with Redis and TRUST_PROXY behind nginx (both upstream lines on it):
        // what the load balancer and the shared state cost, without a second process.
        const oneResult = await withNginx([firstPort, firstPort], (nginx) =>
          load(listAt(nginxPort), STEADY_S, [first, nginx]),
        );
        second = await startApi(secondPort, shared);
        const pairOf = second;
        // Warmed as the first was (by the load above), so that neither runs colder code than the
        // single instance did: a warm-up through nginx gives each instance half the requests.
        await withAutocannon(listAt(secondPort), STEADY_S);
        // The CPU of everything that serves the pair: both instances and nginx (its workers).
        const { ac: pairResult, lean: pairLean } = await withNginx([firstPort, secondPort], (nginx) =>
          both(listAt(nginxPort), [first, pairOf, nginx]),
        );
        rounds.push({ single: singleResult, one: oneResult, pair: pairResult, singleLean, pairLean });
      } finally {
        await stop(first);
        if (second) await stop(second);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  type Name = keyof Round;
  const rps = (load: Name) => rounds.map((r) => r[load].requests.average);
  const over = (load: Name, base: Name = 'single') =>
    rounds.map((r) => r[load].requests.average / r[base].requests.average);
  const cpu = (load: Name) => cpuMedian(rounds.map((r) => r[load].serverCpuUsPerRequest));
  const nginxCpu = (load: Name) => cpuMedian(rounds.map((r) => r[load].serverCpuUsPerRequestEach?.at(-1) ?? null));
  const clientCpu = (load: Name) => median(rounds.map((r) => r[load].clientCpuUsPerRequest));
  return {
    database: 'postgres',
    setup: 'list: one instance direct (no Redis); it behind nginx with Redis; two instances behind nginx with Redis',
    load_generator: 'autocannon (lean-load.ts beside it)',
    single_list_rps: Math.round(median(rps('single'))),
    pair_list_rps: Math.round(median(rps('pair'))),
    // The figure issue 17 asks for: two instances through nginx over one instance, per round.
    pair_over_single: round3(median(over('pair'))),
    pair_over_single_rounds: over('pair').map(round3),
    // The load balancer and the shared state alone: one instance with Redis behind nginx.
    one_behind_nginx_list_rps: Math.round(median(rps('one'))),
    one_behind_nginx_over_single: round3(median(over('one'))),
    one_behind_nginx_over_single_rounds: over('one').map(round3),
    single_list_p99_ms: median(rounds.map((r) => r.single.latency.p99)),
    one_behind_nginx_list_p99_ms: median(rounds.map((r) => r.one.latency.p99)),
    pair_list_p99_ms: median(rounds.map((r) => r.pair.latency.p99)),
    // The same two loads from the lean generator, which takes about half autocannon's CPU.
    single_list_rps_lean: Math.round(median(rps('singleLean'))),
    pair_list_rps_lean: Math.round(median(rps('pairLean'))),
    pair_over_single_lean: round3(median(over('pairLean', 'singleLean'))),
    pair_over_single_lean_rounds: over('pairLean', 'singleLean').map(round3),
    // Server CPU per answered list (µs, medians), every serving process together (nginx's workers
    // included), and nginx's share. Less disturbed by the shared machine's noise than throughput.
    single_list_cpu_us: cpu('single'),
    one_behind_nginx_list_cpu_us: cpu('one'),
    pair_list_cpu_us: cpu('pair'),
    one_behind_nginx_cpu_us_nginx: nginxCpu('one'),
    pair_list_cpu_us_nginx: nginxCpu('pair'),
    // The load generator's own CPU per answered list (µs, medians), on the same cores.
    load_generator_cpu_us: clientCpu('pair'),
    load_generator_cpu_us_lean: clientCpu('pairLean'),
    connections: CONNECTIONS,
    rounds: SCALE_OUT_ROUNDS,
    duration_s: DURATION_S,
  };
}

if (process.env.BENCH_ONLY_SCALE_OUT !== '1') console.log(JSON.stringify(await measure('sqlite')));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  const created = await createScratchDatabase(pgUrl, 'bench');
  try {
    if (process.env.BENCH_ONLY_SCALE_OUT !== '1') console.log(JSON.stringify(await measure('postgres', created.url)));
  } finally {
    await created.drop();
  }
  // Several instances (issue 17): needs Redis (BENCH_REDIS_URL or REDIS_URL) and Debian's nginx.
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
  if (redisUrl) {
    const scaled = await createScratchDatabase(pgUrl, 'bench');
    try {
      console.log(JSON.stringify(await measureScaleOut(scaled.url, redisUrl)));
    } finally {
      await scaled.drop();
    }
  }
}
