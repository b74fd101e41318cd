import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import {
  fillAnnotation,
  listAnnotations,
  selectText,
  uploadDocument,
  waitForPageText,
  waitSaved,
} from '../support/workspace.ts';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('workspace tools, comment bank, side list and two tabs', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let documentId: number;
  let url: string;

  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    // The machine running CI may be busy; these waits are for real conversions and renders.
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    documentId = await uploadDocument(server, token, thesisDocx({ pages: 3, paragraphsPerPage: 5 }), '论文.docx');
    url = `${server.url}/document/${documentId}`;
    const { page } = browser;
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

  it('draws an area box, places a page note and a stamp', async () => {
    const { page } = browser;
    const pageBox = await page.locator('.aw-page[data-page-index="0"]').boundingBox();
    assert.ok(pageBox);
    await page.keyboard.press('a');
    await page.mouse.move(pageBox.x + 60, pageBox.y + 60);
    await page.mouse.down();
    await page.mouse.move(pageBox.x + 260, pageBox.y + 140, { steps: 5 });
    await page.mouse.up();
    await fillAnnotation(page, '格式', '图表标题格式不规范');

    await page.getByRole('button', { name: '页面批注' }).click();
    await page.mouse.click(pageBox.x + pageBox.width - 40, pageBox.y + 200);
    await fillAnnotation(page, '其他', '本页页边距过窄');

    await page.getByRole('button', { name: /印章/ }).click();
    await page.getByRole('menuitem', { name: /优秀/ }).click();
    await page.mouse.click(pageBox.x + pageBox.width - 80, pageBox.y + 400);
    const dialog = page.getByRole('dialog', { name: '添加批注' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitSaved(page);

    const saved = await listAnnotations(server, token, documentId);
    const kinds = saved.map((a) => a.kind).sort();
    assert.deepEqual(kinds, ['area', 'note', 'stamp']);
    const area = saved.find((a) => a.kind === 'area');
    const fragment = area?.selectors.find((s) => s.type === 'FragmentSelector');
    assert.match(
      fragment?.type === 'FragmentSelector' ? fragment.value : '',
      /^page=1&viewrect=[\d.]+,[\d.]+,[\d.]+,[\d.]+$/,
    );
    assert.equal(saved.find((a) => a.kind === 'stamp')?.stamp, '优');
    for (const annotation of saved) {
      await page.locator(`.aw-page[data-page-index="0"] [data-annotation-id="${annotation.id}"]`).waitFor();
    }
  });

  it('inserts a comment-bank entry with one click and saves a new one from a comment', async () => {
    const { page } = browser;
    await callApi(server, '/v1/comment-bank/save', { text: '论据不足，请补充数据', category: 'content' }, token);
    await selectText(
      page,
      { pageIndex: 0, needle: '本文以高等教育', offset: 0 },
      { pageIndex: 0, needle: '本文以高等教育', offset: 7 },
    );
    const dialog = page.getByRole('dialog', { name: '添加批注' });
    await dialog.getByRole('button', { name: /论据不足，请补充数据/ }).click();
    assert.equal(await dialog.getByLabel(/批注内容/).inputValue(), '论据不足，请补充数据');
    await dialog.getByLabel(/批注内容/).fill('请统一术语：自学考试');
    await dialog.getByRole('button', { name: '存为常用批注' }).click();
    await page.getByText('已存为常用批注').waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitSaved(page);
    const bank = await callApi<Array<{ text: string }>>(server, '/v1/comment-bank/list', {}, token);
    assert.ok(bank.data.some((entry) => entry.text === '请统一术语：自学考试'));
  });

  it('filters the side list by category and jumps to an annotation on a far page', async () => {
    const { page } = browser;
    await page.getByRole('group', { name: '按类别筛选' }).getByRole('button', { name: /格式/ }).click();
    const list = page.getByRole('list', { name: '批注列表' });
    await expect(async () => (await list.locator('li.aw-item').count()) === 1, 'only the 格式 annotation', 30_000);
    await page.getByRole('group', { name: '按类别筛选' }).getByRole('button', { name: /格式/ }).click();
    await expect(async () => (await list.locator('li.aw-item').count()) === 4, 'all four again', 30_000);

    // A highlight on the last page, then jump to it from the list.
    await page.getByLabel('页码').fill('3');
    await page.getByLabel('页码').press('Enter');
    await waitForPageText(page, 2);
    await selectText(
      page,
      { pageIndex: 2, needle: '第 3 页第 5 段', offset: 0 },
      { pageIndex: 2, needle: '第 3 页第 5 段', offset: 9 },
    );
    await fillAnnotation(page, '引用', '末页引用格式有误');
    await waitSaved(page);
    await page.getByLabel('页码').fill('1');
    await page.getByLabel('页码').press('Enter');
    await list.getByText('末页引用格式有误').click();
    const mark = page.locator('.aw-page[data-page-index="2"] .aw-flash .aw-hl').first();
    await mark.waitFor();
    const box = await mark.boundingBox();
    const view = await page.getByTestId('workspace-scroll').boundingBox();
    assert.ok(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height, 'in view');
  });

  it('two tabs editing the same document do not overwrite each other', async () => {
    const { page, context } = browser;
    const other = await context.newPage();
    await other.goto(url);
    await waitForPageText(other, 0);
    const target = (await listAnnotations(server, token, documentId)).find((a) => a.comment === '本页页边距过窄');
    assert.ok(target);

    // Tab 2 edits first; tab 1 then edits its older copy of the same annotation.
    const item = (p: typeof page) =>
      p.getByRole('list', { name: '批注列表' }).locator('li.aw-item', { hasText: '本页页边距过窄' });
    await other.bringToFront();
    await item(other).getByRole('button', { name: '编辑批注' }).click();
    await item(other)
      .getByLabel(/批注内容/)
      .fill('本页页边距过窄（第二个窗口）');
    await item(other).getByRole('button', { name: '保存' }).click();
    await waitSaved(other);

    await page.bringToFront();
    await item(page).getByRole('button', { name: '编辑批注' }).click();
    await item(page)
      .getByLabel(/批注内容/)
      .fill('第一个窗口的修改');
    await item(page).getByRole('button', { name: '保存' }).click();
    await page.getByText('该批注已在其他窗口或由他人修改，已载入最新内容').waitFor();
    await page.getByRole('list', { name: '批注列表' }).getByText('本页页边距过窄（第二个窗口）').waitFor();
    const after = (await listAnnotations(server, token, documentId)).find((a) => a.id === target.id);
    assert.equal(after?.comment, '本页页边距过窄（第二个窗口）', "the other tab's edit stands");

    // New annotations from both tabs are all kept.
    const before = (await listAnnotations(server, token, documentId)).length;
    await other.bringToFront();
    await selectText(
      other,
      { pageIndex: 0, needle: '第 1 页第 2 段', offset: 0 },
      { pageIndex: 0, needle: '第 1 页第 2 段', offset: 9 },
    );
    await fillAnnotation(other, '语言', '窗口二的新批注');
    await page.bringToFront();
    await page.getByLabel('页码').fill('1');
    await page.getByLabel('页码').press('Enter');
    await waitForPageText(page, 0);
    await selectText(
      page,
      { pageIndex: 0, needle: '第 1 页第 3 段', offset: 0 },
      { pageIndex: 0, needle: '第 1 页第 3 段', offset: 9 },
    );
    await fillAnnotation(page, '语言', '窗口一的新批注');
    await waitSaved(page);
    await waitSaved(other);
    await expect(
      async () => (await listAnnotations(server, token, documentId)).length === before + 2,
      'both kept',
      30_000,
    );
    await other.close();
  });

  it('zooms with Ctrl/⌘ + = and −, redrawing highlights at the new size', async () => {
    const { page } = browser;
    await page.getByLabel('页码').fill('1');
    await page.getByLabel('页码').press('Enter');
    await waitForPageText(page, 0);
    const zoomLabel = page.getByRole('button', { name: /%，点击适合宽度/ });
    const before = await zoomLabel.textContent();
    const width = async () => (await page.locator('.aw-page[data-page-index="0"]').boundingBox())?.width ?? 0;
    const narrow = await width();
    await page.locator('body').press('Control+=');
    await expect(async () => (await zoomLabel.textContent()) !== before, 'zoom label changes', 30_000);
    await expect(async () => (await width()) > narrow * 1.05, 'pages grow', 30_000);
    await waitForPageText(page, 0);
    const mark = page.locator('.aw-page[data-page-index="0"] [data-annotation-id] .aw-hl').first();
    await mark.waitFor();
    await page.locator('body').press('Control+-');
    await expect(async () => Math.abs((await width()) - narrow) < 2, 'back to the first size', 30_000);
  });

  it('undoes a delete from the toast', async () => {
    const { page } = browser;
    const list = page.getByRole('list', { name: '批注列表' });
    const item = list.locator('li.aw-item', { hasText: '末页引用格式有误' });
    await item.getByRole('button', { name: '删除批注' }).click();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await expect(async () => (await item.count()) === 0, 'removed from the list', 30_000);
    await page.locator('.ant-message').getByRole('button', { name: '撤销' }).click();
    await expect(async () => (await item.count()) === 1, 'back in the list', 30_000);
    await waitSaved(page);
    await expect(
      async () => (await listAnnotations(server, token, documentId)).some((a) => a.comment === '末页引用格式有误'),
      'restored on the server',
      30_000,
    );
  });

  it('threads replies under an annotation', async () => {
    const { page } = browser;
    const item = page.getByRole('list', { name: '批注列表' }).locator('li.aw-item', { hasText: '图表标题格式不规范' });
    await item.getByRole('button', { name: '回复' }).click();
    await item.getByLabel('回复内容').fill('已按模板修改图表标题');
    await item.getByRole('button', { name: '回复', exact: true }).last().click();
    await item.getByRole('list', { name: '回复' }).getByText('已按模板修改图表标题').waitFor();
    await waitSaved(page);
    await expect(
      async () =>
        (await listAnnotations(server, token, documentId))
          .find((a) => a.comment === '图表标题格式不规范')
          ?.replies.some((r) => r.comment === '已按模板修改图表标题') === true,
      'reply saved on the server',
      30_000,
    );
  });
});
