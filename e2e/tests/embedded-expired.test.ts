import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { type HostServer, startHostServer } from '../support/host-server.ts';
import { startServer, type TestServer } from '../support/server.ts';

const ACTIVE_RULE = '/portal/zikao';
const BAD_TOKEN = 'expired-or-unknown-token';
const SHOTS = process.env.E2E_SHOTS_DIR;

diagnoseFailures();

/**
 * Issue 32 §1.8: embedded with an expired token, the app tells the host and shows a notice; it
 * shows nothing of its own login (docs/embedding.md) and copies no token into an address.
 */
describe('embedded mode with an expired token', () => {
  let server: TestServer;
  let host: HostServer;
  let browser: TestBrowser | undefined;
  before(async () => {
    server = await startServer();
    host = await startHostServer(server.url, {
      activeRule: ACTIVE_RULE,
      props: { token: BAD_TOKEN, userId: '3', base_url: '/api', from: 'portal' },
    });
  });
  after(async () => {
    await browser?.close();
    await host?.close();
    await server?.stop();
  });

  /** Nothing of the app's login, anywhere on the page (or in its frames). */
  async function assertNoLogin(page: Page, where: string): Promise<void> {
    for (const frame of page.frames()) {
      const url = frame.url();
      assert.doesNotMatch(url, /\/login/, `${where}: no login route (${url})`);
      assert.equal(url.includes(BAD_TOKEN) && url.includes('redirect='), false, `${where}: no token in a redirect`);
      assert.equal(await frame.locator('text=教师登录').count(), 0, `${where}: no 教师登录`);
      assert.equal(await frame.locator('input[type="password"]').count(), 0, `${where}: no password field`);
    }
  }

  it('qiankun: the host is asked to sign in, and the app shows 登录已过期 in its place', async () => {
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto(`${host.url}${ACTIVE_RULE}/annotate/topic/list?token=${BAD_TOKEN}`);
    await page.getByTestId('embedded-signed-out').waitFor({ timeout: 30_000 });
    await expect(
      async () =>
        (await page.evaluate(() => (window as unknown as { __hostNavigations: string[] }).__hostNavigations)).includes(
          '/login',
        ),
      'host asked to go to /login',
      20_000,
    );
    assert.equal(await page.locator('#host-header').count(), 1, 'still inside the host');
    const url = new URL(page.url());
    assert.equal(url.pathname, `${ACTIVE_RULE}/embedded/signed-out`);
    assert.equal(page.url().includes(BAD_TOKEN), false, 'the token is not in the address');
    await assertNoLogin(page, 'qiankun');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embedded-expired-qiankun-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embedded-expired-qiankun-390.png` });
  });

  it('iframe: the navigate message reaches the host, and the frame shows 登录已过期', async () => {
    await browser?.close();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const src = `/annotate/topic/list?token=${BAD_TOKEN}&from=oa-portal`;
    await page.goto(`${host.url}/iframe-host?src=${encodeURIComponent(src)}`);
    const frame = page.frameLocator('#app-frame');
    await frame.getByTestId('embedded-signed-out').waitFor({ timeout: 30_000 });
    await expect(
      async () => {
        const messages = await page.evaluate(() => (window as unknown as { __hostMessages: unknown[] }).__hostMessages);
        return messages.some(
          (item) =>
            typeof item === 'object' &&
            item !== null &&
            (item as { type?: string }).type === 'zikao:host-request' &&
            (item as { action?: string }).action === 'navigate' &&
            (item as { path?: string }).path === '/login',
        );
      },
      'the frame posted a navigate-to-/login request',
      20_000,
    );
    const messages = await page.evaluate(() => (window as unknown as { __hostMessages: unknown[] }).__hostMessages);
    assert.equal(JSON.stringify(messages).includes(BAD_TOKEN), false, 'no token in a message');
    await assertNoLogin(page, 'iframe');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embedded-expired-iframe-1440.png` });
  });
});
