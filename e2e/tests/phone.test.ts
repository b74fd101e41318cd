import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { assertNoSidewaysScroll } from '../support/fit.ts';
import { startServer, type TestServer } from '../support/server.ts';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

describe('the candidate on a phone (390 × 844)', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    browser.page.setDefaultTimeout(30_000);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in on a login card that fits, with 版本信息 in view', async () => {
    const { page } = browser;
    for (const [path, title] of [
      ['/login', '登录'],
      ['/student/login', '登录'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await waitForTitle(page, title);
      await page.getByAltText('图形验证码').waitFor();
      await assertNoSidewaysScroll(page, path);
      const version = await page.getByRole('link', { name: '版本信息' }).boundingBox();
      assert.ok(version && version.x + version.width <= 390, `${path}: 版本信息 is cut off`);
    }
    await page.screenshot({ path: `${SHOTS}/phone-login.png` });
    await loginByPassword(page, PHONES.student);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  });

  it('shows home, thesis and topic in one column, with a one-line header and no serious axe violations', async () => {
    const { page } = browser;
    for (const [path, title] of [
      ['/student', '考生中心'],
      ['/student/thesis', '我的论文'],
      ['/student/topic', '我的选题'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await waitForTitle(page, title);
      await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSidewaysScroll(page, path);
      // The breadcrumb once wrapped to three lines and covered the page title.
      const crumb = await page.getByRole('navigation', { name: '面包屑' }).boundingBox();
      assert.ok(crumb && crumb.height <= 56, `${path}: the breadcrumb is ${crumb?.height} px tall`);
      const violations = await seriousViolations(page);
      assert.equal(violations.length, 0, `${path}\n${describeViolations(violations)}`);
    }
    await page.screenshot({ path: `${SHOTS}/phone-topic.png` });
  });

  it('reads a review on a phone', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    await page
      .getByRole('link', { name: /查看评阅结果/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/student/thesis/review/'));
    await page.waitForLoadState('networkidle');
    await assertNoSidewaysScroll(page, 'review');
    // The document takes the screen's width, above its annotations, not a 60 px strip beside them.
    const surface = page.getByTestId('annotation-workspace').locator('.aw-body > .aw-main, .aw-body > .aw-scroll');
    await surface.first().waitFor();
    const box = await surface.first().boundingBox();
    assert.ok(box && box.width >= 300, `the document is ${box?.width} px wide`);
    await page.screenshot({ path: `${SHOTS}/phone-review.png` });
  });
});
