import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, loginBySms, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('guard and session', () => {
  let server: TestServer;
  let browser: TestBrowser | undefined;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const fresh = async () => {
    await browser?.close();
    browser = await openBrowser();
    return browser.page;
  };

  const whitelisted: Array<[string, string]> = [
    ['/login', '登录'],
    ['/version', '版本信息'],
    ['/board', '直播课程'],
    ['/admin/topic/review/11', '选题详情'],
    ['/admin/thesis/review/12', '论文详情'],
    ['/admin/thesisRetest/review/13', '复试论文详情'],
  ];
  for (const [path, title] of whitelisted) {
    it(`opens ${path} without login`, async () => {
      const page = await fresh();
      await page.goto(`${server.url}${path}`);
      await waitForTitle(page, title);
      assert.equal(new URL(page.url()).pathname, path);
    });
  }

  it('shows web and server versions on /version without login', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/version`);
    await page.getByTestId('server-database').waitFor();
    assert.equal(await page.getByTestId('server-database').textContent(), 'SQLite');
    assert.ok((await page.getByTestId('web-commit').textContent())?.length);
    await page.getByText('文档转换（DOC/DOCX → PDF）').waitFor();
  });

  it('says the page failed to load, with 刷新页面, when the app script is gone (a deploy removed it)', async () => {
    const page = await fresh();
    // The page names a hashed script this server no longer has: it answers 404, as after a deploy.
    await page.route(/\/assets\/main-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${server.url}/login`);
    const failure = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await failure.waitFor();
    await failure.getByText('网站可能刚刚更新').waitFor();
    // In view, not pushed below the full-height root.
    assert.ok(
      await failure.getByRole('button', { name: '刷新页面' }).evaluate((button) => {
        const box = button.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      }),
    );
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/boot-failure.png` });
    await page.unroute(/\/assets\/main-[^/]+\.js$/);
    await failure.getByRole('button', { name: '刷新页面' }).click();
    await waitForTitle(page, '登录');
    assert.equal(await page.locator('#boot-failure').isVisible(), false);
  });

  it('shows no failure notice when the app loads', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, '登录');
    assert.equal(await page.locator('#boot-failure').isVisible(), false);
  });

  it('sends an unauthenticated visitor of a protected page to /login with the redirect', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/annotate/thesis/detail/7?view=annotations`);
    await waitForPath(page, '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/annotate/thesis/detail/7?view=annotations');
  });

  it('sends an expired session to login with the redirect and warns with the server message', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await loginBySms(page, server, PHONES.admin);
    await waitForPath(page, '/annotate/topic/list');
    const token = await page.evaluate(() => localStorage.getItem('zikao_token'));
    assert.ok(token);
    // The session ends on the server (as when it expires); the page still holds the old token.
    const loggedOut = await callApi(server, '/v1/logout', {}, token);
    assert.equal(loggedOut.errorCode, 0);
    // The warning shows for three seconds, from the moment the call fails: it is watched from
    // before the navigation, so a slow redirect on a busy machine cannot hide it.
    const warning = page.locator('.ant-message .ant-message-warning');
    const warned = warning.waitFor().then(() => warning.textContent());
    await page.goto(`${server.url}/history/thesis?batch=2026`);
    await waitForPath(page, '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/history/thesis?batch=2026');
    assert.ok((await warned)?.trim().length, 'the server errorMsg is shown');
    assert.equal(await page.evaluate(() => localStorage.getItem('zikao_token')), null, 'the session is cleared');
  });

  it('sends a must-change-password account to ChangePassword, then back to login after the change', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.mustChange);
    await waitForPath(page, '/account/password');
    await waitForTitle(page, '修改密码');
    await page.locator('.ant-message-warning').waitFor();

    const newPassword = 'Renewed2026x';
    await page.getByLabel('原密码').fill(DEMO_PASSWORD);
    await page.getByLabel('新密码', { exact: true }).fill(newPassword);
    await page.getByText(/密码强度：(中|强)/).waitFor();
    await page.getByLabel('确认新密码').fill('Mismatch2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByLabel('确认新密码').fill(newPassword);
    await page.getByRole('button', { name: '确认修改' }).click();
    await waitForPath(page, '/login');

    await loginByPassword(page, PHONES.mustChange, newPassword);
    await waitForPath(page, '/home');
  });

  it('logout clears token, account, name, role, id and head image, and the permission data', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await waitForPath(page, '/annotate/topic/list');
    await expect(async () => (await page.getByTestId('header-user-name').textContent()) !== '用户', '用户名');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await waitForPath(page, '/login');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('zikao_token'),
      teacher: JSON.parse(sessionStorage.getItem('zikao_teacher_session') ?? '{}') as Record<string, unknown>,
    }));
    assert.equal(stored.token, null);
    for (const field of ['token', 'account', 'name', 'userRole', 'id', 'headUrl']) {
      assert.equal(field in stored.teacher, false, `${field} is cleared`);
    }
    assert.ok('schoolName' in stored.teacher, 'fields outside seed 4.5 are kept');
    // The permission data is gone too: protected pages need a login again.
    await page.goto(`${server.url}/data/index`);
    await waitForPath(page, '/login');
  });
});
