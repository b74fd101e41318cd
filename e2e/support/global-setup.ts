import { rm } from 'node:fs/promises';
import { makeSeedTemplate, TEMPLATE_ENV } from './seed-template.ts';

/**
 * The browser suite's global set-up (`node --test --test-global-setup`): seeds the demo once, for
 * every test file's servers to start from (seed-template.ts). Test files inherit the environment.
 */
export async function globalSetup(): Promise<void> {
  if (process.env.E2E_FRESH_SEED === '1') return;
  process.env[TEMPLATE_ENV] = await makeSeedTemplate();
}

export async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (template) await rm(template, { recursive: true, force: true });
}
