import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiLogin } from '../support/api.ts';
import { DEMO_PASSWORD, PHONES } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { type HostServer, startHostServer } from '../support/host-server.ts';
import { startServer, type TestServer } from '../support/server.ts';

const ACTIVE_RULE = '/portal/zikao';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('embedded mode', () => {
  let server: TestServer;
  let browser: TestBrowser | undefined;
  let host: HostServer | undefined;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await browser?.close();
    await host?.close();
    await server?.stop();
  });

  it('mounts inside a real qiankun host with the handed-over token, w_ params and the parent layout', async () => {
    const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    host = await startHostServer(server.url, {
      activeRule: ACTIVE_RULE,
      props: { token, userId: '3', base_url: '/gw/api', from: 'portal' },
    });
    browser = await openBrowser();
    const { page } = browser;
    const errors: string[] = [];
    const apiCalls: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.includes('/api/')) apiCalls.push(pathname);
    });
    await page.goto(`${host.url}${ACTIVE_RULE}/annotate/thesis/finally/list`);

    const app = page.locator('#subapp');
    await app.getByRole('heading', { level: 1, name: '审阅定稿' }).waitFor({ timeout: 20_000 });
    assert.ok(await page.locator('#host-header').isVisible(), 'the host keeps its own chrome');
    assert.equal(
      await app.getByTestId('parent-layout').count(),
      1,
      'embedded, the final-draft list uses the parent layout',
    );
    assert.equal(await app.getByRole('navigation', { name: '侧边栏' }).count(), 0, 'no sidebar of its own');

    const url = new URL(page.url());
    assert.equal(url.pathname, `${ACTIVE_RULE}/annotate/thesis/finally/list`);
    assert.equal(url.searchParams.get('w_token'), token);
    assert.equal(url.searchParams.get('w_userId'), '3');
    assert.equal(url.searchParams.get('w_base_url'), '/gw/api');
    assert.equal(url.searchParams.get('w_from'), 'portal');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('zikao_embed_handover') ?? '{}'));
    assert.deepEqual(stored, { token, userId: '3', base_url: '/gw/api', from: 'portal' });
    // base_url switches the API base: the app asked the gateway who the user is and for the menu.
    assert.ok(apiCalls.includes('/gw/api/v1/getUserInfo'), apiCalls.join(', '));
    assert.ok(apiCalls.includes('/gw/api/auth/v1/menu/list'), apiCalls.join(', '));
    assert.ok(!apiCalls.some((path) => path.startsWith('/api/')), `no call bypassed base_url: ${apiCalls.join(', ')}`);

    // Other pages keep the app's own layout inside the host, under the host's path.
    await page.goto(`${host.url}${ACTIVE_RULE}/data/index`);
    await app.getByRole('heading', { level: 1, name: '数据统计' }).waitFor({ timeout: 20_000 });
    assert.equal(await app.getByRole('navigation', { name: '侧边栏' }).count(), 1);
    assert.deepEqual(errors, []);
  });

  it('tells the qiankun host to change to /login when the handed-over session has expired', async () => {
    await host?.close();
    host = await startHostServer(server.url, {
      activeRule: ACTIVE_RULE,
      props: { token: 'expired-or-unknown-token', userId: '3', base_url: '/api', from: 'portal' },
    });
    await browser?.close();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${host.url}${ACTIVE_RULE}/annotate/topic/list`);
    await expect(
      async () =>
        (await page.evaluate(() => (window as unknown as { __hostNavigations: string[] }).__hostNavigations)).includes(
          '/login',
        ),
      'host asked to go to /login',
      20_000,
    );
  });

  it('falls back to postMessage for a host that frames the app', async () => {
    await browser?.close();
    browser = await openBrowser();
    const { page } = browser;
    const src = '/annotate/topic/list?token=expired-or-unknown-token&from=oa-portal';
    await page.goto(`${host?.url}/iframe-host?src=${encodeURIComponent(src)}`);
    await expect(
      async () => {
        const messages = await page.evaluate(() => (window as unknown as { __hostMessages: unknown[] }).__hostMessages);
        return messages.some(
          (item) =>
            typeof item === 'object' &&
            item !== null &&
            (item as { action?: string; path?: string }).action === 'navigate' &&
            (item as { path?: string }).path === '/login',
        );
      },
      'iframe app posted a navigate-to-/login request',
      20_000,
    );
  });
});
