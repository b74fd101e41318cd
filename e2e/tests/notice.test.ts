import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const SHOTS = process.env.NOTICE_SCREENSHOTS ?? '/tmp';

async function assertAccessible(page: Page): Promise<void> {
  // A hovered button shows its lighter hover colour; audit what the page shows at rest.
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, describeViolations(violations));
}

async function bellLabel(page: Page): Promise<string> {
  return (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('notices and the candidate’s read-only pages', () => {
  let server: TestServer;
  const browsers: TestBrowser[] = [];
  const open = async () => {
    const browser = await openBrowser();
    browser.page.setDefaultTimeout(30_000);
    browsers.push(browser);
    return browser.page;
  };

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    for (const browser of browsers) await browser.close();
    await server?.stop();
  });

  it('an admin publishes a notice to staff; the reviewer sees the badge, reads it and the count drops', async () => {
    const admin = await open();
    await admin.goto(`${server.url}/login`);
    await loginByPassword(admin, PHONES.admin);
    await waitForPath(admin, '/annotate/topic/list', 60_000).catch(async (error) => {
      await admin.screenshot({ path: `${SHOTS}/notice-admin-login-fail.png` });
      throw error;
    });
    await admin.goto(`${server.url}/notice`);
    await waitForTitle(admin, '通知公告');
    await admin.getByRole('button', { name: '发布通知' }).click();
    const dialog = admin.getByRole('dialog', { name: '发布通知' });
    await dialog.getByRole('button', { name: /发\s*布/ }).click();
    await dialog.getByText('请填写通知标题').waitFor();
    await dialog.getByLabel('全体教师').check();
    await dialog.getByLabel('标题').fill('2026年下半年论文评阅工作安排');
    await dialog
      .getByLabel('内容')
      .fill('各位评阅教师：本批次定稿评阅将于 12 月 20 日截止，请合理安排时间。\n如有疑问请联系考办。');
    await assertAccessible(admin);
    await admin.screenshot({ path: `${SHOTS}/notice-publish.png` });
    await dialog.getByRole('button', { name: /发\s*布/ }).click();
    await admin.getByText('通知已发布').waitFor();
    const row = admin.getByRole('row', { name: /2026年下半年论文评阅工作安排/ });
    await row.waitFor();
    await row.getByText('全体教师').waitFor();
    await assertAccessible(admin);
    await admin.screenshot({ path: `${SHOTS}/notice-admin.png`, fullPage: true });

    const reviewer = await open();
    await reviewer.goto(`${server.url}/login`);
    await loginByPassword(reviewer, PHONES.reviewer);
    await waitForPath(reviewer, '/annotate/topic/list', 60_000);
    await expect(async () => (await bellLabel(reviewer)) === '通知公告，1 条未读', 'the bell counts one unread notice');
    await reviewer.getByTestId('notice-bell').click();
    await waitForPath(reviewer, '/notice');
    await waitForTitle(reviewer, '通知公告');
    await reviewer.getByTestId('notice-unread-count').getByText('未读 1 条').waitFor();
    await assertAccessible(reviewer);
    await reviewer.screenshot({ path: `${SHOTS}/notice-reviewer-unread.png`, fullPage: true });

    await reviewer.getByRole('button', { name: '2026年下半年论文评阅工作安排', exact: true }).click();
    const detail = reviewer.getByTestId('notice-detail');
    await detail.getByText('本批次定稿评阅将于 12 月 20 日截止').waitFor();
    await detail.getByText('赵管理').waitFor();
    await expect(async () => (await bellLabel(reviewer)) === '通知公告', 'the bell has no unread count left');
    await assertAccessible(reviewer);
    await reviewer.screenshot({ path: `${SHOTS}/notice-reviewer-drawer.png` });
    await reviewer.keyboard.press('Escape');
    await reviewer.getByTestId('notice-unread-count').getByText('未读 0 条').waitFor();
    await reviewer.getByRole('row', { name: /已读.*2026年下半年论文评阅工作安排/ }).waitFor();
    assert.equal(await reviewer.getByRole('button', { name: '发布通知' }).count(), 0, 'only admins publish');
  });

  it('a finished review reaches the candidate as a notice; the candidate’s exam, certificate and course pages', async () => {
    // The reviewer passes 李同学's resubmitted draft (seeded) through the API.
    const token = await apiLogin(server, PHONES.reviewer, 'Zikao@2026');
    const drafts = await callApi<{ list: Array<{ id: number; studentName: string; version: number }> }>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 50, stage: 'draft', scope: 'todo' },
      token,
    );
    const draft = drafts.data.list.find((row) => row.studentName === '李同学');
    assert.ok(draft, '李同学 has a draft waiting for review');
    const submitted = await callApi(
      server,
      '/v1/review/submit',
      {
        submissionId: draft.id,
        versionNo: draft.version,
        verdict: 'pass',
        comment: '修改稿回应了上次评阅的全部意见，论证更加充分，结构清晰，语言规范，同意进入定稿阶段。'.repeat(2),
      },
      token,
    );
    assert.equal(submitted.errorCode, 0, submitted.errorMsg);
    await server.waitForLog((line) => line.msg === 'sms sent' && line.phone === PHONES.student);

    const student = await open();
    await student.goto(`${server.url}/student/login`);
    await loginByPassword(student, PHONES.student);
    await waitForPath(student, '/student', 60_000);
    await expect(async () => (await bellLabel(student)) === '通知公告，1 条未读', 'the candidate’s bell counts one');
    await student.getByTestId('notice-bell').click();
    await waitForPath(student, '/student/notice');
    await student.getByRole('button', { name: '您的论文初稿已评阅', exact: true }).click();
    await student
      .getByTestId('notice-detail')
      .getByText(/论文初稿评阅结果：通过/)
      .waitFor();
    await assertAccessible(student);
    await student.screenshot({ path: `${SHOTS}/notice-student.png` });
    await student.keyboard.press('Escape');

    await student.goto(`${server.url}/student/exam`);
    await waitForTitle(student, '考试');
    const main = student.getByRole('main');
    await main.getByText('030124100001').waitFor();
    await main.getByRole('cell', { name: '论文初稿' }).waitFor();
    await main.getByRole('cell', { name: '已通过' }).first().waitFor();
    await assertAccessible(student);
    await student.screenshot({ path: `${SHOTS}/student-exam.png`, fullPage: true });

    await student.goto(`${server.url}/student/certificate`);
    await waitForTitle(student, '证书');
    await student.getByTestId('certificate-status').getByText('未满足条件').waitFor();
    await main.getByText('毕业论文定稿（或复试）评阅通过').waitFor();
    await assertAccessible(student);
    await student.screenshot({ path: `${SHOTS}/student-certificate.png`, fullPage: true });

    await student.goto(`${server.url}/student/course`);
    await waitForTitle(student, '课程');
    // The demo's live course (issue 14): the candidate can enter it now.
    await main.getByRole('link', { name: '进入课堂：毕业论文写作规范与查重要点' }).waitFor();
    await assertAccessible(student);
    await student.screenshot({ path: `${SHOTS}/student-course.png` });
  });
});
