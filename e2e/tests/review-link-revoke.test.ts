import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { SubmissionListResult } from '@zikao/contract/review';
import type { ReviewLinkCreated } from '@zikao/contract/review-link';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EXPERT = '林教授（复旦大学）';
const TYPED = '外审意见：选题有现实意义，但第三章的调查样本偏少，结论的推广需要更谨慎，建议补充对照数据后再作判断。';

diagnoseFailures();

/**
 * Issue 32 §1.5: an admin revokes a review link while the expert has the page open with a typed
 * review. The thesis goes back to 待分配 with a prompt to 改派, on 评阅分配 and the admin home; the
 * expert's 提交评阅 is refused, and the page says so with the typed review still there to copy.
 */
describe('revoking a review link while the expert is typing', () => {
  let server: TestServer;
  let adminToken: string;
  let expert: TestBrowser | undefined;
  let admin: TestBrowser | undefined;
  let submission: { id: number; title: string };
  let link: ReviewLinkCreated;

  before(async () => {
    server = await startServer();
    adminToken = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/submission/list',
      { stage: 'draft', scope: 'all', status: 'unassigned', page: 1, pageSize: 50 },
      adminToken,
    );
    assert.equal(drafts.errorCode, 0, drafts.errorMsg);
    const row = drafts.data.list[0];
    assert.ok(row, 'the demo has an unassigned draft');
    submission = { id: row.id, title: row.title };
    const made = await callApi<ReviewLinkCreated>(
      server,
      '/v1/console/reviewLink/create',
      { submissionId: submission.id, purpose: 'review', label: EXPERT, expiresInDays: 7 },
      adminToken,
    );
    assert.equal(made.errorCode, 0, made.errorMsg);
    link = made.data;
  });
  after(async () => {
    await expert?.close();
    await admin?.close();
    await server?.stop();
  });

  it('the expert’s submit after the revoke keeps the typed review on screen, and says the link was revoked', async () => {
    expert = await openBrowser({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = expert;
    page.setDefaultTimeout(60_000);
    await page.goto(`${server.url}${link.url}`);
    await page.getByTestId('link-facts').getByText(EXPERT).waitFor();
    await page.getByLabel('评阅意见').fill(TYPED);
    await page.locator('.ant-radio-button-wrapper', { hasText: /^退回修改$/ }).click();
    // The draft's autosave has gone out before the revoke: what meets the revoke is the expert's
    // submit, not an autosave that happens to fire after it.
    await page.getByText(/已自动保存/).waitFor();

    const revoked = await callApi<{ released: boolean }>(
      server,
      '/v1/console/reviewLink/revoke',
      { id: link.id },
      adminToken,
    );
    assert.equal(revoked.errorCode, 0, revoked.errorMsg);
    assert.equal(revoked.data.released, true, 'the thesis went back to 待分配');

    await page.getByRole('button', { name: '提交评阅' }).click();
    await page.getByRole('dialog', { name: '确认提交评阅？' }).getByRole('button', { name: '确认提交' }).click();
    const refusal = page.getByTestId('link-refusal');
    await refusal.getByText('评阅链接已撤销').first().waitFor();
    const kept = page.getByTestId('kept-draft');
    await kept.getByText('链接已被撤销，您的评阅没有提交').waitFor();
    const text = await kept.getByRole('textbox', { name: '已保存的评阅内容' }).inputValue();
    assert.ok(text.includes(TYPED), `the typed comment is kept: ${text}`);
    assert.ok(text.includes('评阅结论：退回修改'), 'and the verdict');
    await kept.getByRole('button', { name: '复制评阅内容' }).click();
    await expect(
      async () => (await page.evaluate(() => navigator.clipboard.readText())).includes(TYPED),
      'the review is on the clipboard',
    );
    assert.equal(new URL(page.url()).pathname.startsWith('/admin/'), true, 'never sent to a login');
    await page.screenshot({ path: path.join(screenshots, 'review-link-revoked-kept-1440.png') });

    // Reloaded (or opened again later): the link is refused at once, and the review is still there.
    await page.setViewportSize(PHONE);
    await page.reload();
    await refusal.getByText('评阅链接已撤销').first().waitFor();
    await page.screenshot({ path: path.join(screenshots, 'review-link-revoked-reload-390.png') });
  });

  it('评阅分配 lists the thesis under 待分配 with 待改派, and the admin home asks for a 改派', async () => {
    admin = await openBrowser({ viewport: DESKTOP });
    const { page } = admin;
    page.setDefaultTimeout(60_000);
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, '登录');
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });

    await page.goto(`${server.url}/home`);
    await page.getByText(/篇论文的评阅链接已撤销，等待改派/).waitFor();
    await page.getByTestId('home-released').waitFor();
    await page.screenshot({ path: path.join(screenshots, 'review-link-revoked-home-1440.png') });

    await page.goto(`${server.url}/console/assignment`);
    await waitForTitle(page, '评阅分配');
    await page.getByLabel('关键词').fill(submission.title);
    await page.getByRole('button', { name: /查\s*询|搜\s*索/ }).click();
    const row = page.locator('.ant-table-tbody tr', { hasText: submission.title });
    await row.getByText('待改派').waitFor();
    await row.getByText(`链接已撤销：${EXPERT}`).waitFor();
    await row.getByRole('button', { name: '改派' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'review-link-revoked-assignment-1440.png') });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(screenshots, 'review-link-revoked-assignment-390.png') });
  });
});
