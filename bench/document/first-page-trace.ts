/**
 * Where the first page's time goes: opens a 150-page thesis in the workspace (cold HTTP cache)
 * and prints the page's resource timings and marks in order, for finding what to make sooner.
 * `WEB_DIST=… node bench/document/first-page-trace.ts` (needs a web build).
 */
import type { DocumentSummary } from '@zikao/contract/document';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../../e2e/support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../../e2e/support/app.ts';
import { openBrowser } from '../../e2e/support/browser.ts';
import { startServer } from '../../e2e/support/server.ts';
import { uploadDocument } from '../../e2e/support/workspace.ts';

const server = await startServer();
const browser = await openBrowser();
try {
  const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
  const thesis = await uploadDocument(server, token, thesisDocx({ pages: 150, paragraphsPerPage: 6 }), 't.docx');
  for (;;) {
    const status = await callApi<DocumentSummary>(server, '/v1/document/status', { documentId: thesis }, token);
    if (status.data.status === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { page, context } = browser;
  await page.goto(`${server.url}/login`);
  await loginByPassword(page, PHONES.reviewer);
  await page.waitForURL((url) => url.pathname !== '/login');
  const cdp = await context.newCDPSession(page);
  const runs = Number(process.env.TRACE_RUNS ?? 2);
  for (let run = 0; run < runs; run++) {
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    const ranges: string[] = [];
    const onRequest = (request: import('playwright-core').Request) => {
      const range = request.headers().range;
      if (range) ranges.push(range);
    };
    page.on('request', onRequest);
    await page.goto(`${server.url}/document/${thesis}`);
    await page.locator('.aw-page[data-page-index="0"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    page.off('request', onRequest);
    const rows = await page.evaluate(() => {
      const out: string[] = [];
      const entries = [
        ...performance.getEntriesByType('resource').map((entry) => {
          const r = entry as PerformanceResourceTiming;
          const name = r.name.replace(location.origin, '').slice(0, 70);
          return {
            at: r.startTime,
            text: `${r.startTime.toFixed(0).padStart(5)} → ${r.responseEnd.toFixed(0).padStart(5)}  ${(r.encodedBodySize / 1024).toFixed(0).padStart(5)} KB  ${name}`,
          };
        }),
        ...performance
          .getEntriesByType('mark')
          .map((m) => ({ at: m.startTime, text: `${m.startTime.toFixed(0).padStart(5)}  MARK ${m.name}` })),
        ...performance
          .getEntriesByType('paint')
          .map((m) => ({ at: m.startTime, text: `${m.startTime.toFixed(0).padStart(5)}  PAINT ${m.name}` })),
      ].sort((a, b) => a.at - b.at);
      for (const entry of entries) out.push(entry.text);
      return out;
    });
    console.log(`--- run ${run}`);
    for (const row of rows) console.log(row);
    console.log(`ranges: ${ranges.join(' ')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
