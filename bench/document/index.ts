/**
 * Document benchmark, against the real server and the production build. Prints one JSON line:
 * - convert_ms: a DOCX of about 70 pages uploaded until its PDF is ready (LibreOffice plus text
 *   extraction), median of several runs with different content;
 * - first_page_visible_ms: from navigation to the first page's canvas painted in the annotation
 *   workspace for a 150-page thesis in Chromium, with a cold HTTP cache, median of several runs;
 * - word_fidelity: per thesis-shaped fixture, the converted PDF's pages against Word's (ratio).
 */
import { execFileSync } from 'node:child_process';
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

execFileSync('npm', ['run', 'build', '-w', '@zikao/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
const server = await startServer();
const browser = await openBrowser();
try {
  const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);

  // Conversion: each run has its own content, so content-addressed storage cannot reuse an output.
  const convertTimes: number[] = [];
  let docxPages = 0;
  for (let run = 0; run < CONVERT_RUNS; run++) {
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
  const visibleTimes: number[] = [];
  for (let run = 0; run < VIEW_RUNS; run++) {
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${server.url}/document/${thesis}`);
    await page.locator('.aw-page[data-page-index="0"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    const painted = await page.evaluate(
      () => performance.getEntriesByName('zikao:first-page-painted')[0]?.startTime ?? Number.NaN,
    );
    visibleTimes.push(painted);
  }

  // Word fidelity: converted page count against Word's, per thesis-shaped fixture (adr/020).
  const wordFidelity = await measureWordFidelity(server, token);

  const round = (value: number) => Math.round(value);
  console.log(
    JSON.stringify({
      docx_pages: docxPages,
      convert_ms: round(median(convertTimes)),
      first_page_visible_ms: round(median(visibleTimes)),
      view_pages: VIEW_PAGES,
      convert_runs_ms: convertTimes.map(round),
      first_page_runs_ms: visibleTimes.map(round),
      word_fidelity: wordFidelity,
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
