import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DocumentText } from '@zikao/contract/document';
import { tongjiThesis } from '../../apps/server/src/test/real-documents.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';
import {
  fillAnnotation,
  listAnnotations,
  selectText,
  uploadDocument,
  waitForPageText,
  waitSaved,
} from '../support/workspace.ts';

// Issue 20 §4: a LuaTeX thesis (test-data/real-documents) whose formulas use a Type 1 math font
// with astral glyph names. The browser's text layer must read 𝜕 and 𝑢 where the author wrote
// them, and read the very text the server extracted and anchors against.

const HANGUL = /[\uAC00-\uD7AF]/u;
const FORMULA_PAGE = 6;

diagnoseFailures();

describe('a real thesis PDF in the annotation workspace', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let documentId: number;

  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    documentId = await uploadDocument(server, token, tongjiThesis(), 'tongji-thesis.pdf');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows page 7’s math letters in the text layer, the same text the server extracted', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${server.url}/document/${documentId}`);
    await waitForTitle(page, '文档批注');
    // Pages are drawn as they come into view: go to page 7 by its number, as a reviewer would.
    const pageNumber = page.getByLabel('页码');
    await pageNumber.fill(String(FORMULA_PAGE + 1));
    await pageNumber.press('Enter');
    await waitForPageText(page, FORMULA_PAGE);
    // The layer's text as its spans place it: each span's text at its page offset.
    const layer = await page.evaluate((pageIndex) => {
      const spans = [
        ...document.querySelectorAll<HTMLElement>(
          `.aw-page[data-page-index="${pageIndex}"] .aw-text-layer span[data-offset]`,
        ),
      ]
        .filter((span) => span.firstChild instanceof Text)
        .map((span) => ({ start: Number(span.dataset.offset), text: (span.firstChild as Text).data }))
        .sort((a, b) => a.start - b.start);
      let text = '';
      for (const span of spans) text = text.padEnd(span.start, '\n') + span.text;
      return text;
    }, FORMULA_PAGE);
    const extracted = await callApi<DocumentText>(server, '/v1/document/text', { documentId }, token);
    const serverText = extracted.data.pages[FORMULA_PAGE]?.text ?? '';
    assert.ok(layer.includes('𝜕2𝑢'), layer.slice(0, 400));
    assert.ok(!HANGUL.test(layer), layer.slice(0, 400));
    assert.equal(layer, serverText.replace(/\n+$/, ''));
  });

  it('quotes a selected formula with its math letters', async () => {
    const { page } = browser;
    const selected = await selectText(
      page,
      { pageIndex: FORMULA_PAGE, needle: '𝜕2𝑢', offset: 0 },
      { pageIndex: FORMULA_PAGE, needle: '𝜕2𝑢', offset: 5 },
    );
    assert.equal(selected, '𝜕2𝑢');
    await fillAnnotation(page, '内容', '请说明 𝑢 的含义');
    await waitSaved(page);
    const saved = await listAnnotations(server, token, documentId);
    const quote = saved[0]?.selectors.find((selector) => selector.type === 'TextQuoteSelector');
    assert.equal(quote?.type === 'TextQuoteSelector' ? quote.exact : '', '𝜕2𝑢');
  });
});
