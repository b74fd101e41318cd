import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

async function signIn(page: Page, server: TestServer, phone: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await loginByPassword(page, phone);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

/** The heading's top edge inside the layout's scroll box: near 0 when the section was scrolled to. */
async function headingTop(page: Page, id: string): Promise<number> {
  return page.evaluate((target) => {
    const heading = document.getElementById(target);
    const scroller = document.querySelector('.layout-scroll');
    if (!heading || !scroller) return Number.NaN;
    return heading.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  }, id);
}

describe('使用手册', () => {
  let server: TestServer;
  let browser: TestBrowser;
  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  diagnoseFailures();

  it('a reviewer opens it from the menu: contents, real screenshots, search, anchors, no serious axe findings', async () => {
    const { page } = browser;
    await signIn(page, server, PHONES.reviewer);
    await page
      .getByRole('navigation', { name: '侧边栏' })
      .getByRole('menuitem', { name: /使用手册/ })
      .click();
    await waitForTitle(page, '使用手册');
    assert.equal(new URL(page.url()).pathname, '/thesis/reviewsManual');

    const toc = page.getByRole('navigation', { name: '手册目录' });
    await toc.waitFor();
    for (const chapter of [
      '登录与首页',
      '批注论文',
      '常用批注语',
      '评阅表单与评分表',
      '批注核对',
      '盲审',
      '打印与信息表',
    ]) {
      await toc.getByRole('link', { name: chapter, exact: true }).waitFor();
    }
    for (const chapter of ['评阅链接与复核', '数据统计', '常见问题']) {
      await toc.getByRole('link', { name: chapter, exact: true }).waitFor();
    }

    // The screenshots are the real app's, bundled with the page: each one loads.
    const images = page.locator('.hb-image');
    assert.ok((await images.count()) >= 10, 'the handbook shows its screenshots');
    await page.getByRole('img', { name: /教师登录页/ }).scrollIntoViewIfNeeded();
    await expect(
      async () =>
        page
          .getByRole('img', { name: /教师登录页/ })
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      'the login screenshot loaded',
    );
    const workspace = page.getByRole('img', { name: /论文详情页/ });
    await workspace.scrollIntoViewIfNeeded();
    await expect(
      async () => workspace.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 1280),
      'the workspace screenshot loaded',
    );
    assert.match((await workspace.getAttribute('src')) ?? '', /\/assets\/workspace-[\w-]+\.png$/);

    // The contents follow the scroll: at the annotating chapter, its entry is the current one.
    await page.evaluate(() => document.getElementById('annotate-kinds')?.scrollIntoView({ block: 'start' }));
    await expect(
      async () => (await toc.locator('[aria-current="location"]').textContent()) === '四种批注',
      'the contents mark 四种批注',
    );

    // Search: sections holding the words, words marked; nothing found says so.
    const search = page.getByRole('textbox', { name: '搜索使用手册' });
    await page.locator('body').click({ position: { x: 700, y: 10 } });
    await page.keyboard.press('/');
    await expect(async () => search.evaluate((input) => input === document.activeElement), '/ focuses the search');
    await page.keyboard.type('盲审');
    await page
      .getByRole('status')
      .filter({ hasText: /找到 \d+ 个相关小节/ })
      .waitFor();
    const matched = page.locator('.hb-section[data-matched="true"]');
    assert.ok((await matched.count()) >= 3);
    for (const text of await matched.allTextContents()) assert.match(text, /盲审/);
    assert.equal(await page.locator('#statistics-charts').count(), 0, 'sections without the word are hidden');
    await page.locator('.hb-section mark', { hasText: '盲审' }).first().waitFor();
    await search.fill('评分表 权重');
    await page.locator('#review-form-rubric').waitFor();
    await search.fill('这个词手册里没有');
    await page.getByText('未找到相关内容').waitFor();
    await search.fill('');
    await page.locator('#faq').waitFor();

    // A link with #anchor opens scrolled to that section.
    await page.goto(`${server.url}/thesis/reviewsManual#review-links-revoke`);
    await waitForTitle(page, '使用手册');
    await page.locator('#review-links-revoke').waitFor();
    await expect(async () => Math.abs(await headingTop(page, 'review-links-revoke')) < 40, 'scrolled to 撤销链接');
    await expect(
      async () => (await toc.locator('[aria-current="location"]').textContent()) === '撤销链接',
      'the contents mark 撤销链接',
    );
    // An entry of the contents scrolls there and puts its anchor in the address.
    await toc.getByRole('link', { name: '常用批注语', exact: true }).click();
    await expect(async () => Math.abs(await headingTop(page, 'comment-bank')) < 40, 'scrolled to 常用批注语');
    assert.equal(new URL(page.url()).hash, '#comment-bank');
    await page.getByRole('button', { name: '复制本节链接：盲审', exact: true }).waitFor({ state: 'attached' });

    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));

    // Print: the text and pictures only.
    await page.emulateMedia({ media: 'print' });
    await expect(async () => !(await toc.isVisible()), 'the contents are hidden in print');
    assert.equal(await search.isVisible(), false);
    assert.equal(await page.getByTestId('sidebar').isVisible(), false);
    assert.ok(await page.locator('#blind-review').isVisible());
    const widest = await page
      .locator('.hb-image')
      .evaluateAll((items) => Math.max(...items.map((item) => item.getBoundingClientRect().width)));
    const pageWidth = await page.locator('.hb-article').evaluate((article) => article.getBoundingClientRect().width);
    assert.ok(widest <= pageWidth + 1, `pictures fit the page (${widest} ≤ ${pageWidth})`);
    await page.emulateMedia({ media: 'screen' });
  });

  it('on a 390×844 phone the contents are a select and nothing scrolls sideways', async () => {
    const phone = await openBrowser({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const { page } = phone;
      await signIn(page, server, PHONES.admin);
      await page.goto(`${server.url}/thesis/reviewsManual`);
      await waitForTitle(page, '使用手册');
      await page.locator('#sign-in').waitFor();
      assert.equal(await page.getByRole('navigation', { name: '手册目录' }).count(), 0);
      const select = page.getByRole('combobox', { name: '跳转到章节' });
      await select.click();
      await page.getByRole('option', { name: '数据统计', exact: true }).click();
      await expect(async () => {
        const top = await headingTop(page, 'statistics');
        return top >= 0 && top < 160;
      }, 'scrolled to 数据统计, below the sticky search');
      const overflow = await page.evaluate(() => {
        const scroller = document.querySelector('.layout-scroll') as HTMLElement;
        return Math.max(
          document.documentElement.scrollWidth - window.innerWidth,
          scroller.scrollWidth - scroller.clientWidth,
        );
      });
      assert.ok(overflow <= 0, `no sideways scroll (${overflow}px)`);
      const violations = await seriousViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
    } finally {
      await phone.close();
    }
  });
});
