// Runs the Node test suites: contract, anchoring and server on SQLite, then the server
// suite again on PostgreSQL when DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const packageGlobs = ['packages/*/src/**/*.test.ts'];
const serverGlobs = ['apps/server/src/**/*.test.ts'];

function run(label: string, globs: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...globs], { stdio: 'inherit', env });
  return result.status === 0;
}

// Each test file is a process that compiles the server's modules anew: V8's compile cache on disk
// (keyed by Node's version and each file's content) spares a fifth of that start-up.
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'zikao-node-compile-cache');
const { DATABASE_URL, ...withoutPostgres } = process.env;
let passed = run('packages and server on SQLite', [...packageGlobs, ...serverGlobs], withoutPostgres);
if (DATABASE_URL) {
  passed =
    run(`server on PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')})`, serverGlobs, process.env) && passed;
} else if (existsSync('.ci/run')) {
  console.log('\nDATABASE_URL is not set: the PostgreSQL run of the server suite is skipped here (.ci/run sets it).');
}
process.exit(passed ? 0 : 1);
