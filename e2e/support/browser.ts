import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { BROWSER_TIME_ZONE } from './clock.ts';
import { watchContext } from './diagnostics.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh profile directory per test, in Chinese, on Beijing time (clock.ts). */
export async function openBrowser(options: BrowserContextOptions = {}): Promise<TestBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'zikao-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'zh-CN',
    timezoneId: BROWSER_TIME_ZONE,
    viewport: { width: 1366, height: 820 },
    ...options,
  });
  watchContext(context, 'browser');
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
