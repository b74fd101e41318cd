import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

/** Every screen of seed section 2 that lives in the layout, with its title. */
const SCREENS: Array<[string, string]> = [
  ['/annotate/topic/list', '批注选题'],
  ['/annotate/topic/review/1', '选题详情'],
  ['/annotate/topic/detail/1', '查看选题批注'],
  ['/annotate/thesis/list', '批注论文'],
  ['/annotate/thesis/finally/list', '审阅定稿'],
  ['/annotate/thesis/reviews/2', '论文详情'],
  ['/annotate/thesis/detail/2', '论文详情'],
  ['/annotate/thesis/detail/2?view=annotations', '查看论文批注'],
  ['/annotate/thesis/finally/3', '论文定稿'],
  ['/annotate/thesis/finallyDetail/3', '论文详情'],
  ['/annotate/thesisRetest/list', '论文复试列表'],
  ['/annotate/thesisRetest/detail4', '复试论文详情'],
  ['/annotate/thesisRetest/4', '复试论文详情'],
  ['/thesisPlan/list', '论文计划'],
  ['/thesis/reviewsPrint/5', '打印论文'],
  ['/thesis/finallyPrint/5', '打印论文'],
  ['/thesis/reviewBasic/5', '论文信息表'],
  ['/thesis/finallyBasic/5', '论文信息表'],
  ['/thesis/reviewsManual', '使用手册'],
  ['/thesis/attachment/5', '论文附件'],
  ['/thesis/finallyAttachment/5', '论文附件'],
  ['/thesisRetest/reviewBasic/6', '论文信息表'],
  ['/thesisRetest/reviewsPrint/6', '打印论文'],
  ['/thesisRetest/attachment/6', '论文附件'],
  ['/history/topic', '查看选题'],
  ['/history/review/7', '选题详情'],
  ['/history/detail/7', '查看选题批注'],
  ['/history/thesis', '查看论文'],
  ['/history/plan', '查看计划'],
  ['/data/index', '数据统计'],
  ['/classroom/list', '直播课程'],
  ['/annotate/practice/list', '批注练习'],
  ['/annotate/practice/review/8', '论文详情'],
  ['/annotate/practice/detail/8', '论文详情'],
  ['/notice', '通知公告'],
];

const REDIRECTS: Array<[string, string]> = [
  ['/', '/annotate/topic/list'],
  ['/annotate/thesis', '/annotate/thesis/list'],
  ['/annotate/thesis/finally', '/annotate/thesis/finally/list'],
  ['/annotate/thesisRetest', '/annotate/thesisRetest/list'],
  ['/thesisPlan', '/thesisPlan/list'],
  ['/history', '/history/topic'],
  ['/data', '/data/index'],
  ['/classroom', '/classroom/list'],
  ['/annotate/practice', '/annotate/practice/list'],
];

function topicRows(page: number, pageSize: number) {
  return Array.from({ length: pageSize }, (_, index) => {
    const id = (page - 1) * pageSize + index + 1;
    return {
      id,
      title: `基于大数据的自学考试学习行为分析（第 ${id} 号）`,
      studentName: `考生${id}`,
      examNo: `0101${String(id).padStart(8, '0')}`,
      majorName: '汉语言文学',
      batchName: '2026年下半年',
      version: 1,
      status: 'assigned',
      submittedAt: 1_790_000_000_000,
    };
  });
}

