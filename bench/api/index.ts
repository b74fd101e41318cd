// Measures the API budget: a signed, authenticated /v1/getUserInfo against a bare Fastify
// hello-world, both under autocannon with 100 connections, in the same run. Prints one JSON line.
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signParams } from '@zikao/contract';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
const CONNECTIONS = 100;

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
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
  return autocannon({ ...options, duration: DURATION_S });
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

const helloPort = 18181;
const apiPort = 18182;
const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-'));
const hello = start(path.join(import.meta.dirname, 'hello-server.ts'), [String(helloPort)], process.env);
const { DATABASE_URL: _ignored, ...env } = process.env;
const api = start(path.join(root, 'apps/server/src/main.ts'), [], {
  ...env,
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dataDir, 'no-web'),
});

try {
  await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
  const base = `http://127.0.0.1:${apiPort}/api`;
  await waitFor(`${base}/v1/version`, api);

  const t = Date.now();
  const keyResponse = await fetch(`${base}/v1/publicKey?t=${t}&sig=${signParams({}, t)}`);
  const { publicKey } = ((await keyResponse.json()) as { data: { publicKey: string } }).data;
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Zikao@2026'));
  const login = await signedPost(base, '/v1/teacher/loginByPasswd', {
    account: '13800000003',
    password: password.toString('base64'),
  });
  if (login.errorCode !== 0) throw new Error(`login failed: ${login.errorMsg}`);
  const token = String(login.data.token);
  const check = await signedPost(base, '/v1/getUserInfo', {}, token);
  if (check.errorCode !== 0) throw new Error(`getUserInfo failed: ${check.errorMsg}`);

  const helloResult = await load({ url: `http://127.0.0.1:${helloPort}/`, connections: CONNECTIONS });
  const stamp = Date.now();
  const apiResult = await load({
    url: `${base}/v1/getUserInfo`,
    connections: CONNECTIONS,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ t: stamp, sig: signParams({}, stamp) }),
  });
  if (apiResult.non2xx > 0 || apiResult.errors > 0) {
    throw new Error(`API run had ${apiResult.non2xx} non-2xx answers and ${apiResult.errors} errors`);
  }
  const helloRps = Math.round(helloResult.requests.average);
  const apiRps = Math.round(apiResult.requests.average);
  console.log(
    JSON.stringify({
      hello_rps: helloRps,
      api_rps: apiRps,
      ratio: Number((apiRps / helloRps).toFixed(3)),
      api_p99_ms: apiResult.latency.p99,
      api_p50_ms: apiResult.latency.p50,
      hello_p99_ms: helloResult.latency.p99,
      connections: CONNECTIONS,
      duration_s: DURATION_S,
    }),
  );
} finally {
  hello.kill();
  api.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
