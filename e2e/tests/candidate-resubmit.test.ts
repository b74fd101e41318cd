import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { SubmissionListResult } from '@zikao/contract/review';
import type { Page } from 'playwright-core';
import { multiPagePdf, thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const COMMENT =
  '论文结构基本完整，但第二章的论证不够充分，部分例证缺少出处，参考文献格式也不统一。请补充语料来源，完善第二章的分析，并按规范整理参考文献后重新提交。';

async function chooseVerdict(page: Page, label: string): Promise<void> {
  await page.locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(async () => page.getByRole('radio', { name: label, exact: true }).isChecked(), `verdict ${label}`);
}

async function studentPage(server: TestServer, page: Page): Promise<void> {
  await page.goto(`${server.url}/student/thesis`);
  await waitForTitle(page, '我的论文');
  await page.getByTestId('stage-draft').waitFor();
}

diagnoseFailures();

/**
 * The demo candidate's resubmitted draft (李同学, version 2, 待评阅): what the candidate reads of it,
 * the reviewer returning it with 下一篇 after, and the candidate's next version, where a refused
 * file keeps the good one and a second tab's submit is explained (issue 32 §1.2, §1.7, §2.7, §3).
 */
describe('a candidate’s resubmission, its review and the next version (issue 32)', () => {
  let server: TestServer;
  let reviewerBrowser: TestBrowser;
  let studentBrowser: TestBrowser;
  let reviewerToken: string;
  let draftId: number;

  before(async () => {
    server = await startServer({ REDIS_URL: '' });
    reviewerToken = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 50, status: 'assigned' },
      reviewerToken,
    );
    const draft = drafts.data.list.find((row) => row.studentName === '李同学');
    assert.ok(draft, 'the demo candidate has an assigned draft');
    draftId = draft.id;
    studentBrowser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    studentBrowser.page.setDefaultTimeout(90_000);
    const { page } = studentBrowser;
    await page.goto(`${server.url}/student/login`);
    await loginByPassword(page, PHONES.student);
    await waitForPath(page, '/student');
  });
  after(async () => {
    await reviewerBrowser?.close();
    await studentBrowser?.close();
    await server?.stop();
  });

  it('says the version table’s and the card’s status in one wording, and labels the older verdict as version 1’s', async () => {
    const { page } = studentBrowser;
    await studentPage(server, page);
    const draft = page.getByTestId('stage-draft');
    await draft.locator('.ant-card-head').getByText('待评阅').waitFor();
    await draft.getByText('版本记录（共 2 版）').click();
    const second = draft.locator('tr.ant-table-row[data-row-key="2"]');
    await second.waitFor();
    const cells = await second.locator('td').allInnerTexts();
    assert.ok(cells.includes('待评阅'), `the table says what the card says: ${cells.join(' | ')}`);
    assert.ok(!cells.includes('评阅中'), 'not 评阅中 beside the card’s 待评阅');

    await draft.getByRole('link', { name: '查看评阅结果' }).click();
    await waitForTitle(page, '评阅结果');
    const card = page.locator('.ant-card', { hasText: '论文初稿 · 第 1 版' });
    await card.getByText('第 1 版评阅结论').waitFor();
    await card.getByText('最新版本（第 2 版）状态').waitFor();
    assert.equal(await card.getByText('当前状态', { exact: true }).count(), 0, 'no 当前状态 beside an older verdict');
    await page.screenshot({ path: path.join(screenshots, 'candidate-review-labels-1440.png') });
  });

  it('the reviewer returns the draft, is told it went through, and is offered 下一篇', async () => {
    reviewerBrowser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = reviewerBrowser;
    page.setDefaultTimeout(90_000);
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await page.getByTestId('review-header').getByText('网络流行语对现代汉语词汇的影响研究').waitFor();
    await chooseVerdict(page, '退回修改');
    await page.getByLabel('评阅意见').fill(COMMENT);
    await page.getByRole('button', { name: '提交评阅' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();

    const done = page.getByTestId('review-submitted');
    await done.getByText('评阅已提交').waitFor();
    // What still waits for this reviewer among drafts, in the list's order: 下一篇 is its first.
    const pending = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 20, scope: 'todo', sort: 'submittedAt', order: 'desc' },
      reviewerToken,
    );
    const expected = pending.data.list.find(
      (row) => row.id !== draftId && (row.status === 'assigned' || row.status === 'reviewing'),
    );
    assert.ok(expected, 'the demo reviewer has another draft to review');
    await done.getByText(`下一篇：${expected.title}`).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'review-next-1440.png') });
    await done.getByRole('button', { name: /下一篇/ }).click();
    await waitForPath(page, `/annotate/thesis/reviews/${expected.id}`);
    await page.getByRole('button', { name: '提交评阅' }).waitFor();
  });

  it('a refused file leaves the converted Word file, its page count and the submit button', async () => {
    const { page } = studentBrowser;
    await studentPage(server, page);
    const draft = page.getByTestId('stage-draft');
    const input = draft.locator('input[type=file]').first();
    await input.setInputFiles({
      name: '论文初稿（第三版）.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: thesisDocx({ pages: 2 }),
    });
    const check = draft.getByTestId('word-check');
    await check.getByText(/转换后共/).waitFor({ timeout: 120_000 });
    const pageCount = await check.getByText(/转换后共/).innerText();
    const submit = draft.getByRole('button', { name: '确认无误，重新提交' });
    assert.equal(await submit.isEnabled(), true);

    const refusals = [
      { file: { name: '空文件.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) }, says: /文件是空的/ },
      {
        file: {
          name: '截图.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
        },
        says: /仅支持 PDF、DOC、DOCX/,
      },
    ];
    for (const refusal of refusals) {
      await input.setInputFiles(refusal.file);
      const upload = draft.getByTestId('document-upload');
      await upload.locator('.ant-alert-error').getByText(refusal.says).waitFor();
      // What was there is still there: the Word file, its PDF with the page count, and submit.
      await upload.getByText('论文初稿（第三版）.docx').waitFor();
      assert.equal(await check.getByText(/转换后共/).innerText(), pageCount);
      assert.equal(await submit.isEnabled(), true, `submit stays enabled after ${refusal.file.name}`);
    }
    await draft.getByTestId('document-upload').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(screenshots, 'refused-upload-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await draft.getByTestId('document-upload').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(screenshots, 'refused-upload-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('two tabs submit at once: the losing tab shows the other tab’s version and says what happened', async () => {
    const first = studentBrowser.page;
    const second = await studentBrowser.context.newPage();
    second.setDefaultTimeout(90_000);
    await studentPage(server, second);
    const otherDraft = second.getByTestId('stage-draft');
    await otherDraft
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: '另一窗口的修改稿.pdf',
        mimeType: 'application/pdf',
        buffer: multiPagePdf(['第一章 绪论', '第二章 网络流行语的构成', '第三章 结论']),
      });
    await otherDraft.getByTestId('document-upload').getByText('已完成').waitFor();
    await otherDraft.getByRole('button', { name: '重新提交论文初稿' }).click();
    await second.getByRole('dialog').getByRole('button', { name: '确认重新提交' }).click();
    await second.getByText('论文初稿已重新提交（第 3 版），请等待评阅').waitFor();
    await second.close();

    // The first tab still shows its checked Word file and the form of version 2.
    const draft = first.getByTestId('stage-draft');
    await draft.getByRole('button', { name: '确认无误，重新提交' }).click();
    await first.getByRole('dialog').getByRole('button', { name: '确认重新提交' }).click();
    const notice = draft.getByTestId('conflict-draft');
    await notice.getByText('该阶段已在其他窗口或设备上提交：论文初稿现为第 3 版').waitFor();
    await notice.getByText(/您在本页选择的文件没有提交/).waitFor();
    // The view is the other tab's: version 3 waits for review, and no form is left to submit.
    await draft.getByText('第 3 版', { exact: true }).waitFor();
    await draft.locator('.ant-card-head').getByText('待评阅').waitFor();
    await expect(async () => (await draft.getByRole('button', { name: /重新提交/ }).count()) === 0, 'the form is gone');
    await draft.getByText('版本记录（共 3 版）').click();
    await draft.locator('tr.ant-table-row[data-row-key="3"]', { hasText: '另一窗口的修改稿.pdf' }).waitFor();
    await notice.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await first.screenshot({ path: path.join(screenshots, 'two-tabs-1440.png') });
    await first.setViewportSize({ width: 390, height: 844 });
    await notice.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await first.screenshot({ path: path.join(screenshots, 'two-tabs-390.png') });
  });
});
