import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyTemplate, usableTemplate } from './seed-template.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type LogLine = Record<string, unknown> & { msg?: string };

export interface TestServer {
  url: string;
  port: number;
  /** The server process's id, to signal it (kill -9, SIGTERM) in tests of several instances. */
  pid: number;
  logs: LogLine[];
  /** Resolves with the first log line (already seen or yet to come) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** The newest SMS code sent to a phone after `since` log lines. */
  smsCode(phone: string, since?: number): Promise<string>;
  captchaAnswer(captchaId: string): Promise<string>;
  stop(): Promise<void>;
}

async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`node apps/server/src/main.ts` on this Node 24) with a fresh data
 * directory and a free port, serving the built web app, and captures its JSON log lines.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  /** How long start-up may take (a demo seed of its own, on a busy machine); 180 s by default. */
  options: { startTimeoutMs?: number } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zikao-e2e-'));
  // The demo data seeded once for the suite (seed-template.ts), where these settings allow it: in
  // the server's own directory, or in the test's when it names an empty one.
  const template = usableTemplate(extraEnv);
  const target = extraEnv.DATA_DIR ?? dataDir;
  if (template && (await isEmptyDirectory(target))) await copyTemplate(template, target);
  // A test may restart an instance on the port it had (extraEnv.PORT), e.g. behind a load balancer.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const logs: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let output = '';
  // Each server gets fresh data of its own and runs as one embedded instance: CI's DATABASE_URL
  // and REDIS_URL are for the server suite. A test that wants PostgreSQL or Redis passes it in
  // extraEnv; with REDIS_URL, Word documents wait for a worker (`npm run worker`, adr/016).
  const { DATABASE_URL: _sharedDatabase, REDIS_URL: _sharedRedis, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      // The suite signs in with the demo accounts: never a deployment (adr/028), whatever the shell says.
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      CAPTCHA_TEST_ANSWER_LOG: '1',
      SEED_MUST_CHANGE_PHONE: '13800000009',
      // Fresh data has fresh ids: a server given REDIS_URL keeps its board state apart.
      REDIS_PREFIX: `zikao-e2e-${port}-${Date.now()}:`,
      // The embedding tests' host pages run on other local ports (issue 19 §6: CSP frame-ancestors).
      FRAME_ANCESTORS: 'http://127.0.0.1:*',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) {
      output += `${text}\n`;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        continue;
      }
      logs.push(line);
      for (const waiter of waiters) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    output += chunk;
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 10_000, since = 0): Promise<LogLine> => {
    const seen = logs.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      setTimeout(() => {
        if (waiters.delete(waiter)) reject(new Error('expected server log line did not appear'));
      }, timeoutMs);
    });
  };

  return {
    url,
    port,
    pid: child.pid as number,
    logs,
    waitForLog: (match, timeoutMs) => waitForLog(match, timeoutMs),
    smsCode: async (phone, since = 0) => {
      const line = await waitForLog((item) => item.msg === 'sms code sent' && item.phone === phone, 10_000, since);
      return String(line.code);
    },
    captchaAnswer: async (captchaId) => {
      const line = await waitForLog((item) => item.msg === 'captcha issued' && item.captchaId === captchaId);
      return String(line.text);
    },
    stop: async () => {
      // exitCode stays null for a process ended by a signal (kill -9 in a test): signalCode is set.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
