/**
 * Document benchmark, against the real server and the production build. Prints one JSON line:
 * - convert_ms: a DOCX of about 70 pages uploaded until its PDF is ready (LibreOffice plus text
 *   extraction), median of several runs with different content;
 * - first_page_visible_ms: from navigation to the first page's canvas painted in the annotation
 *   workspace for a 150-page thesis in Chromium, with a cold HTTP cache, median of 5 runs;
 * - anchor_list_visible_ms: its anchor, measured in the same runs (each run loads both, cold):
 *   from navigation to the first row of the 我的文档 list, the same app shell and layout with one
 *   API call and no document. The machine is shared: `first_page_over_anchor` is the figure that
 *   travels between runs, and `load_average` says how busy the machine was (adr/024);
 * - word_fidelity: per thesis-shaped fixture, the converted PDF's pages against Word's (ratio).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { DocumentSummary } from '@zikao/contract/document';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../../e2e/support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../../e2e/support/app.ts';
import { openBrowser } from '../../e2e/support/browser.ts';
import { startServer, type TestServer } from '../../e2e/support/server.ts';
import { uploadDocument } from '../../e2e/support/workspace.ts';
import { measureWordFidelity } from './word-fidelity.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const CONVERT_PAGES = 70;
const CONVERT_RUNS = 3;
const VIEW_PAGES = 150;
const VIEW_RUNS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function untilReady(server: TestServer, token: string, documentId: number): Promise<DocumentSummary> {
  for (;;) {
    const status = await callApi<DocumentSummary>(server, '/v1/document/status', { documentId }, token);
    if (status.data.status === 'ready') return status.data;
    if (status.data.status === 'failed') throw new Error(`conversion failed: ${status.data.error}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// WEB_DIST names a build made beforehand (the server serves it); without it the app is built here.
if (!process.env.WEB_DIST) {
  execFileSync('npm', ['run', 'build', '-w', '@zikao/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}
/** BENCH_DOCUMENT_ONLY=first-page measures only the first page (no conversion, no Word fidelity). */
const firstPageOnly = process.env.BENCH_DOCUMENT_ONLY === 'first-page';
const server = await startServer();
const browser = await openBrowser();
try {
  const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);

  // Conversion: each run has its own content, so content-addressed storage cannot reuse an output.
  const convertTimes: number[] = [];
  let docxPages = 0;
  for (let run = 0; run < (firstPageOnly ? 0 : CONVERT_RUNS); run++) {
    const docx = thesisDocx({ pages: CONVERT_PAGES, paragraphsPerPage: 6, seed: `（第${run}轮）` });
    const started = performance.now();
    const id = await uploadDocument(server, token, docx, `bench-${run}.docx`);
    const ready = await untilReady(server, token, id);
    convertTimes.push(performance.now() - started);
    docxPages = ready.pageCount;
  }

  // First page visible: a 150-page thesis opened in the workspace.
  const thesis = await uploadDocument(
    server,
    token,
    thesisDocx({ pages: VIEW_PAGES, paragraphsPerPage: 6 }),
    'thesis-150.docx',
  );
  await untilReady(server, token, thesis);
  const { page, context } = browser;
  await page.goto(`${server.url}/login`);
  await loginByPassword(page, PHONES.reviewer);
  await page.waitForURL((url) => url.pathname !== '/login');
  const cdp = await context.newCDPSession(page);
  // The anchor's moment: the list's first row in the DOM (a mark, as the workspace makes its own).
  await page.addInitScript(() => {
    if (!location.pathname.endsWith('/document/list')) return;
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.ant-table-row')) return;
      performance.mark('bench:list-visible');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const markAt = (name: string) =>
    page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, name);
  const loadBefore = loadavg()[0] as number;
  const visibleTimes: number[] = [];
  const anchorTimes: number[] = [];
  for (let run = 0; run < VIEW_RUNS; run++) {
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${server.url}/document/list`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    anchorTimes.push(await markAt('bench:list-visible'));

    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${server.url}/document/${thesis}`);
    await page.locator('.aw-page[data-page-index="0"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    visibleTimes.push(await markAt('zikao:first-page-painted'));
  }
  const loadAfter = loadavg()[0] as number;

  // Word fidelity: converted page count against Word's, per thesis-shaped fixture (adr/020).
  const wordFidelity = firstPageOnly ? [] : await measureWordFidelity(server, token);

  const round = (value: number) => Math.round(value);
  console.log(
    JSON.stringify({
      docx_pages: docxPages,
      convert_ms: round(median(convertTimes)),
      first_page_visible_ms: round(median(visibleTimes)),
      anchor_list_visible_ms: round(median(anchorTimes)),
      first_page_over_anchor: Math.round((median(visibleTimes) / median(anchorTimes)) * 100) / 100,
      view_pages: VIEW_PAGES,
      convert_runs_ms: convertTimes.map(round),
      first_page_runs_ms: visibleTimes.map(round),
      anchor_runs_ms: anchorTimes.map(round),
      load_average: [loadBefore, loadAfter].map((value) => Math.round(value * 10) / 10),
      word_fidelity: wordFidelity,
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
