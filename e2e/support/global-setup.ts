import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSeedTemplate, TEMPLATE_ENV } from './seed-template.ts';

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
