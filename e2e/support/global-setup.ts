import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from './expect.ts';
import { pendingWork, TEMPLATE_ENV } from './seed-template.ts';
import { startServer } from './server.ts';

/**
 * The browser suite's global set-up (`node --test --test-global-setup`): seeds the demo once, for
 * every test file's servers to start from (seed-template.ts). Test files inherit the environment.
 */
export async function globalSetup(): Promise<void> {
  // Every server a test starts compiles the same modules: V8's compile cache on disk spares that.
  process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'zikao-node-compile-cache');
  if (process.env.E2E_FRESH_SEED === '1') return;
  process.env[TEMPLATE_ENV] = await makeSeedTemplate();
}

export async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (template) await rm(template, { recursive: true, force: true });
}

/**
 * Seeds the demo with a real server (its default settings, as `startServer` gives them) and
 * returns the data directory once the server has prepared everything and shut down.
 */
async function makeSeedTemplate(): Promise<string> {
  const template = await mkdtemp(path.join(tmpdir(), 'zikao-e2e-template-'));
  const started = Date.now();
  const server = await startServer({ DATA_DIR: template }, { startTimeoutMs: 300_000 });
  try {
    await expect(() => pendingWork(template) === 0, 'the demo seed prepares its documents', 300_000);
  } catch (error) {
    await server.stop();
    await rm(template, { recursive: true, force: true });
    throw error;
  }
  // SIGTERM: the server finishes what is under way and closes the database, which checkpoints its
  // WAL. (stop() removes the directory startServer made, not DATA_DIR given to it.)
  await server.stop();
  console.log(`# the demo seed for the browser suite: ${Math.round((Date.now() - started) / 1000)} s (${template})`);
  return template;
}