async function scrollTop(page: Page): Promise<number> {
  return page.getByTestId('layout-scroll').evaluate((element) => element.scrollTop);
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('layout', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let page: Page;
  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = browser.page;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await waitForPath(page, '/annotate/topic/list');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [path, title] of SCREENS) {
    it(`renders ${path} as a real page titled ${title}`, async () => {
      await page.goto(`${server.url}${path}`);
      await waitForTitle(page, title);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      assert.equal(await heading.textContent(), title);
      const crumbs = page.getByRole('navigation', { name: '面包屑' });
      assert.match(String(await crumbs.textContent()), new RegExp(title.replace(/[()]/g, '\\$&')));
      assert.ok(await page.getByRole('navigation', { name: '侧边栏' }).isVisible(), 'inside the layout');
    });
  }

  for (const [from, to] of REDIRECTS) {
    it(`redirects ${from} to ${to}`, async () => {
      await page.goto(`${server.url}${from}`);
      await waitForPath(page, to);
    });
  }

  it('renders /topicDetail/{id} without the layout', async () => {
    await page.goto(`${server.url}/topicDetail/9`);
    await waitForTitle(page, '查看选题批注');
    assert.equal(await page.getByRole('navigation', { name: '侧边栏' }).count(), 0);
  });

  it('shows the detail breadcrumb through its list', async () => {
    await page.goto(`${server.url}/annotate/topic/review/3`);
    const crumbs = page.getByRole('navigation', { name: '面包屑' });
    await crumbs.getByRole('link', { name: '批注选题' }).waitFor();
    assert.match(String(await crumbs.textContent()), /首页.*论文批注.*批注选题.*选题详情/);
  });

  it('keeps a cached list alive: search text, page and scroll survive a detail and back', async () => {
    // The topic list call belongs to a later issue (the server answers 404 today), so this test
    // feeds the list 60 rows; what it checks is the web's keep-alive, not the list data.
    await page.route('**/api/v1/topic/list', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { page?: number; pageSize?: number };
      const current = body.page ?? 1;
      const size = body.pageSize ?? 20;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          errorCode: 0,
          errorMsg: '',
          data: { list: topicRows(current, size), total: 60, page: current, pageSize: size },
        }),
      });
    });
    await page.goto(`${server.url}/annotate/topic/list`);
    await page.getByText('（第 1 号）').waitFor();
    await page.getByTestId('list-keyword').fill('学习行为');
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await page.getByText('（第 21 号）').waitFor();
    await page.getByTestId('layout-scroll').evaluate((element) => element.scrollTo(0, 420));
    await expect(async () => Math.abs((await scrollTop(page)) - 420) < 2, '列表已滚动');

    await page
      .getByRole('row', { name: /第 25 号/ })
      .getByRole('link', { name: '批注' })
      .click();
    await waitForPath(page, '/annotate/topic/review/25');
    await waitForTitle(page, '选题详情');
    await page.goBack();
    await waitForPath(page, '/annotate/topic/list');
    // The kept-alive list becomes visible again (it was hidden, not unmounted).
    await page.getByText('（第 21 号）').waitFor();

    assert.equal(await page.getByTestId('list-keyword').inputValue(), '学习行为', 'search text kept');
    const active = page.locator('.ant-pagination-item-active');
    assert.equal(await active.textContent(), '2', 'page kept');
    assert.ok(await page.getByText('（第 21 号）').isVisible());
    await expect(async () => Math.abs((await scrollTop(page)) - 420) < 2, '滚动位置恢复');
    await page.unroute('**/api/v1/topic/list');
  });

  // 'remembers a collapsed sidebar across a reload' checks the layout alone:
  // apps/web/src/app/layout/main-layout.test.tsx.

  it('turns the sidebar into a drawer below 992 px', async () => {
    await page.setViewportSize({ width: 820, height: 900 });
    await page.goto(`${server.url}/data/index`);
    await waitForTitle(page, '数据统计');
    assert.equal(await page.getByTestId('sidebar').count(), 0, 'no fixed sidebar on a narrow screen');
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByRole('dialog', { name: '导航菜单' });
    await drawer.waitFor();
    await drawer.getByText('评阅历史').click();
    await drawer.getByText('查看论文').click();
    await waitForPath(page, '/history/thesis');
    await expect(async () => !(await drawer.isVisible()), '抽屉关闭');
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.getByTestId('sidebar').waitFor();
  });
});
