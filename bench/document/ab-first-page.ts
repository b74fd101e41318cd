/**
 * A/B of the first page visible between two web builds, interleaved run by run on two servers
 * (the machine is shared and noisy): `A=/tmp/a-dist B=/tmp/b-dist node bench/document/ab-first-page.ts`.
 */
import type { DocumentSummary } from '@zikao/contract/document';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../../e2e/support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../../e2e/support/app.ts';
import { openBrowser } from '../../e2e/support/browser.ts';
import { startServer, type TestServer } from '../../e2e/support/server.ts';
import { uploadDocument } from '../../e2e/support/workspace.ts';

const builds = { A: process.env.A as string, B: process.env.B as string };
const RUNS = Number(process.env.RUNS ?? 7);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};

const servers: Record<string, TestServer> = {};
const theses: Record<string, number> = {};
for (const [name, dist] of Object.entries(builds)) {
  const server = await startServer({ WEB_DIST: dist });
  servers[name] = server;
  const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
  const id = await uploadDocument(server, token, thesisDocx({ pages: 150, paragraphsPerPage: 6 }), 't.docx');
  for (;;) {
    const status = await callApi<DocumentSummary>(server, '/v1/document/status', { documentId: id }, token);
    if (status.data.status === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  theses[name] = id;
}
const browser = await openBrowser();
try {
  const { page, context } = browser;
  for (const server of Object.values(servers)) {
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login');
  }
  const cdp = await context.newCDPSession(page);
  const times: Record<string, number[]> = { A: [], B: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`${servers[name]?.url}/document/${theses[name]}`);
      await page.locator('.aw-page[data-page-index="0"][data-rendered="true"]').waitFor({ timeout: 30_000 });
      const painted = await page.evaluate(
        () => performance.getEntriesByName('zikao:first-page-painted')[0]?.startTime ?? Number.NaN,
      );
      times[name]?.push(Math.round(painted));
    }
  }
  console.log(JSON.stringify({ A: median(times.A ?? []), B: median(times.B ?? []), runs: times }));
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
}
