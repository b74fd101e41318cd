import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import {
  fillAnnotation,
  listAnnotations,
  saveState,
  selectText,
  textBox,
  waitForPageText,
  waitSaved,
} from '../support/workspace.ts';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return texts;
}

async function filledPaths(bytes: Uint8Array, pageNo: number): Promise<number> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const list = await (await doc.getPage(pageNo)).getOperatorList();
  await doc.destroy();
  return list.fnArray.filter((fn) => fn === pdfjs.OPS.constructPath).length;
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('the annotation workspace against the real server', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let documentId: number;
  let workspaceUrl: string;

  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    // The machine running CI may be busy; these waits are for real conversions and renders.
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a Chinese thesis DOCX with progress, waits for conversion and opens it', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${server.url}/document/list`);
    await waitForTitle(page, '我的文档');
    await page.locator('input[type=file]').setInputFiles({
      name: '自学考试论文评阅.docx',
      mimeType: DOCX_MIME,
      buffer: thesisDocx({ pages: 4, paragraphsPerPage: 6 }),
    });
    await page.getByTestId('upload-progress').waitFor();
    await page.getByRole('button', { name: '开始批注' }).click({ timeout: 180_000 });
    await page.waitForURL((url) => /^\/document\/\d+$/.test(url.pathname));
    workspaceUrl = page.url();
    documentId = Number(new URL(workspaceUrl).pathname.split('/').pop());
    await waitForTitle(page, '文档批注');
    await waitForPageText(page, 0).catch(async (error) => {
      await page.screenshot({ path: '/tmp/ws-fail.png' });
      throw error;
    });
    assert.equal((await page.locator('.aw-page[data-page-index="3"]').count()) <= 1, true);
    await page.getByText('已保存').waitFor();
  });

  it('annotates selected words, and after a reload they are highlighted on the same words', async () => {
    const { page } = browser;
    const needle = '本文以高等教育自学考试';
    const selected = await selectText(
      page,
      { pageIndex: 0, needle: '第 2 段：本文以高等教育自学考试', offset: 6 },
      { pageIndex: 0, needle: '第 2 段：本文以高等教育自学考试', offset: 17 },
    );
    assert.equal(selected.replace(/\s/g, ''), needle);
    await fillAnnotation(page, '语言', '此处表述口语化，请改为书面语');
    await waitSaved(page);
    const saved = await listAnnotations(server, token, documentId);
    assert.equal(saved.length, 1);
    const quote = saved[0]?.selectors.find((s) => s.type === 'TextQuoteSelector');
    assert.equal(quote?.type === 'TextQuoteSelector' && quote.exact, needle);
    assert.equal(saved[0]?.category, 'language');

    await page.reload();
    await waitForPageText(page, 0);
    const id = saved[0]?.id as string;
    const mark = page.locator(`.aw-page[data-page-index="0"] [data-annotation-id="${id}"] .aw-hl`);
    await mark.first().waitFor();
    // The drawn box covers the very characters that were selected.
    const words = await textBox(page, 0, '第 2 段：本文以高等教育自学考试', 6, 17);
    const box = await mark.first().boundingBox();
    assert.ok(box);
    const dx = Math.max(0, Math.min(words.right, box.x + box.width) - Math.max(words.left, box.x));
    const dy = Math.max(0, Math.min(words.bottom, box.y + box.height) - Math.max(words.top, box.y));
    const overlap = (dx * dy) / (words.width * words.height);
    assert.ok(overlap > 0.8, `highlight covers ${Math.round(overlap * 100)}% of the words`);
    await page.getByRole('list', { name: '批注列表' }).getByText('此处表述口语化，请改为书面语').waitFor();
  });

  it('highlights a passage across a page break on both pages', async () => {
    const { page } = browser;
    await waitForPageText(page, 1);
    const selected = await selectText(
      page,
      { pageIndex: 0, needle: '提出了可复用的批注锚定方法。', offset: 7, last: true },
      { pageIndex: 1, needle: '第 2 页第 1 段', offset: 5 },
    );
    assert.ok(selected.includes('批注锚定方法') && selected.includes('第 2 页'), selected);
    await fillAnnotation(page, '结构', '跨页段落衔接生硬');
    await waitSaved(page);
    const saved = await listAnnotations(server, token, documentId);
    const spanning = saved.find((a) => a.comment === '跨页段落衔接生硬');
    assert.ok(spanning);
    const pageSelector = spanning.selectors.find((s) => s.type === 'PageSelector');
    assert.deepEqual(pageSelector && { index: pageSelector.index, end: pageSelector.endIndex }, { index: 0, end: 1 });
    await page.reload();
    await waitForPageText(page, 0);
    await waitForPageText(page, 1);
    for (const pageIndex of [0, 1]) {
      await page
        .locator(`.aw-page[data-page-index="${pageIndex}"] [data-annotation-id="${spanning.id}"] .aw-hl`)
        .first()
        .waitFor();
    }
  });

  it('keeps three annotations made offline through a reload and saves them once online', async () => {
    const { page, context } = browser;
    const before = (await listAnnotations(server, token, documentId)).length;
    await context.setOffline(true);
    for (const n of [3, 4, 5]) {
      const needle = `第 1 页第 ${n} 段`;
      await selectText(page, { pageIndex: 0, needle, offset: 0 }, { pageIndex: 0, needle, offset: needle.length });
      await fillAnnotation(page, '内容', `离线批注 ${n}`);
    }
    await expect(
      async () => (await saveState(page)).includes('3 条待同步'),
      'offline indicator with 3 pending',
      30_000,
    );
    await page.getByRole('list', { name: '批注列表' }).getByText('离线批注 5').waitFor();
    assert.equal((await listAnnotations(server, token, documentId)).length, before, 'nothing reached the server');

    await page.reload().catch(() => {
      // Offline, the reload itself cannot load the app; the queue is in IndexedDB.
    });
    await context.setOffline(false);
    await page.goto(workspaceUrl);
    await waitForPageText(page, 0);
    await expect(
      async () => (await listAnnotations(server, token, documentId)).length === before + 3,
      'all three offline annotations saved',
      60_000,
    );
    const comments = (await listAnnotations(server, token, documentId)).map((a) => a.comment);
    for (const n of [3, 4, 5]) assert.ok(comments.includes(`离线批注 ${n}`));
    await waitSaved(page);
  });

  it('deletes with undo', async () => {
    const { page } = browser;
    const item = page.getByRole('list', { name: '批注列表' }).locator('li', { hasText: '离线批注 4' });
    await item.getByRole('button', { name: '删除批注' }).click();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await expect(async () => (await item.count()) === 0, 'the annotation leaves the list', 30_000);
    await waitSaved(page);
    await expect(
      async () => !(await listAnnotations(server, token, documentId)).some((a) => a.comment === '离线批注 4'),
      'deleted on the server',
      30_000,
    );
    await page.locator('body').press('Control+z');
    await expect(async () => (await item.count()) === 1, 'undo brings it back', 30_000);
    await waitSaved(page);
    await expect(
      async () => (await listAnnotations(server, token, documentId)).some((a) => a.comment === '离线批注 4'),
      'restored on the server',
      30_000,
    );
  });

  it('has no serious or critical accessibility violations', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: '快捷键' }).click();
    await page.getByRole('dialog', { name: '键盘快捷键' }).waitFor();
    await page.keyboard.press('Escape');
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });

  it('downloads the annotated PDF with the comments and numbered markers burned in', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: '下载' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '批注版 PDF' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /\.pdf$/);
    await page.getByText('导出成功').waitFor();
    const bytes = new Uint8Array(await readFile(await download.path()));
    const texts = await pdfPageTexts(bytes);
    const index = texts.slice(4).join('');
    assert.ok(index.includes('批注索引'), 'index pages');
    for (const comment of ['此处表述口语化，请改为书面语', '跨页段落衔接生硬', '离线批注 3']) {
      assert.ok(index.includes(comment), `index lacks ${comment}`);
    }
    const original = await (
      await fetch(`${server.url}/api/v1/document/file/${documentId}`, { headers: { Authorization: `Bearer ${token}` } })
    ).arrayBuffer();
    const before = await filledPaths(new Uint8Array(original), 1);
    const after = await filledPaths(bytes, 1);
    assert.ok(after >= before + 5, `page 1 gains highlights and markers (${before} → ${after} paths)`);
    assert.match(texts[0] ?? '', /[1-5]/, 'numbered markers on page 1');
  });
});
