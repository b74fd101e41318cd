import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StatisticsOptions, StatisticsOverview, StatisticsWorkload } from '@zikao/contract/statistics';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const CHARTS = ['chart-trend', 'chart-stages', 'chart-scores', 'chart-majors', 'chart-plagiarism'];
const CHINESE = /[\u4e00-\u9fff]/;

const until = (condition: () => Promise<boolean> | boolean, what: string) => expect(condition, what, 60_000);
const query = (page: Page) => new URL(page.url()).searchParams;
const cardValue = (page: Page, key: string) =>
  page.getByTestId(`card-${key}`).locator('.ant-statistic-content').innerText();
const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('zh-CN'));

async function openStatistics(page: Page, server: TestServer, search = ''): Promise<void> {
  await page.goto(`${server.url}/data/index${search}`);
  await waitForTitle(page, '数据统计');
  await page.locator('[data-testid="chart-trend"] canvas').waitFor();
}

async function assertAccessible(page: Page, what: string): Promise<void> {
  // A hovered control is mid-transition to its hover colour; axe should see the resting page.
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, `${what}\n${describeViolations(violations)}`);
}

/** Hovers a chart's plotting area and returns the tooltip ECharts writes into the page. */
async function tooltipOf(page: Page, testId: string, at = { x: 0.55, y: 0.45 }): Promise<string> {
  const chart = page.getByTestId(testId);
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  assert.ok(box, `${testId} has a box`);
  await page.mouse.move(box.x + box.width * at.x, box.y + box.height * at.y);
  const tooltip = chart.locator('div').filter({ hasText: CHINESE }).last();
  await until(async () => (await tooltip.isVisible()) && CHINESE.test(await tooltip.innerText()), `${testId} tooltip`);
  return tooltip.innerText();
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('数据统计: cards, charts, filters in the URL, the workload table and the export', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let page: Page;
  let admin: string;
  let reviewer: string;

  before(async () => {
    // The demo seeds two years of reviews by the demo reviewer and five others (statistics-demo.ts).
    server = await startServer();
    browser = await openBrowser({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    page = browser.page;
    page.setDefaultTimeout(60_000);
    admin = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the admin everyone’s figures for this month, as the server counts them, and five charts on canvas', async () => {
    await openStatistics(page, server);
    const options = await callApi<StatisticsOptions>(server, '/v1/statistics/options', {}, admin);
    const monthStart = `${options.data.today.slice(0, 8)}01`;
    const expected = await callApi<StatisticsOverview>(
      server,
      '/v1/statistics/overview',
      { from: monthStart, to: options.data.today },
      admin,
    );
    assert.equal(expected.errorCode, 0, expected.errorMsg);
    assert.ok((expected.data.cards.reviewed.value ?? 0) > 0, 'the demo has reviews this month');
    await until(
      async () => (await cardValue(page, 'reviewed')) === count(expected.data.cards.reviewed.value),
      '已评阅 as the server counts it',
    );
    assert.equal(await cardValue(page, 'pending'), count(expected.data.cards.pending.value));
    assert.match(
      await page.getByTestId('statistics-scope').innerText(),
      /全部评阅教师 · \d{4}-\d{2}-01 至 .* · 对比上期/,
    );
    for (const chart of CHARTS) {
      await page.locator(`[data-testid="${chart}"] canvas`).first().waitFor();
      assert.match(
        (await page.getByTestId(chart).getAttribute('aria-label')) ?? '',
        CHINESE,
        `${chart} is described in Chinese`,
      );
    }
    const trend = await tooltipOf(page, 'chart-trend');
    assert.match(trend, /\d+月\d+日/, 'the trend’s days read 11月3日');
    assert.match(trend, /合计：\d+ 篇/);
    const scores = await tooltipOf(page, 'chart-scores');
    assert.match(scores, /分.*（(优秀|良好|中等|及格|不及格)）/);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/statistics-admin.png`, fullPage: true });
  });

  it('has no serious accessibility violations', async () => {
    await assertAccessible(page, 'statistics as the admin');
  });

  it('keeps the filters in the URL: all time, a stage, a reviewer; the figures follow', async () => {
    await page
      .locator('.ant-segmented-item')
      .filter({ hasText: /^全部$/ })
      .click();
    await until(() => query(page).get('period') === 'all', 'period=all in the URL');
    const all = await callApi<StatisticsOverview>(server, '/v1/statistics/overview', {}, admin);
    await until(async () => (await cardValue(page, 'reviewed')) === count(all.data.cards.reviewed.value), 'all time');
    assert.match(await page.getByTestId('card-reviewed').innerText(), /全部时间，无上期对比/);

    await page.getByRole('combobox', { name: '阶段', exact: true }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^定稿$/ })
      .click();
    await until(() => query(page).get('stage') === 'final', 'stage=final in the URL');
    const finals = await callApi<StatisticsOverview>(server, '/v1/statistics/overview', { stage: 'final' }, admin);
    await until(
      async () => (await cardValue(page, 'reviewed')) === count(finals.data.cards.reviewed.value),
      'the finals’ figures',
    );
    assert.equal(await cardValue(page, 'averageScore'), finals.data.cards.averageScore.value?.toFixed(1));

    // A reload keeps them.
    await page.reload();
    await page.locator('[data-testid="chart-trend"] canvas').waitFor();
    assert.equal(query(page).get('stage'), 'final');
    await until(
      async () => (await cardValue(page, 'reviewed')) === count(finals.data.cards.reviewed.value),
      'the same figures after a reload',
    );
  });

  it('sorts the workload table, and a reviewer’s row opens their papers', async () => {
    await openStatistics(page, server, '?period=all');
    const table = page.getByTestId('workload-table');
    const workload = await callApi<StatisticsWorkload>(server, '/v1/statistics/workload', {}, admin);
    assert.ok(workload.data.list.length >= 6, `${workload.data.list.length} reviewers`);
    const names = () => table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    await until(async () => (await names())[0] === workload.data.list[0]?.name, 'busiest first');
    await table.getByRole('columnheader', { name: '平均分' }).click();
    // Ascending, those without a score first, ties in the table's order.
    const lowest = [...workload.data.list].sort((a, b) => (a.averageScore ?? -1) - (b.averageScore ?? -1))[0];
    await until(async () => (await names())[0] === lowest?.name, 'sorted by average score');

    const other = workload.data.list.find((row) => row.name === '郑晓梅');
    assert.ok(other, 'the demo’s 郑晓梅 has reviewed');
    await table.getByRole('button', { name: '郑晓梅' }).click();
    const drawer = page.getByRole('dialog', { name: '郑晓梅 的论文' });
    await drawer.getByRole('tab', { name: `已评阅（${other.reviewed}）` }).click();
    await until(async () => (await drawer.getByText(`共 ${other.reviewed} 篇`).count()) > 0, 'her reviewed papers');
    await assertAccessible(page, 'the reviewer drawer');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/statistics-reviewer-drawer.png` });
    await drawer.getByRole('button', { name: '只看该教师的统计' }).click();
    await until(() => query(page).get('reviewer') === String(other.reviewerId), 'reviewer in the URL');
    const hers = await callApi<StatisticsOverview>(
      server,
      '/v1/statistics/overview',
      { reviewerId: other.reviewerId },
      admin,
    );
    await until(
      async () => (await cardValue(page, 'reviewed')) === count(hers.data.cards.reviewed.value),
      'her figures',
    );
    assert.match(await page.getByTestId('statistics-scope').innerText(), /评阅教师：郑晓梅/);
  });

  it('exports every chart and the table as .xlsx under the server’s name, and says 导出成功', async () => {
    await openStatistics(page, server, '?period=all');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^评阅统计-\d{8}\.xlsx$/);
    await page.getByText('导出成功').waitFor();
  });

  it('gives a reviewer their own figures only, with no one else’s data, on a phone too', async () => {
    const phone = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const own = phone.page;
      own.setDefaultTimeout(60_000);
      await own.goto(`${server.url}/login`);
      await loginByPassword(own, PHONES.reviewer);
      await own.waitForURL((url) => url.pathname !== '/login');
      // A shared admin link naming another reviewer still shows the reviewer's own figures.
      const workload = await callApi<StatisticsWorkload>(server, '/v1/statistics/workload', {}, admin);
      const other = workload.data.list.find((row) => row.name === '郑晓梅');
      assert.ok(other);
      await openStatistics(own, server, `?period=all&reviewer=${other.reviewerId}`);
      const mine = await callApi<StatisticsOverview>(server, '/v1/statistics/overview', {}, reviewer);
      const hers = await callApi<StatisticsOverview>(
        server,
        '/v1/statistics/overview',
        { reviewerId: other.reviewerId },
        admin,
      );
      assert.notEqual(mine.data.cards.reviewed.value, hers.data.cards.reviewed.value, 'the two differ');
      await until(
        async () => (await cardValue(own, 'reviewed')) === count(mine.data.cards.reviewed.value),
        'own figures',
      );
      assert.match(await own.getByTestId('statistics-scope').innerText(), /陈评阅（本人）的评阅统计/);
      assert.equal(await own.getByRole('combobox', { name: '评阅教师' }).count(), 0, 'no reviewer filter');
      assert.equal(await own.getByTestId('workload-table').count(), 0, 'no workload table');
      const refused = await callApi(server, '/v1/statistics/overview', { reviewerId: other.reviewerId }, reviewer);
      assert.equal(refused.errorCode, 1030003);
      for (const chart of CHARTS) await own.locator(`[data-testid="${chart}"] canvas`).first().waitFor();
      await assertAccessible(own, 'statistics on a phone');
      if (SCREENSHOTS) await own.screenshot({ path: `${SCREENSHOTS}/statistics-reviewer-phone.png`, fullPage: true });
    } finally {
      await phone.close();
    }
  });
});
