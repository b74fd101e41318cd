import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { CDPSession, Page } from 'playwright-core';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import {
  listAnnotations,
  selectText,
  textBox,
  uploadDocument,
  waitForPageText,
  waitSaved,
} from '../support/workspace.ts';

// The reviewer's red pen (issue 24): strike-out and suggested wording, insertion, underline,
// arrows, lines and free pen strokes, by mouse, stylus, finger and keyboard.
diagnoseFailures();

const quoteOf = (annotation: AnnotationDto | undefined) => {
  const quote = annotation?.selectors.find((s) => s.type === 'TextQuoteSelector');
  return quote?.type === 'TextQuoteSelector' ? quote.exact : undefined;
};
const fragmentOf = (annotation: AnnotationDto | undefined) => {
  const fragment = annotation?.selectors.find((s) => s.type === 'FragmentSelector');
  return fragment?.type === 'FragmentSelector' ? fragment.value : undefined;
};

/** Presses keys one after another, as a person at the keyboard would. */
async function press(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

describe('markup kinds: the reviewer marks the thesis as on paper', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let documentId: number;
  let url: string;
  let cdp: CDPSession;

  const dialog = () => browser.page.getByRole('dialog', { name: '添加批注' });
  const tool = (name: string) => browser.page.getByRole('button', { name, exact: true });
  const saved = () => listAnnotations(server, token, documentId);

  before(async () => {
    server = await startServer();
    // hasTouch: the finger-drawn line goes through the browser's real touch input.
    browser = await openBrowser({ viewport: { width: 1440, height: 900 }, hasTouch: true });
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    documentId = await uploadDocument(server, token, thesisDocx({ pages: 2, paragraphsPerPage: 4 }), '论文.docx');
    url = `${server.url}/document/${documentId}`;
    const { page } = browser;
    cdp = await browser.context.newCDPSession(page);
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((current) => current.pathname !== '/login');
    await page.goto(url);
    await waitForPageText(page, 0);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('strikes a word and suggests another with the mouse, inserts at a click, and both survive a reload', async () => {
    const { page } = browser;
    await tool('修改建议').click();
    assert.equal(await tool('修改建议').getAttribute('aria-pressed'), 'true');
    await selectText(
      page,
      { pageIndex: 0, needle: '可复用的批注', offset: 0 },
      { pageIndex: 0, needle: '可复用的批注', offset: 3 },
    );
    await dialog().waitFor();
    // Saving without the wording is refused in Chinese.
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().getByRole('alert').filter({ hasText: '请填写修改后的文字' }).waitFor();
    await dialog()
      .getByLabel(/建议文字/)
      .fill('通用');
    const preview = (await dialog().getByTestId('suggestion-preview').textContent()) ?? '';
    assert.match(preview, /原文\s*可复用\s*→\s*建议\s*通用/);
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().waitFor({ state: 'detached' });

    // 删除建议: a strike-out needs no comment.
    await tool('删除建议').click();
    await selectText(
      page,
      { pageIndex: 0, needle: '实际需求', offset: 0 },
      { pageIndex: 0, needle: '实际需求', offset: 2 },
    );
    await dialog().waitFor();
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().waitFor({ state: 'detached' });

    // 插入建议: a click between 评阅 and 为 puts the caret there.
    await tool('插入建议').click();
    const gap = await textBox(page, 0, '评阅为研究对象', 2, 3);
    await page.mouse.click(gap.left + 1, gap.top + gap.height / 2);
    await dialog().waitFor();
    await dialog()
      .getByLabel(/建议文字/)
      .fill('工作');
    assert.match((await dialog().getByTestId('suggestion-preview').textContent()) ?? '', /评阅工作为/);
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().waitFor({ state: 'detached' });
    await waitSaved(page);

    const list = await saved();
    const replace = list.find((a) => a.kind === 'replace');
    assert.equal(quoteOf(replace), '可复用');
    assert.equal(replace?.suggestion, '通用');
    const strike = list.find((a) => a.kind === 'strikeout');
    assert.equal(quoteOf(strike), '实际');
    assert.equal(strike?.suggestion ?? null, null);
    const insert = list.find((a) => a.kind === 'insert');
    assert.ok(
      quoteOf(insert)?.endsWith('阅'),
      `the insertion quotes the characters before the caret: ${quoteOf(insert)}`,
    );
    assert.equal(insert?.suggestion, '工作');

    await page.reload();
    await waitForPageText(page, 0);
    for (const annotation of [replace, strike, insert]) {
      await page.locator(`.aw-items [data-annotation-id="${annotation?.id}"]`).waitFor();
      // Drawn on the page where its words are, not listed as lost.
      await page
        .locator(`.aw-page[data-page-index="0"] [data-annotation-id="${annotation?.id}"]`)
        .first()
        .waitFor({ state: 'attached' });
    }
  });

  it('draws an arrow with the mouse, a pen stroke with a stylus, a line with a finger, and erases with undo', async () => {
    const { page } = browser;
    const pageBox = await page.locator('.aw-page[data-page-index="0"]').boundingBox();
    assert.ok(pageBox);
    const before = (await saved()).length;

    // 箭头 from the margin to a word, dragged with the mouse.
    await tool('箭头').click();
    const target = await textBox(page, 0, '批注锚定方法', 0, 2);
    await page.mouse.move(pageBox.x + pageBox.width - 40, target.top + 60);
    await page.mouse.down();
    await page.mouse.move(target.left + 10, target.bottom + 4, { steps: 8 });
    await page.mouse.up();
    await dialog().waitFor();
    await dialog()
      .getByLabel(/批注内容/)
      .fill('这里的方法需要说明来源');
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().waitFor({ state: 'detached' });

    // 画笔 with a stylus: real pen input through the DevTools protocol, pressure rising and falling.
    await tool('画笔').click();
    const x0 = pageBox.x + 80;
    const y0 = pageBox.y + 440;
    const pen = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number, force: number) =>
      cdp.send('Input.dispatchMouseEvent', {
        type,
        x,
        y,
        button: 'left',
        buttons: type === 'mouseReleased' ? 0 : 1,
        clickCount: 1,
        pointerType: 'pen',
        force,
      });
    await pen('mousePressed', x0, y0, 0.2);
    for (let i = 1; i <= 30; i++) await pen('mouseMoved', x0 + i * 6, y0 + Math.sin(i / 3) * 20, 0.2 + (i / 30) * 0.7);
    await pen('mouseReleased', x0 + 180, y0, 0);
    // A second stroke with the mouse joins the same pen mark.
    await page.mouse.move(x0, y0 + 40);
    await page.mouse.down();
    await page.mouse.move(x0 + 150, y0 + 45, { steps: 10 });
    await page.mouse.up();
    await page.getByTestId('pen-bar').filter({ hasText: '已画 2 笔' }).waitFor();
    await page.getByTestId('pen-bar').getByRole('button', { name: '完成' }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().waitFor({ state: 'detached' });

    // 直线 drawn with a finger on a touch screen.
    await tool('直线').click();
    const ty = pageBox.y + 580;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: ty }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x0 + i * 30, y: ty + i * 2 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await dialog().waitFor();
    await dialog().getByRole('button', { name: '保存' }).click();
    await dialog().waitFor({ state: 'detached' });
    await waitSaved(page);

    const list = await saved();
    assert.equal(list.length, before + 3);
    const arrow = list.find((a) => a.kind === 'arrow');
    assert.equal(arrow?.shape?.strokes.length, 1);
    assert.equal(arrow?.shape?.strokes[0]?.length, 2);
    assert.equal(arrow?.shape?.color, '#cf1322', 'red by default');
    const [tail, head] = arrow?.shape?.strokes[0] ?? [];
    assert.ok(tail && head && (tail[0] ?? 0) > (head[0] ?? 0), 'the head is where the drag ended');
    assert.match(fragmentOf(arrow) ?? '', /^page=1&viewrect=[\d.]+,[\d.]+,[\d.]+,[\d.]+$/);
    assert.ok(quoteOf(arrow), 'the text under the arrow is quoted for carry-over');
    assert.equal(arrow?.comment, '这里的方法需要说明来源');

    const penMark = list.find((a) => a.kind === 'pen');
    assert.equal(penMark?.shape?.strokes.length, 2);
    const stylus = penMark?.shape?.strokes.find((stroke) => stroke.every((point) => point.length === 3));
    const mouse = penMark?.shape?.strokes.find((stroke) => stroke.every((point) => point.length === 2));
    assert.ok(stylus, 'the stylus stroke keeps its pressure per point');
    assert.ok(mouse, 'the mouse stroke has no pressure');
    const pressures = (stylus ?? []).map((point) => point[2] ?? 0);
    assert.ok(Math.max(...pressures) - Math.min(...pressures) > 0.3, `pressure varies: ${pressures.join(',')}`);

    const line = list.find((a) => a.kind === 'line');
    assert.equal(line?.shape?.strokes[0]?.length, 2);

    // Each drawn mark is on the page.
    for (const mark of [arrow, penMark, line]) {
      await page.locator(`.aw-page[data-page-index="0"] [data-annotation-id="${mark?.id}"]`).first().waitFor();
    }

    // 橡皮擦: a sweep across the line erases it; Ctrl+Z brings it back.
    await tool('橡皮擦').click();
    await page.mouse.move(x0 + 90, ty - 30);
    await page.mouse.down();
    await page.mouse.move(x0 + 90, ty + 40, { steps: 10 });
    await page.mouse.up();
    await waitSaved(page);
    await expect(async () => !(await saved()).some((a) => a.id === line?.id), 'the line is erased');
    assert.ok(
      (await saved()).some((a) => a.id === penMark?.id),
      'the pen mark away from the sweep stays',
    );
    await page.getByTestId('workspace-scroll').focus();
    await press(page, 'Control+z');
    await waitSaved(page);
    await expect(async () => (await saved()).some((a) => a.id === line?.id), 'undo restores the erased line');
    await press(page, 'v');
    assert.equal(await tool('橡皮擦').getAttribute('aria-pressed'), 'false', 'V puts the eraser down');
  });

  it('underlines a sentence and places a line from the keyboard alone', async () => {
    const { page } = browser;
    const before = await saved();
    await page.getByTestId('workspace-scroll').focus();
    await press(page, 'c');
    await page.getByTestId('keyboard-caret').waitFor();
    await press(page, 'ArrowDown', 'ArrowDown');
    const sentence = (await page.evaluate(() => window.getSelection()?.toString() ?? '')).replace(/\s/g, '');
    assert.ok(sentence.length > 4, `a sentence is selected: ${sentence}`);
    await press(page, 'u');
    await dialog().waitFor();
    await press(page, 'Control+Enter');
    await dialog().waitFor({ state: 'detached' });
    await press(page, 'Escape');
    await page.getByTestId('keyboard-caret').waitFor({ state: 'detached' });

    await press(page, 'l', 'Enter');
    await page.getByTestId('keyboard-hint').filter({ hasText: '放置直线' }).waitFor();
    await press(page, 'ArrowRight', 'Shift+ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowDown', 'Enter');
    await dialog().waitFor();
    await page.keyboard.type('这一段与上一段重复');
    await press(page, 'Control+Enter');
    await dialog().waitFor({ state: 'detached' });
    await waitSaved(page);

    const added = (await saved()).filter((a) => !before.some((b) => b.id === a.id));
    const underline = added.find((a) => a.kind === 'underline');
    assert.equal(quoteOf(underline)?.replace(/\s/g, ''), sentence);
    const line = added.find((a) => a.kind === 'line');
    const [from, to] = line?.shape?.strokes[0] ?? [];
    assert.ok(from && to, 'a line of two points');
    assert.ok((to[1] ?? 0) > (from[1] ?? 0), 'Shift+↓ moved its end down');
    assert.equal(line?.comment, '这一段与上一段重复');
  });

  it('keeps axe clean with the marking tools, the colour picker and the suggestion form', async () => {
    const { page } = browser;
    await tool('画笔').click();
    await page.getByTestId('draw-style').click();
    await page.getByRole('button', { name: '蓝色', exact: true }).click();
    assert.equal(await page.getByRole('button', { name: '蓝色', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await seriousViolations(page), [], 'with the colour picker open');
    await page.keyboard.press('Escape');
    await tool('修改建议').click();
    await selectText(
      page,
      { pageIndex: 1, needle: '评分与反馈', offset: 0 },
      { pageIndex: 1, needle: '评分与反馈', offset: 2 },
    );
    await dialog().waitFor();
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.screenshot({ path: '/tmp/h3/markup-1440.png' });
    await dialog().getByRole('button', { name: '取消' }).click();

    // A phone: the tools fold into one menu.
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: /^工具：修改建议/ });
    await menu.waitFor();
    await menu.click();
    await page.getByRole('menuitem', { name: '椭圆' }).click();
    await page.getByRole('button', { name: /^工具：椭圆/ }).waitFor();
    const phone = await seriousViolations(page);
    assert.deepEqual(phone, [], describeViolations(phone));
    await page.screenshot({ path: '/tmp/h3/markup-390.png' });
  });
});
