// Takes the README screenshots (docs/screenshots/*.png) from the production build served by the
// real server with its demo data: `npm run build -w @zikao/web && npm run screenshots -w @zikao/e2e`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from './api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from './app.ts';
import { openBrowser } from './browser.ts';
import { startServer } from './server.ts';

const outDir = path.resolve(import.meta.dirname, '../../docs/screenshots');
await mkdir(outDir, { recursive: true });
const server = await startServer();
const browser = await openBrowser({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
try {
  const { page } = browser;
  await page.goto(`${server.url}/login`);
  await waitForTitle(page, '登录');
  await page.getByAltText('图形验证码').waitFor();
  await page.locator('#nprogress').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(outDir, 'login.png') });

  await loginByPassword(page, PHONES.admin);
  await waitForPath(page, '/annotate/topic/list');
  await waitForTitle(page, '批注选题');
  await page.locator('.ant-table-wrapper').waitFor();
  await page.getByTestId('header-user-name').filter({ hasNotText: '用户' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('#nprogress').waitFor({ state: 'detached' });
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(outDir, 'layout.png') });

  // The reviewer on 李同学's resubmitted draft, with the annotations carried from version 1.
  const reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
  const drafts = await callApi<{ list: Array<{ id: number; studentName: string }> }>(
    server,
    '/v1/thesis/list',
    { keyword: '李同学', scope: 'all', page: 1, pageSize: 20 },
    reviewer,
  );
  const draft = drafts.data.list.find((row) => row.studentName === '李同学');
  if (!draft) throw new Error('the demo draft of 李同学 is missing');
  const reviewerBrowser = await openBrowser({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  try {
    const reviewPage = reviewerBrowser.page;
    await reviewPage.goto(`${server.url}/login`);
    await loginByPassword(reviewPage, PHONES.reviewer);
    await waitForPath(reviewPage, '/annotate/topic/list');
    await reviewPage.goto(`${server.url}/annotate/thesis/reviews/${draft.id}`);
    await reviewPage.getByRole('tab', { name: /批注核对/ }).click({ timeout: 30_000 });
    await reviewPage.getByText('已核对').first().waitFor({ timeout: 30_000 });
    await settle(reviewPage);
    await reviewPage.screenshot({ path: path.join(outDir, 'review.png') });
  } finally {
    await reviewerBrowser.close();
  }

  const studentBrowser = await openBrowser({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  try {
    const studentPage = studentBrowser.page;
    await studentPage.goto(`${server.url}/student/login`);
    await loginByPassword(studentPage, PHONES.student);
    await studentPage.waitForURL((url) => url.pathname !== '/student/login', { timeout: 30_000 });
    await studentPage.goto(`${server.url}/student/thesis`);
    await waitForTitle(studentPage, '我的论文');
    await studentPage.getByText('论文初稿').first().waitFor();
    await settle(studentPage);
    await studentPage.screenshot({ path: path.join(outDir, 'student.png') });
  } finally {
    await studentBrowser.close();
  }

  await page.goto(`${server.url}/console/assignment`);
  await waitForTitle(page, '评阅分配');
  await page.locator('.ant-table-wrapper').first().waitFor();
  await settle(page);
  await page.screenshot({ path: path.join(outDir, 'console.png') });
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}

/** Waits until the page has stopped loading and animating, so the picture is the settled screen. */
async function settle(target: Page): Promise<void> {
  await target.waitForLoadState('networkidle');
  await target.locator('#nprogress').waitFor({ state: 'detached' });
  await target.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await target.mouse.move(0, 0);
  await target.waitForTimeout(400);
}
