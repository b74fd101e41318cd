// Takes the handbook's pictures (docs/handbook/images/*.png and their sizes in sizes.json) from the
// production build served by the real server with its demo data, so the 使用手册 shows the screens
// as they are: `npm run build -w @zikao/web && npm run screenshots -w @zikao/e2e`.
// HANDBOOK_IMAGES_DIR writes them elsewhere (to look at them before replacing the committed ones).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, callApi } from './api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from './app.ts';
import { openBrowser, type TestBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';
import { selectText, waitForPageText } from './workspace.ts';

const VIEWPORT = { width: 1280, height: 800 };
const outDir = path.resolve(
  process.env.HANDBOOK_IMAGES_DIR ?? path.resolve(import.meta.dirname, '../../docs/handbook/images'),
);

interface Row {
  id: number;
  status: string;
  studentName: string;
  title: string;
  batchName: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

const sizes: Record<string, [number, number]> = {};

async function save(name: string, png: Buffer): Promise<void> {
  await writeFile(path.join(outDir, `${name}.png`), png);
  sizes[`${name}.png`] = pngSize(png);
  console.log(`  ${name}.png ${sizes[`${name}.png`]?.join('×')}`);
}

/** Waits until the page has stopped loading and animating, so the picture is the settled screen. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('#nprogress').waitFor({ state: 'detached' });
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  // Selecting text or focusing a field may have scrolled the layout; the picture starts at its top.
  await page.evaluate(() => {
    document.querySelector('.layout-scroll')?.scrollTo(0, 0);
    document.scrollingElement?.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

async function shootPage(page: Page, name: string): Promise<void> {
  await settle(page);
  await save(name, await page.screenshot());
}

async function shootElement(page: Page, element: Locator, name: string): Promise<void> {
  await settle(page);
  await element.scrollIntoViewIfNeeded();
  await save(name, await element.screenshot());
}

async function signedIn(server: TestServer, phone: string): Promise<TestBrowser> {
  const browser = await openBrowser({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await browser.page.goto(`${server.url}/login`);
  await loginByPassword(browser.page, phone);
  await browser.page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await browser.page.getByTestId('header-user-name').filter({ hasNotText: '用户' }).waitFor();
  return browser;
}

async function rows(server: TestServer, token: string, listPath: string): Promise<Row[]> {
  const result = await callApi<{ list: Row[] }>(server, listPath, { scope: 'all', page: 1, pageSize: 50 }, token);
  if (result.errorCode !== 0) throw new Error(`${listPath}: ${result.errorMsg}`);
  return result.data.list;
}

await mkdir(outDir, { recursive: true });
const server = await startServer();
try {
  const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
  const drafts = await rows(server, token, '/v1/thesis/list');
  const finals = await rows(server, token, '/v1/final/list');
  const resubmitted = drafts.find((row) => row.studentName === '李同学');
  const finalInReview =
    finals.find((row) => row.status === 'reviewing') ?? finals.find((row) => row.status === 'assigned');
  if (!resubmitted || !finalInReview) throw new Error('the demo data lacks 李同学’s draft or a final in review');

  // 常用批注语 as reviewers build them up: the admin's shared ones (公共) and the reviewer's own.
  const adminToken = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
  const bank: Array<[string, string, string, boolean]> = [
    [adminToken, '参考文献格式不符合 GB/T 7714 的要求，请逐条核对。', 'citation', true],
    [adminToken, '论点与论据之间缺少必要的分析，请补充论证过程。', 'content', true],
    [token, '此处表述口语化，建议改为书面语。', 'language', false],
    [token, '本节与论文主题关系不大，建议删除或压缩。', 'structure', false],
    [token, '图表缺少编号和标题，请按规范补齐。', 'format', false],
  ];
  for (const [owner, text, category, shared] of bank) {
    const saved = await callApi(server, '/v1/comment-bank/save', { text, category, shared }, owner);
    if (saved.errorCode !== 0) throw new Error(`comment bank: ${saved.errorMsg}`);
  }

  // 登录
  const guest = await openBrowser({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    await guest.page.goto(`${server.url}/login`);
    await waitForTitle(guest.page, '登录');
    await guest.page.getByAltText('图形验证码').waitFor();
    await shootPage(guest.page, 'login');
  } finally {
    await guest.close();
  }

  const reviewer = await signedIn(server, PHONES.reviewer);
  try {
    const { page } = reviewer;
    // 首页 and the menu
    await page.goto(`${server.url}/home`);
    await waitForTitle(page, '首页');
    await shootPage(page, 'home');

    // 批注论文: the list with its status tabs, filters and a blind-review row
    await page.goto(`${server.url}/annotate/thesis/list`);
    await waitForTitle(page, '批注论文');
    await page.locator('.ant-table-row').first().waitFor();
    await shootPage(page, 'list');

    // The review screen: 李同学's resubmitted draft, its annotations on the page and in the list
    await page.goto(`${server.url}/annotate/thesis/reviews/${resubmitted.id}`);
    await waitForTitle(page, '论文详情');
    await waitForPageText(page, 0);
    await page.getByRole('tab', { name: '批注', exact: true }).click();
    const firstNote = page.locator('.aw-item-open').first();
    await firstNote.waitFor({ timeout: 30_000 });
    await firstNote.click();
    await page.waitForTimeout(800);
    await shootPage(page, 'workspace');

    // The toolbar alone
    await shootElement(page, page.getByRole('toolbar', { name: '批注工具栏' }), 'toolbar');

    // 添加批注: select words, press H; the dialog with the categories and 常用批注语
    await waitForPageText(page, 1);
    await page.getByTestId('workspace-scroll').evaluate((element) => {
      const second = element.querySelector('.aw-page[data-page-index="1"]');
      second?.scrollIntoView({ block: 'start' });
    });
    await waitForPageText(page, 1);
    await selectText(
      page,
      { pageIndex: 1, needle: '一个窗口', offset: 0 },
      { pageIndex: 1, needle: '一个窗口', offset: 4 },
    );
    await page.keyboard.press('h');
    const dialog = page.getByRole('dialog', { name: '添加批注' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '语言', exact: true }).click();
    await dialog.getByLabel(/批注内容/).fill('“窗口”是比喻说法，建议改为更准确的学术表述。');
    await page.waitForTimeout(300);
    await shootPage(page, 'annotation-form');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // 键盘快捷键 (?)
    // Tall enough for the whole list of shortcuts.
    await page.setViewportSize({ width: VIEWPORT.width, height: 1500 });
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: '键盘快捷键' });
    await help.waitFor();
    await shootElement(page, help, 'shortcuts');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.setViewportSize(VIEWPORT);

    // 批注核对: the annotations carried from version 1
    await page.getByRole('tab', { name: /批注核对/ }).click();
    await page.getByTestId('carried-panel').waitFor();
    await shootPage(page, 'carried');

    // 评阅 on a final: verdict, score and grade, rubric, 评阅意见
    await page.goto(`${server.url}/annotate/thesis/finally/${finalInReview.id}`);
    await waitForTitle(page, '论文定稿');
    await page.getByRole('tab', { name: '评阅', exact: true }).click();
    const form = page.getByRole('form', { name: '评阅表单' });
    await form.waitFor();
    const rubric = form.getByRole('spinbutton');
    for (const [index, score] of ['18', '42', '26'].entries()) await rubric.nth(index).fill(score);
    await form.getByText('良好').first().waitFor();
    await shootPage(page, 'review-form');

    // 打印论文
    await page.goto(`${server.url}/thesis/reviewsPrint/${resubmitted.id}`);
    await waitForTitle(page, '打印论文');
    await page.getByTestId('print-page').first().waitFor({ timeout: 90_000 });
    await shootPage(page, 'print');

    // 论文信息表
    await page.goto(`${server.url}/thesis/reviewBasic/${resubmitted.id}`);
    await waitForTitle(page, '论文信息表');
    await page.getByTestId('information-sheet').waitFor();
    await shootPage(page, 'information-sheet');

    // 数据统计, the reviewer's own figures
    await page.goto(`${server.url}/data/index`);
    await waitForTitle(page, '数据统计');
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1200);
    await shootPage(page, 'statistics');
  } finally {
    await reviewer.close();
  }

  const admin = await signedIn(server, PHONES.admin);
  try {
    const { page } = admin;
    await waitForPath(page, page.url().replace(server.url, '').split('?')[0] ?? '/');
    // 评阅链接 in the console
    await page.goto(`${server.url}/console/review-link`);
    await waitForTitle(page, '评阅链接');
    await page.locator('.ant-table-wrapper').first().waitFor();
    await shootPage(page, 'review-links');

    // 公共评语库
    await page.goto(`${server.url}/console/comment-bank`);
    await waitForTitle(page, '公共评语库');
    await page.locator('.ant-table-wrapper, .ant-list').first().waitFor();
    await shootPage(page, 'comment-bank');

    // The admin's 数据统计 with the workload table
    await page.goto(`${server.url}/data/index`);
    await waitForTitle(page, '数据统计');
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('workload-table').locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await shootElement(page, page.locator('.st-table-card').first(), 'statistics-workload');
  } finally {
    await admin.close();
  }

  await writeFile(path.join(outDir, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
  console.log(`handbook screenshots written to ${outDir}`);
} finally {
  await server.stop();
}
