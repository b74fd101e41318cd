import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AdminHome, ReviewerHome } from '@zikao/contract/home';
import type { SubmissionListResult } from '@zikao/contract/review';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { assertNoSidewaysScroll } from '../support/fit.ts';
import { startServer, type TestServer } from '../support/server.ts';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const COMMENT = '修改稿回应了上次评阅的全部意见，论证更加充分，结构清晰，语言规范，同意进入定稿阶段。'.repeat(2);

async function axeClean(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, `${where}\n${describeViolations(violations)}`);
}

async function staffHome<T>(server: TestServer, phone: string, which: 'reviewer' | 'admin'): Promise<T> {
  const token = await apiLogin(server, phone, 'Zikao@2026');
  const result = await callApi<T>(server, `/v1/home/${which}`, {}, token);
  assert.equal(result.errorCode, 0, result.errorMsg);
  return result.data;
}

const nextCard = (page: Page) => page.getByTestId('home-next-action');

/**
 * The whole home at 1440 wide (a tall window, so nothing below the fold is left out of the
 * screenshot), then at 390 × 844 with nothing scrolling sideways, then back to 1440 × 900.
 */
async function checkWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: DESKTOP.width, height: 1700 });
  await page.screenshot({ path: path.join(SHOTS, `home-${name}-1440.png`) });
  await page.setViewportSize(PHONE);
  await page.getByTestId('home-next-action').waitFor();
  // Right after the resize (the menu may not have become a drawer yet), and once it has.
  await assertNoSidewaysScroll(page, `${name} home at 390 px`);
  await page.getByTestId('sidebar').waitFor({ state: 'detached' });
  await assertNoSidewaysScroll(page, `${name} home at 390 px, the menu a drawer`);
  await page.screenshot({ path: path.join(SHOTS, `home-${name}-390.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

describe('each role’s home (issue 21 §3)', () => {
  let server: TestServer;
  let browser: TestBrowser | undefined;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fresh = async (viewport = DESKTOP, mobile = false) => {
    await browser?.close();
    browser = await openBrowser(mobile ? { viewport, isMobile: true, hasTouch: true } : { viewport });
    browser.page.setDefaultTimeout(30_000);
    return browser.page;
  };

  it('the reviewer: what waits by stage and due date, the oldest first, the reopened review with its reason; 继续评阅 opens the oldest', async () => {
    const expected = await staffHome<ReviewerHome>(server, PHONES.reviewer, 'reviewer');
    const oldest = expected.queue[0];
    assert.ok(oldest, 'the demo reviewer has work waiting');
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    // '/' stays the seed's: the annotation area. 首页 heads the menu and the breadcrumb.
    await waitForPath(page, '/annotate/topic/list');
    const sidebar = page.getByRole('navigation', { name: '侧边栏' });
    await sidebar.getByRole('menuitem', { name: /首页/ }).waitFor();
    await page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '首页' }).click();
    await waitForPath(page, '/home');
    await waitForTitle(page, '首页');

    const next = nextCard(page);
    await next.getByText(`下一篇：${oldest.title}`).waitFor();
    await next.getByText(`有 ${expected.waiting} 篇论文等待您评阅`, { exact: false }).waitFor();
    assert.equal(await page.getByTestId('home-stage').count(), 5, 'one count per stage');
    for (const stage of expected.stages) {
      const label = { topic: '选题', plan: '论文计划', draft: '论文初稿', final: '定稿', retest: '复试' }[stage.stage];
      const tile = page.getByTestId('home-stage').filter({ hasText: label }).first();
      assert.match(String(await tile.textContent()), new RegExp(`${label}${stage.assigned + stage.reviewing}`));
    }
    const queue = page.getByRole('list', { name: '待评阅队列' });
    const items = queue.getByTestId('home-queue-item');
    assert.equal(await items.count(), expected.queue.length);
    assert.match(String(await items.first().textContent()), /超期/, 'the oldest is overdue');
    assert.equal(await items.first().getByRole('link').textContent(), oldest.title);
    // Blind review: the queue says 盲审 where the batch is blind, and never a name there.
    const blind = expected.queue.filter((item) => item.blind);
    assert.ok(blind.length > 0);
    assert.equal(await queue.getByText('盲审', { exact: true }).count(), blind.length);
    const reopened = expected.reopened[0];
    assert.ok(reopened?.reopened, 'the demo has a review the admin handed back');
    await page.getByRole('list', { name: '被退回的评阅' }).getByText(reopened.reopened.reason).waitFor();
    await axeClean(page, 'reviewer home');
    await checkWidths(page, 'reviewer');

    await next.getByRole('button', { name: '继续评阅' }).click();
    const screens = {
      topic: '/annotate/topic/review/',
      plan: '/thesisPlan/review/',
      draft: '/annotate/thesis/reviews/',
      final: '/annotate/thesis/finally/',
      retest: '/annotate/thesisRetest/',
    };
    await waitForPath(page, `${screens[oldest.stage]}${oldest.submissionId}`);
  });

  it('the admin: each open batch’s progress, unassigned work, overdue reviews and 待复核; 去分配 opens the assignment screen', async () => {
    const expected = await staffHome<AdminHome>(server, PHONES.admin, 'admin');
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await waitForPath(page, '/annotate/topic/list');
    await page.getByRole('navigation', { name: '侧边栏' }).getByRole('menuitem', { name: /首页/ }).click();
    await waitForPath(page, '/home');
    await waitForTitle(page, '首页');

    assert.ok(expected.totals.unassigned > 0, 'the demo has unassigned work');
    await nextCard(page).getByText(`${expected.totals.unassigned} 篇论文等待分配评阅教师`).waitFor();
    await expect(
      async () =>
        (await page.getByTestId('home-stat-unassigned').locator('.ant-statistic-content').textContent())?.startsWith(
          String(expected.totals.unassigned),
        ) ?? false,
      '待分配 counts every unassigned submission',
    );
    assert.equal(await page.getByTestId('home-batch').count(), expected.batches.length);
    for (const batch of expected.batches) {
      await page
        .getByRole('img', { name: new RegExp(`^${batch.name}：`) })
        .first()
        .waitFor();
    }
    const overdue = page.getByRole('list', { name: '超期评阅' });
    for (const item of expected.overdue) await overdue.getByText(item.title).waitFor();
    assert.ok(expected.awaitingCheck.length > 0, 'the demo has a final waiting for 复核');
    const checks = page.getByRole('list', { name: '待复核' });
    for (const item of expected.awaitingCheck) await checks.getByText(item.title).waitFor();
    await axeClean(page, 'admin home');
    await checkWidths(page, 'admin');

    await nextCard(page).getByRole('button', { name: '去分配' }).click();
    await waitForPath(page, '/console/assignment');
    await waitForTitle(page, '评阅分配');
  });

  it('the teacher: today’s courses and practice; 打开板书 opens the live course’s board', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.teacher);
    // A teacher's '/' is the first route of their menu, now 首页.
    await waitForPath(page, '/home');
    await waitForTitle(page, '首页');
    const courses = page.getByRole('list', { name: '今日课程' });
    await courses.getByText('毕业论文写作规范与查重要点').waitFor();
    await courses.getByTestId('home-course').filter({ hasText: '直播中' }).first().waitFor();
    await page
      .getByTestId('home-practice')
      .getByRole('img', { name: /最近 \d+ 次得分/ })
      .waitFor();
    await page.getByRole('list', { name: '未完成的练习' }).getByText('新媒体环境下的公文写作规范').waitFor();
    await nextCard(page).getByText('正在直播：毕业论文写作规范与查重要点').waitFor();
    await axeClean(page, 'teacher home');
    await checkWidths(page, 'teacher');

    const popup = page.context().waitForEvent('page');
    await nextCard(page).getByRole('button', { name: '打开板书' }).click();
    const board = await popup;
    await board.waitForURL((url) => url.pathname === '/board' && url.searchParams.get('role') === 'presenter');
    await waitForTitle(board, '直播课程');
  });

  it('the candidate: where the thesis stands, unread feedback and the next step; on a phone too', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/student/login`);
    await loginByPassword(page, PHONES.student);
    await waitForPath(page, '/student');
    await waitForTitle(page, '考生中心');
    // 李同学's draft (version 2) is with the reviewer: nothing to do but wait.
    const step = page.getByTestId('student-next-step');
    await step.getByText('论文初稿（第 2 版）正在评阅中').waitFor();
    await page.getByRole('list', { name: '论文阶段时间线' }).or(page.getByLabel('论文阶段时间线')).first().waitFor();
    const results = page.getByRole('list', { name: '评阅结果' });
    await results.getByText('选题').waitFor();
    await results.getByText('退回修改').waitFor();
    await page.getByTestId('student-unread').getByText('没有未读消息').waitFor();
    await axeClean(page, 'candidate home, waiting');
    await step.getByRole('button', { name: '查看论文进度' }).click();
    await waitForPath(page, '/student/thesis');

    // The reviewer passes the draft: the result reaches the candidate as an unread notice, and
    // reading it is the next step; after that, the final is due, with its deadline.
    const token = await apiLogin(server, PHONES.reviewer, 'Zikao@2026');
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 50, stage: 'draft', scope: 'todo' },
      token,
    );
    const draft = drafts.data.list.find((row) => row.studentName === '李同学');
    assert.ok(draft, '李同学 has a draft waiting for review');
    const passed = await callApi(
      server,
      '/v1/review/submit',
      { submissionId: draft.id, versionNo: draft.version, verdict: 'pass', comment: COMMENT },
      token,
    );
    assert.equal(passed.errorCode, 0, passed.errorMsg);

    await page.goto(`${server.url}/student`);
    await step.getByText('您的论文初稿已评阅').waitFor();
    await page.getByRole('list', { name: '未读消息' }).getByText('您的论文初稿已评阅').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'home-candidate-1440.png'), fullPage: true });
    await step.getByRole('button', { name: '查看评阅结果' }).click();
    await waitForPath(page, '/student/thesis');
    await expect(
      async () => (await page.getByTestId('notice-bell').getAttribute('aria-label')) === '通知公告',
      'reading it from the home marks the notice read',
    );
    await page.goto(`${server.url}/student`);
    await step.getByText('定稿开放提交中，请上传定稿和查重报告').waitFor();
    await step
      .getByTestId('student-deadline')
      .getByText(/截止时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
      .waitFor();
    await page.getByTestId('student-unread').getByText('没有未读消息').waitFor();
    await axeClean(page, 'candidate home, final due');
    await step.getByRole('button', { name: '上传定稿' }).click();
    await waitForPath(page, '/student/thesis');
    await page.getByTestId('stage-final').waitFor();

    const phone = await fresh(PHONE, true);
    await phone.goto(`${server.url}/student/login`);
    await loginByPassword(phone, PHONES.student);
    await waitForPath(phone, '/student');
    await phone.getByTestId('student-next-step').getByText('定稿开放提交中，请上传定稿和查重报告').waitFor();
    await phone.getByRole('heading', { name: '考生中心', exact: true }).waitFor();
    await phone.waitForLoadState('networkidle');
    await assertNoSidewaysScroll(phone, '/student');
    await axeClean(phone, 'candidate home on a phone');
    await phone.screenshot({ path: path.join(SHOTS, 'home-candidate-390.png'), fullPage: true });
  });
});
