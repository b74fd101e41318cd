// `npm test`: every check and test suite, with each step's time and counts at the end.
//
//   node scripts/test.ts          type check, lint, build, then two lanes at once: the server
//                                 suite on SQLite and on PostgreSQL (when DATABASE_URL is set),
//                                 and the web's unit tests then the browser suite
//   node scripts/test.ts unit     the Node suites only (packages, server, web units)
//   node scripts/test.ts e2e      the web build and the browser suite only
//
// The two lanes share the machine: while one lane's last long files finish, the other keeps the
// cores busy. TEST_CONCURRENCY (files at once per server run, default 3) and E2E_CONCURRENCY
// (browser test files at once, default 2) tune them; every file is isolated (its own data
// directory, database, port and browser), so any number is safe.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printSummary, runStep, type StepResult } from './test-run.ts';

const node = process.execPath;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const repoRoot = path.resolve(import.meta.dirname, '..');
const serverConcurrency = Number(process.env.TEST_CONCURRENCY ?? 3);
const e2eConcurrency = Number(process.env.E2E_CONCURRENCY ?? 2);
const what = process.argv[2] ?? 'all';

// Each test file is a process that compiles the server's modules anew: V8's compile cache on disk
// (keyed by Node's version and each file's content) spares a fifth of that start-up.
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'zikao-node-compile-cache');

const { DATABASE_URL, ...withoutPostgres } = process.env;
const nodeTest = (concurrency: number, ...globs: string[]) => ['--test', `--test-concurrency=${concurrency}`, ...globs];
// Seeds once per run what the server's test apps start from (apps/server/src/test/app-templates.ts).
const serverSetup = '--test-global-setup=apps/server/src/test/global-setup.ts';

async function serverLane(prefix?: string): Promise<StepResult[]> {
  const results = [
    await runStep(
      'packages and server on SQLite',
      node,
      [serverSetup, ...nodeTest(serverConcurrency, 'packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts')],
      { env: withoutPostgres, prefix },
    ),
  ];
  if (DATABASE_URL) {
    const shown = DATABASE_URL.replace(/\/\/[^@]*@/, '//***@');
    results.push(
      await runStep(
        `server on PostgreSQL (${shown})`,
        node,
        [serverSetup, ...nodeTest(serverConcurrency, 'apps/server/src/**/*.test.ts')],
        {
          prefix,
        },
      ),
    );
  } else if (existsSync(path.join(repoRoot, '.ci/run'))) {
    console.log('\nDATABASE_URL is not set: the PostgreSQL run of the server suite is skipped here (.ci/run sets it).');
  }
  return results;
}

// The web's unit and component tests: src/test/setup.ts loads `.tsx`, styles and assets as Vite
// does, and gives the component tests (`*.test.tsx`) a DOM.
function webUnits(prefix?: string): Promise<StepResult> {
  return runStep(
    'web unit tests',
    node,
    [
      '--import',
      './src/test/setup.ts',
      // A component test that leaves its page's timers running must fail, not hold the run.
      '--test-timeout=120000',
      ...nodeTest(serverConcurrency, 'src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'),
    ],
    { cwd: path.join(repoRoot, 'apps/web'), prefix },
  );
}

function browserSuite(prefix?: string): Promise<StepResult> {
  return runStep(
    'browser suite',
    node,
    [
      ...nodeTest(e2eConcurrency),
      '--test-timeout=180000',
      '--test-global-setup=support/global-setup.ts',
      'tests/**/*.test.ts',
    ],
    { cwd: path.join(repoRoot, 'e2e'), prefix },
  );
}

const build = () => runStep('web build', npm, ['run', 'build', '-w', '@zikao/web']);

async function main(): Promise<StepResult[]> {
  if (what === 'unit') return [...(await serverLane()), await webUnits()];
  if (what === 'e2e') return [await build(), await browserSuite()];
  const checks = await Promise.all([
    runStep('type check', npm, ['run', 'typecheck'], { prefix: '[types] ' }),
    runStep('lint', npm, ['run', 'lint'], { prefix: '[lint] ' }),
  ]);
  const built = await build();
  const [server, web] = await Promise.all([
    serverLane('[server] '),
    (async () => [await webUnits('[web] '), await browserSuite('[web] ')])(),
  ]);
  return [...checks, built, ...server, ...web];
}

const started = performance.now();
const results = await main();
printSummary(results, (performance.now() - started) / 1000);
process.exit(results.every((result) => result.ok) ? 0 : 1);
