import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

interface Row {
  id: number;
  title: string;
  studentName: string;
  examNo: string;
  status: string;
}
interface ListResult {
  list: Row[];
  total: number;
  counts: Record<string, number>;
}

const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/** A status tab, by the label its count follows. */
const tab = (page: Page, label: string): Locator => page.getByRole('tab', { name: new RegExp(`^${label}`) });

/** The count a status tab's badge shows. */
async function tabCount(page: Page, label: string): Promise<number> {
  return Number(await tab(page, label).locator('.ant-badge-count').getAttribute('title'));
}

/** The table's data rows (antd adds a hidden measure row). */
function dataRows(page: Page): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row');
}

async function rowTexts(page: Page): Promise<string[]> {
  return dataRows(page).allInnerTexts();
}

const query = (page: Page) => new URL(page.url()).searchParams;

/** Waits for browser state, with room for a busy machine. */
const until = (condition: () => Promise<boolean> | boolean, what: string) => expect(condition, what, 30_000);

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('the reviewer’s lists: tabs, search, filters, paging, export, history', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let page: Page;
  let token: string;

  before(async () => {
    // The seeded review demo gives the demo reviewer work in every stage and status.
    server = await startServer();
    browser = await openBrowser({ acceptDownloads: true });
    page = browser.page;
    // The machine running CI may be busy: generous waits for real renders and calls.
    page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows 批注论文 with counts per status in the tabs, 盲审 rows and version and status columns', async () => {
    const expected = await callApi<ListResult>(server, '/v1/thesis/list', { scope: 'all', pageSize: 100 }, token);
    assert.equal(expected.errorCode, 0);
    assert.ok(expected.data.total >= 6, `the seed gives the reviewer drafts (${expected.data.total})`);
    await page.goto(`${server.url}/annotate/thesis/list`);
    await waitForTitle(page, '批注论文');
    await until(async () => (await dataRows(page).count()) === expected.data.total, '全部论文列出');
    assert.equal(await tabCount(page, '全部'), expected.data.total);
    assert.equal(await tabCount(page, '待评阅'), expected.data.counts.assigned);
    assert.equal(await tabCount(page, '已通过'), expected.data.counts.passed);
    assert.equal(await tabCount(page, '退回修改'), expected.data.counts.returned);
    const texts = (await rowTexts(page)).join('\n');
    assert.match(texts, /第1版/);
    assert.match(texts, /第2版/, 'the resubmitted draft is on its second version');
    assert.match(texts, /盲审/, 'a blind-review row shows 盲审 instead of blanks');
    assert.match(texts, /待评阅/);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/review-lists-thesis.png`, fullPage: true });
  });

  it('has no serious accessibility violations on the thesis list', async () => {
    await dataRows(page).first().waitFor();
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });

  it('searches by a candidate’s name, filters by status, and keeps both across a detail and back', async () => {
    const all = await callApi<ListResult>(server, '/v1/thesis/list', { scope: 'all', pageSize: 100 }, token);
    const named = all.data.list.find((row) => row.studentName !== '' && row.status === 'passed');
    assert.ok(named, 'a passed draft with a named candidate');
    await page.getByTestId('list-keyword').fill(named.studentName);
    await page.getByTestId('list-keyword').press('Enter');
    await until(async () => query(page).get('keyword') === named.studentName, 'the keyword is in the URL');
    await until(async () => {
      const rows = await rowTexts(page);
      return rows.length >= 1 && rows.every((text) => text.includes(named.studentName));
    }, 'only that candidate’s drafts');
    assert.ok((await rowTexts(page)).some((text) => text.includes(named.title)));

    // The status filter: the 已通过 tab narrows the rows; the counts stay those of every status.
    await tab(page, '已通过').click();
    await until(async () => query(page).get('status') === 'passed', 'the status is in the URL');
    await until(async () => {
      const rows = await rowTexts(page);
      return rows.length >= 1 && rows.every((text) => text.includes('已通过') && text.includes(named.studentName));
    }, 'only passed drafts of that candidate');
    // The router renders a navigation in a transition, so the URL can lead the tabs for a moment under
    // load; and this candidate's rows may all have been passed already. So the tab is waited for too.
    await until(
      async () => (await tab(page, '已通过').getAttribute('aria-selected')) === 'true',
      'the 已通过 tab is selected',
    );

    // The status select is the same filter: 未通过 finds none of this candidate's, with a helpful empty state.
    await page.getByRole('combobox', { name: /状态/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '未通过' }).click();
    await until(async () => query(page).get('status') === 'failed', 'the select changes the status');
    await page.getByText('没有符合条件的论文').waitFor();
    await page.getByRole('combobox', { name: /状态/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已通过' }).click();
    await dataRows(page).first().waitFor();

    await dataRows(page).first().getByRole('link', { name: /^查看/ }).click();
    await page.waitForURL((url) => /^\/annotate\/thesis\/detail\/\d+$/.test(url.pathname));
    assert.equal(query(page).get('view'), 'annotations');
    await page.goBack();
    await waitForPath(page, '/annotate/thesis/list');
    assert.equal(query(page).get('keyword'), named.studentName);
    assert.equal(query(page).get('status'), 'passed');
    await until(
      async () => (await page.getByTestId('list-keyword').inputValue()) === named.studentName,
      'the keyword is kept',
    );
    await until(
      async () => (await tab(page, '已通过').getAttribute('aria-selected')) === 'true',
      'the 已通过 tab is kept',
    );

    // The breadcrumb's bare path brings the kept list back with its query; a reload restores it too.
    await dataRows(page).first().getByRole('link', { name: /^批注/ }).click();
    await page.waitForURL((url) => /^\/annotate\/thesis\/reviews\/\d+$/.test(url.pathname));
    await page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '批注论文' }).click();
    await waitForPath(page, '/annotate/thesis/list');
    await until(async () => query(page).get('keyword') === named.studentName, 'the query comes back');
    await page.reload();
    await dataRows(page).first().waitFor();
    assert.equal(await page.getByTestId('list-keyword').inputValue(), named.studentName, 'keyword after a reload');
    assert.ok((await rowTexts(page)).every((text) => text.includes('已通过')));

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await until(async () => new URL(page.url()).search === '', 'reset clears the query');
    await until(async () => (await dataRows(page).count()) === all.data.total, 'every draft again');
  });

  it('sorts by title from the column header', async () => {
    await page.locator('.ant-table-thead th').filter({ hasText: '论文题目' }).click();
    await until(async () => query(page).get('sort') === 'title' && query(page).get('order') === 'asc', 'sorted');
    const expected = await callApi<ListResult>(
      server,
      '/v1/thesis/list',
      { scope: 'all', sort: 'title', order: 'asc' },
      token,
    );
    await until(async () => {
      const first = await dataRows(page).first().innerText();
      return first.includes(expected.data.list[0]?.title ?? '—');
    }, 'the first row is the first title');
  });

  it('exports the list as .xlsx under the server’s name and says 导出成功', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.xlsx$/);
    const bytes = await readFile(String(await file.path()));
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip');
    assert.ok(bytes.length > 1000);
    await page.getByText('导出成功').waitFor();
  });

  it('shows fresh rows when the kept list is shown again: a draft assigned meanwhile is counted', async () => {
    const admin = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    const mine = await callApi<ListResult & { list: Array<Row & { reviewerId: number }> }>(
      server,
      '/v1/thesis/list',
      { scope: 'all' },
      token,
    );
    const reviewerId = mine.data.list[0]?.reviewerId;
    const waiting = await callApi<ListResult>(server, '/v1/thesis/list', { scope: 'all', status: 'unassigned' }, admin);
    const unassigned = waiting.data.list[0];
    assert.ok(reviewerId && unassigned, 'the seed has an unassigned draft');
    const before = await tabCount(page, '待评阅');

    await dataRows(page).first().getByRole('link', { name: /^查看/ }).click();
    await page.waitForURL((url) => /^\/annotate\/thesis\/detail\/\d+$/.test(url.pathname));
    const assigned = await callApi(
      server,
      '/v1/assignment/assign',
      { submissionIds: [unassigned.id], reviewerId },
      admin,
    );
    assert.equal(assigned.errorCode, 0, assigned.errorMsg);
    await page.goBack();
    await waitForPath(page, '/annotate/thesis/list');
    await until(async () => (await tabCount(page, '待评阅')) === before + 1, '待评阅 counts the new draft');
    await until(async () => (await rowTexts(page)).join('\n').includes(unassigned.title), 'the new draft is listed');
  });

  it('pages through a history list, and keeps the page across a detail and back', async () => {
    const expected = await callApi<ListResult>(server, '/v1/topic/list', { scope: 'history', pageSize: 10 }, token);
    assert.ok(expected.data.total > 10, `enough reviewed topics to page (${expected.data.total})`);
    await page.goto(`${server.url}/history/topic`);
    await waitForTitle(page, '查看选题');
    await dataRows(page).first().waitFor();
    assert.equal(await tabCount(page, '全部'), expected.data.total);

    // Ten a page through the size changer, then page 2.
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '10 条/页' }).click();
    await until(async () => (await dataRows(page).count()) === 10, 'ten rows');
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await until(async () => query(page).get('page') === '2', 'page 2 in the URL');
    const second = await callApi<ListResult>(
      server,
      '/v1/topic/list',
      { scope: 'history', pageSize: 10, page: 2 },
      token,
    );
    const firstTitle = second.data.list[0]?.title ?? '';
    await until(async () => (await dataRows(page).first().innerText()).includes(firstTitle), 'page 2 rows');
    const texts = (await rowTexts(page)).join('\n');
    assert.match(texts, /已通过|未通过|退回修改/, 'reviewed items');

    await dataRows(page).first().getByRole('link', { name: /^详情/ }).click();
    await page.waitForURL((url) => /^\/history\/review\/\d+$/.test(url.pathname));
    await page.goBack();
    await waitForPath(page, '/history/topic');
    await until(async () => (await page.locator('.ant-pagination-item-active').textContent()) === '2', 'page 2 kept');
    assert.equal(query(page).get('pageSize'), '10');
  });

  it('lists reviewed theses in history, by stage', async () => {
    await page.goto(`${server.url}/history/thesis`);
    await waitForTitle(page, '查看论文');
    await dataRows(page).first().waitFor();
    const drafts = await rowTexts(page);
    assert.ok(drafts.every((text) => /已通过|未通过|退回修改|待评阅|评阅中/.test(text)));
    assert.ok(drafts.some((text) => text.includes('已通过')));
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/review-lists-history.png`, fullPage: true });

    await page.getByText('定稿', { exact: true }).click();
    await until(async () => query(page).get('stage') === 'final', 'the stage is in the URL');
    const finals = await callApi<ListResult>(server, '/v1/final/list', { scope: 'history' }, token);
    // The drafts' rows may number the same as the finals': wait for the finals' own content too.
    const scored = /\d+\s+(优秀|良好|中等|及格|不及格)/;
    await until(
      async () =>
        (await dataRows(page).count()) === finals.data.list.length && scored.test((await rowTexts(page)).join('\n')),
      'the reviewed finals',
    );
    assert.match((await rowTexts(page)).join('\n'), scored, 'scores with grades');
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });
});
