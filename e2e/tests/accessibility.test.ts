import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('accessibility (axe-core: no serious or critical violations)', () => {
  let server: TestServer;
  let browser: TestBrowser;
  before(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the login page, both tabs', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, '登录');
    await page.getByAltText('图形验证码').waitFor();
    let violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByRole('tabpanel', { name: '密码登录' }).getByLabel('密码').waitFor();
    violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });

  it('the version page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/version`);
    await page.getByTestId('server-database').waitFor();
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });

  it('the layout with a list, a detail and the statistics page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await waitForPath(page, '/annotate/topic/list');
    await waitForTitle(page, '批注选题');
    // The list has loaded: rows, an empty list, or the not-yet-available state.
    await page.locator('.ant-table-wrapper').waitFor();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    for (const [path, title] of [
      ['/annotate/topic/list', '批注选题'],
      ['/annotate/thesis/detail/3', '论文详情'],
      ['/data/index', '数据统计'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await waitForTitle(page, title);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const violations = await seriousViolations(page);
      assert.equal(violations.length, 0, `${path}\n${describeViolations(violations)}`);
    }
  });

  it('the layout with the sidebar collapsed', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/topic/list`);
    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-collapsed="true"]').waitFor();
    const violations = await seriousViolations(page);
    await page.getByTestId('sidebar-toggle').click();
    assert.equal(violations.length, 0, describeViolations(violations));
  });

  it('the student login, the student home, change password, the mobile drawer and the 404 page', async () => {
    const { page } = browser;
    // Start signed out: drop the reviewer session of the tests above.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(`${server.url}/student/login`);
    await page.getByRole('heading', { name: '考生登录' }).waitFor();
    await page.getByAltText('图形验证码').waitFor();
    let violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `student login\n${describeViolations(violations)}`);

    await loginByPassword(page, PHONES.student);
    await waitForPath(page, '/student');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^我的论文/ })
      .waitFor();
    violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `student home\n${describeViolations(violations)}`);

    await page.goto(`${server.url}/account/password`);
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `change password\n${describeViolations(violations)}`);

    await page.goto(`${server.url}/no/such/page`);
    await waitForTitle(page, '页面不存在');
    violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `404\n${describeViolations(violations)}`);

    await page.setViewportSize({ width: 420, height: 820 });
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    await page.getByTestId('sidebar-toggle').click();
    await page.getByRole('dialog', { name: '导航菜单' }).waitFor();
    violations = await seriousViolations(page);
    await page.setViewportSize({ width: 1366, height: 820 });
    assert.equal(violations.length, 0, `mobile drawer\n${describeViolations(violations)}`);
  });
});
