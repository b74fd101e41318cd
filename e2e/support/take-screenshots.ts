// Takes the README screenshots (docs/screenshots/login.png and layout.png) from the production
// build served by the real server: `npm run build -w @zikao/web && npm run screenshots -w @zikao/e2e`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loginByPassword, PHONES, waitForPath, waitForTitle } from './app.ts';
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
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
