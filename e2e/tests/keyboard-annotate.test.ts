import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../support/app.ts';
import { seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { listAnnotations, uploadDocument, waitForPageText, waitSaved } from '../support/workspace.ts';

diagnoseFailures();

/** Presses keys one after another, as a person at the keyboard would. */
async function press(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

const announcement = (page: Page) => page.getByTestId('keyboard-announcement').textContent();

describe('annotating from the keyboard alone', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let documentId: number;

  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    documentId = await uploadDocument(server, token, thesisDocx({ pages: 2, paragraphsPerPage: 4 }), '论文.docx');
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((current) => current.pathname !== '/login');
    await page.goto(`${server.url}/document/${documentId}`);
    await waitForPageText(page, 0);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('selects a sentence with the arrows, narrows it, and saves a highlight with a comment from the bank', async () => {
    const { page } = browser;
    await page.getByTestId('workspace-scroll').focus();
    await press(page, 'c');
    await page.getByTestId('keyboard-caret').waitFor();
    await page.getByTestId('keyboard-hint').waitFor();

    await press(page, 'ArrowDown');
    await expect(async () => (await announcement(page))?.startsWith('已选') ?? false, 'a sentence announced');
    const sentence = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    assert.ok(sentence.replace(/\s/g, '').length > 4, `a sentence is selected in the page: ${sentence}`);
    // Narrow it by two characters from its end, as a reviewer trims a quote.
    await press(page, 'Shift+ArrowLeft', 'Shift+ArrowLeft');
    const narrowed = (await page.evaluate(() => window.getSelection()?.toString() ?? '')).replace(/\s/g, '');
    assert.equal(narrowed, sentence.replace(/\s/g, '').slice(0, -2));

    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: '添加批注' });
    await dialog.waitFor();
    assert.equal((await dialog.locator('.aw-quote').textContent())?.replace(/\s/g, ''), narrowed);
    // The comment box has the focus; Alt+1 takes the first comment of the bank.
    await expect(
      async () => (await dialog.locator('.aw-bank-item').count()) > 0,
      'the comment bank has loaded its entries',
    );
    const firstEntry = (await dialog.locator('.aw-bank-text').first().textContent()) ?? '';
    await press(page, 'Alt+1');
    assert.equal(await dialog.getByLabel(/批注内容/).inputValue(), firstEntry);
    await press(page, 'Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await waitSaved(page);

    const saved = await listAnnotations(server, token, documentId);
    const highlight = saved.find((a) => a.kind === 'highlight');
    const quote = highlight?.selectors.find((s) => s.type === 'TextQuoteSelector');
    assert.equal(quote?.type === 'TextQuoteSelector' ? quote.exact.replace(/\s/g, '') : '', narrowed);
    assert.equal(highlight?.comment, firstEntry);
    // The keyboard stays in the document: the next sentence is one key away.
    await expect(
      async () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'workspace-scroll'),
      'focus back in the document',
    );
    await press(page, 'ArrowDown');
    await expect(async () => (await announcement(page))?.startsWith('已选') ?? false, 'the next sentence');
    await press(page, 'Escape');
    await page.getByTestId('keyboard-caret').waitFor({ state: 'detached' });
  });

  it('places an area box, a stamp and a page note with the keyboard', async () => {
    const { page } = browser;
    await page.getByTestId('workspace-scroll').focus();

    await press(page, 'a', 'Enter');
    await page.getByTestId('keyboard-hint').filter({ hasText: '区域框' }).waitFor();
    const before = await page.locator('.aw-draft-rect').boundingBox();
    await press(page, 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown', 'Shift+ArrowDown');
    const moved = await page.locator('.aw-draft-rect').boundingBox();
    assert.ok(before && moved);
    assert.ok(moved.x > before.x + 5, 'the arrows move the box');
    assert.ok(moved.height > before.height + 5, 'Shift + arrows make it taller');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: '添加批注' });
    await dialog.waitFor();
    await page.keyboard.type('图表标题格式不规范');
    await press(page, 'Control+Enter');
    await dialog.waitFor({ state: 'detached' });

    await press(page, 's', 'Enter', 'ArrowLeft', 'Enter');
    await dialog.waitFor();
    await press(page, 'Control+Enter');
    await dialog.waitFor({ state: 'detached' });

    await press(page, 'n', 'Enter');
    await dialog.waitFor();
    await page.keyboard.type('本页行距不统一');
    await press(page, 'Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await waitSaved(page);

    const kinds = (await listAnnotations(server, token, documentId)).map((a) => a.kind).sort();
    assert.deepEqual(kinds, ['area', 'highlight', 'note', 'stamp']);
  });

  it('moves between annotations, replies and edits with the keyboard, and lists every key under ?', async () => {
    const { page } = browser;
    await page.getByTestId('workspace-scroll').focus();
    await press(page, 'j');
    const selected = page.locator('.aw-item-selected');
    await selected.waitFor();
    const first = await selected.getAttribute('data-annotation-id');
    await press(page, 'j');
    await expect(
      async () => (await page.locator('.aw-item-selected').getAttribute('data-annotation-id')) !== first,
      'J moves to the next annotation',
    );
    await press(page, 'k');
    await expect(
      async () => (await page.locator('.aw-item-selected').getAttribute('data-annotation-id')) === first,
      'K moves back',
    );

    await press(page, 'r');
    const reply = page.getByLabel('回复内容');
    await reply.waitFor();
    await expect(
      async () => reply.evaluate((element) => element === document.activeElement),
      'the reply box has focus',
    );
    await page.keyboard.type('已按意见核对');
    await press(page, 'Control+Enter');
    await reply.waitFor({ state: 'detached' });
    await waitSaved(page);
    const withReply = (await listAnnotations(server, token, documentId)).find((a) => a.id === first);
    assert.deepEqual(
      withReply?.replies.map((r) => r.comment),
      ['已按意见核对'],
    );

    await press(page, 'e');
    const editForm = page.locator('.aw-item-selected .aw-form');
    await editForm.waitFor();
    await editForm.getByLabel(/批注内容/).fill('修改后的意见');
    await press(page, 'Control+Enter');
    await editForm.waitFor({ state: 'detached' });
    await waitSaved(page);
    const edited = (await listAnnotations(server, token, documentId)).find((a) => a.id === first);
    assert.equal(edited?.comment, '修改后的意见');

    await page.getByTestId('workspace-scroll').focus();
    await press(page, 'c');
    await page.getByTestId('keyboard-caret').waitFor();
    await press(page, 'ArrowDown');
    await press(page, 'Shift+?');
    const help = page.getByRole('dialog', { name: '键盘快捷键' });
    await help.waitFor();
    for (const keys of [
      'C',
      '↓ / ↑',
      'Shift + 方向键',
      'A，再按 Enter',
      'S，再按 Enter',
      'N，再按 Enter',
      'R',
      'E',
      'J / K',
      'Alt + 1 – 9',
    ]) {
      await help.getByText(keys, { exact: true }).first().waitFor();
    }
    assert.deepEqual(await seriousViolations(page), []);
    await press(page, 'Escape');
    await help.waitFor({ state: 'detached' });
    assert.deepEqual(await seriousViolations(page), [], 'axe is clean with the keyboard caret and hint shown');
  });
});
