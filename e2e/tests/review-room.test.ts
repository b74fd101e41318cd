import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { assertNoSidewaysScroll } from '../support/fit.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { listAnnotations, selectText, waitForPageText, waitSaved } from '../support/workspace.ts';

// Issue 32 §2.1, §2.2, §2.6: the review screen gives the document the room, the add-annotation
// card leaves the marked words and the mark keys alone, and a phone reads the paper whole.
diagnoseFailures();

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

async function boxOf(page: Page, selector: string): Promise<Box & { height: number; width: number }> {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is on the screen`);
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height, ...box };
}

async function signIn(page: Page, server: TestServer, phone: string, student = false): Promise<void> {
  await page.goto(`${server.url}${student ? '/student' : ''}/login`);
  await waitForTitle(page, '登录');
  await loginByPassword(page, phone);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 120_000 });
}

/** The demo candidate's draft, assigned to the demo reviewer. */
async function demoDraft(server: TestServer, token: string): Promise<SubmissionDetail> {
  const drafts = await callApi<SubmissionListResult>(
    server,
    '/v1/thesis/list',
    { page: 1, pageSize: 50, status: 'assigned' },
    token,
  );
  const row = drafts.data.list.find((r) => r.studentName === '李同学');
  assert.ok(row, 'the demo candidate has an assigned draft');
  const detail = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId: row.id }, token);
  return detail.data;
}

describe('the review screen at 1440 × 900', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let draft: SubmissionDetail;
  let documentId: number;

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    draft = await demoDraft(server, token);
    documentId = draft.versions.find((v) => v.versionNo === draft.currentVersion)?.documentId as number;
    await signIn(browser.page, server, PHONES.reviewer);
    await browser.page.goto(`${server.url}/annotate/thesis/reviews/${draft.id}`);
    await waitForTitle(browser.page, '论文详情');
    await waitForPageText(browser.page, 0);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gives the document at least three quarters of the window, under one toolbar row', async () => {
    const { page } = browser;
    const view = await boxOf(page, '[data-testid="workspace-scroll"]');
    await page.screenshot({ path: `${SHOTS}/review-room-1440.png` });
    assert.ok(view.height >= 0.75 * 900, `the document shows ${Math.round(view.height)} px of 900`);
    const toolbar = await boxOf(page, '[role="toolbar"][aria-label="批注工具栏"]');
    assert.ok(toolbar.height < 56, `the toolbar is one row, ${toolbar.height} px tall`);
    // The page heading gives way but stays for screen readers; 返回 is in the review header.
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '论文详情');
    await page.getByTestId('review-header').getByRole('button', { name: '返回' }).waitFor();
  });

  it('turns 专注模式 on with F and off with Esc or its button, but not while typing an F', async () => {
    const { page } = browser;
    const workspace = page.getByTestId('annotation-workspace');
    await page.getByTestId('workspace-scroll').focus();
    await page.keyboard.press('f');
    await expect(async () => (await workspace.getAttribute('data-focus-mode')) === 'true', '专注模式 on');
    const full = await boxOf(page, '[data-testid="annotation-workspace"]');
    assert.ok(full.top <= 1 && full.left <= 1 && full.width >= 1439 && full.height >= 899, JSON.stringify(full));
    // Only the page and the annotation list: the list is beside the page, the review header is covered.
    const list = await boxOf(page, '[data-testid="annotation-workspace"] aside[aria-label="批注"]');
    const view = await boxOf(page, '[data-testid="workspace-scroll"]');
    assert.ok(list.left >= view.right - 1, 'the list is beside the page');
    assert.ok(view.height >= 0.85 * 900, `the page shows ${view.height} px in 专注模式`);
    await page.screenshot({ path: `${SHOTS}/review-room-focus.png` });
    await page.keyboard.press('Escape');
    await expect(async () => (await workspace.getAttribute('data-focus-mode')) === 'false', 'Esc leaves 专注模式');

    await page.getByRole('button', { name: '专注模式', exact: true }).click();
    await expect(async () => (await workspace.getAttribute('data-focus-mode')) === 'true', 'the button enters it');
    await page.getByRole('button', { name: '退出专注模式' }).click();
    await expect(async () => (await workspace.getAttribute('data-focus-mode')) === 'false', 'and leaves it');

    // An F typed into the review comment is a letter, not a shortcut.
    const comment = page.getByPlaceholder('写下对论文的总体评价和修改要求');
    await comment.click();
    await page.keyboard.type('Ff');
    assert.equal(await comment.inputValue(), 'Ff');
    assert.equal(await workspace.getAttribute('data-focus-mode'), 'false');
    await comment.fill('');
  });

  it('puts the card beside a mouse selection without the focus, so D makes a 删除建议', async () => {
    const { page } = browser;
    const text = await callApi<{ pages: Array<{ text: string }> }>(server, '/v1/document/text', { documentId }, token);
    const line = (text.data.pages[1]?.text ?? '').split('\n').find((l) => l.trim().length > 30) as string;
    const quote = line.trim().slice(2, 14);
    await page.getByTestId('workspace-scroll').focus();
    await page.keyboard.press('PageDown');
    await waitForPageText(page, 1);
    const before = await listAnnotations(server, token, documentId);
    await selectText(
      page,
      { pageIndex: 1, needle: quote, offset: 0 },
      { pageIndex: 1, needle: quote, offset: quote.length },
    );
    const card = page.getByRole('dialog', { name: '添加批注' });
    await card.waitFor();
    const rects: Box[] = await page.evaluate(() =>
      [...(window.getSelection()?.getRangeAt(0).getClientRects() ?? [])].map((r) => ({
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
      })),
    );
    assert.ok(rects.length > 0, 'the words stay selected');
    const cardBox = await boxOf(page, '[data-testid="draft-card"]');
    for (const rect of rects) assert.ok(!intersects(cardBox, rect), 'the card covers none of the selected words');
    await page.screenshot({ path: `${SHOTS}/review-room-card.png` });
    assert.equal(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="draft-card"]'))),
      false,
      'the card does not take the focus',
    );

    await page.keyboard.press('d');
    await card.waitFor({ state: 'detached' });
    await waitSaved(page);
    let made: AnnotationDto | undefined;
    await expect(async () => {
      const after = await listAnnotations(server, token, documentId);
      made = after.find((a) => !before.some((b) => b.id === a.id));
      return made !== undefined;
    }, 'the 删除建议 is saved');
    assert.equal(made?.kind, 'strikeout');
    const exact = made?.selectors.find((s) => s.type === 'TextQuoteSelector');
    assert.equal(exact?.type === 'TextQuoteSelector' ? exact.exact : '', quote);
    assert.equal(made?.comment ?? '', '', 'no letter went into the comment');
    assert.equal(made?.suggestion ?? null, null);
    const typed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>('textarea, input')].some((field) =>
        /^d$/i.test(field.value),
      ),
    );
    assert.equal(typed, false, 'no field holds the letter d');

    // M turns a fresh selection's card into 修改建议, its wording field focused.
    await selectText(page, { pageIndex: 1, needle: quote, offset: 0 }, { pageIndex: 1, needle: quote, offset: 2 });
    await card.waitFor();
    await page.keyboard.press('m');
    const wording = card.getByLabel(/建议文字/);
    await wording.waitFor();
    await expect(
      async () => wording.evaluate((element) => element === document.activeElement),
      'the wording field has the focus',
    );
    assert.equal(await wording.inputValue(), '');
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
  });
});

describe('the review on a phone (390 × 844)', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let draft: SubmissionDetail;

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    browser.page.setDefaultTimeout(60_000);
    draft = await demoDraft(server, await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD));
    await signIn(browser.page, server, PHONES.reviewer);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the paper fit to the width in a tall pane whose page counter follows the page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/detail/${draft.id}`);
    await waitForPageText(page, 0);
    const pane = await boxOf(page, '[data-testid="workspace-scroll"]');
    assert.ok(pane.height >= 0.7 * 844, `the pane is ${pane.height} px tall`);
    const sheet = await boxOf(page, '.aw-page[data-page-index="0"]');
    assert.ok(sheet.width >= 0.85 * pane.width && sheet.right <= pane.right + 0.5, 'the page fits the width');
    const counter = page.getByLabel('页码');
    assert.equal(await counter.inputValue(), '1');
    // Down to the top of page 4 (pages are laid out alike, 16 px apart; only those near the view exist).
    await page.getByTestId('workspace-scroll').evaluate((element) => {
      const first = element.querySelector<HTMLElement>('.aw-page[data-page-index="0"]');
      const second = element.querySelector<HTMLElement>('.aw-page[data-page-index="1"]');
      const step = (second?.offsetTop ?? 0) - (first?.offsetTop ?? 0);
      element.scrollTop = (first?.offsetTop ?? 0) + 3 * step + 10;
    });
    await expect(async () => (await counter.inputValue()) === '4', 'the counter reads 4 on page 4');
    await page.screenshot({ path: `${SHOTS}/review-room-phone.png` });
  });

  it('lists the theses as cards that show their status, without a sideways scroll', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/list`);
    await waitForTitle(page, '批注论文');
    const row = page.getByTestId('review-list-row').first();
    await row.waitFor();
    await assertNoSidewaysScroll(page, 'the list');
    const status = await row.locator('.ant-tag').first().boundingBox();
    assert.ok(status && status.x >= 0 && status.x + status.width <= 390, 'the status is in view');
    await row.getByRole('link', { name: /^批注：/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/review-room-phone-list.png` });
  });
});
