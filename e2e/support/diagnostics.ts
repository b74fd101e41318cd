import path from 'node:path';
import { afterEach } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What the browser windows saw go wrong, printed when a test fails: a failure on a CI machine
 * should explain itself from the log alone. Kept: API answers other than errorCode 0, API
 * requests that never got an answer, and uncaught page errors, newest last.
 */
const trail: string[] = [];
const TRAIL_MAX = 200;
const pages = new Map<Page, string>();
const started = Date.now();
let failures = 0;

function note(line: string): void {
  trail.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
  if (trail.length > TRAIL_MAX) trail.splice(0, trail.length - TRAIL_MAX);
}

/** Records one window's troubles under `who` (admin, student, reviewer…). */
export function watchPage(page: Page, who: string): void {
  if (pages.has(page)) return;
  pages.set(page, who);
  page.on('close', () => pages.delete(page));
  page.on('pageerror', (error) => note(`${who} page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) note(`${who} ${url.pathname} failed: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    response
      .json()
      .then((body: { errorCode?: number; errorMsg?: string }) => {
        if (body.errorCode !== 0) note(`${who} ${url.pathname} → ${body.errorCode} ${body.errorMsg ?? ''}`);
      })
      // A body the browser has already let go of (the page moved on) says nothing.
      .catch(() => {
        if (response.status() >= 400) note(`${who} ${url.pathname} → HTTP ${response.status()}`);
      });
  });
}

/** Watches every window the context has and opens. */
export function watchContext(context: BrowserContext, who: string): void {
  for (const page of context.pages()) watchPage(page, who);
  context.on('page', (page) => watchPage(page, who));
}

/** Prints the trail and, for each open window, its address, alerts, open dialogs and a screenshot. */
export async function reportFailure(testName: string): Promise<void> {
  const lines = [`── diagnostics for the failed test "${testName}"`, ...trail.slice(-40)];
  const dir = process.env.SCREENSHOT_DIR ?? '/tmp';
  failures++;
  for (const [page, who] of pages) {
    if (page.isClosed()) continue;
    const said = await page
      .locator('.ant-alert, .ant-message-notice, .ant-form-item-explain-error, .ant-modal-confirm-body')
      .allInnerTexts()
      .catch(() => [] as string[]);
    const shot = path.join(dir, `failed-${failures}-${who}.png`);
    const saved = await page
      .screenshot({ path: shot })
      .then(() => true)
      .catch(() => false);
    lines.push(
      `${who}: ${page.url()}`,
      `  on screen: ${JSON.stringify(said.map((text) => text.replace(/\s+/g, ' ')))}`,
      `  screenshot: ${saved ? shot : 'not taken'}`,
    );
  }
  console.error(lines.join('\n'));
}

/** Call once at the top of a test file: every failed test in it prints its diagnostics. */
export function diagnoseFailures(): void {
  afterEach(async (t) => {
    // Node 24 tells an afterEach hook the test's result; its typings do not say so yet.
    if (!(t as { passed?: boolean }).passed) await reportFailure(t.name);
  });
}
