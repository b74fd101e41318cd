import assert from 'node:assert/strict';
import { constants, publicEncrypt } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ListResult } from '@zikao/contract/envelope';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import type { ReviewLinkCreated, ReviewLinkDto } from '@zikao/contract/review-link';
import { signParams } from '@zikao/contract/signature';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { fillAnnotation, selectText, waitForPageText, waitSaved } from '../support/workspace.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EXPERT = '陈教授（北京师范大学）';
const EXPERT_COMMENT =
  '外审意见：论文选题贴近语言生活，材料较为丰富，结构完整，论证基本充分，建议进一步补充近年的语料统计数据并规范参考文献格式。';
const ANNOTATION = '此处结论需要更多语料支撑';

async function detailOf(server: TestServer, token: string, submissionId: number): Promise<SubmissionDetail> {
  const result = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId }, token);
  assert.equal(result.errorCode, 0, result.errorMsg);
  return result.data;
}

async function linksOf(server: TestServer, token: string, submissionId: number): Promise<ReviewLinkDto[]> {
  const result = await callApi<ListResult<ReviewLinkDto>>(
    server,
    '/v1/console/reviewLink/list',
    { page: 1, pageSize: 50, submissionId },
    token,
  );
  assert.equal(result.errorCode, 0, result.errorMsg);
  return result.data.list;
}

/** The candidate's password login on the student side (RSA, as the browser does it); returns the token. */
async function studentLogin(server: TestServer, phone: string): Promise<string> {
  const t = Date.now();
  const keyResponse = await fetch(`${server.url}/api/v1/publicKey?t=${t}&sig=${signParams({}, t)}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const { publicKey } = ((await keyResponse.json()) as { data: { publicKey: string } }).data;
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(DEMO_PASSWORD),
  ).toString('base64');
  const result = await callApi<{ token: string }>(server, '/auth/v1/loginByPasswd', { account: phone, password });
  assert.equal(result.errorCode, 0, result.errorMsg);
  return result.data.token;
}

/** antd's radio buttons hide their inputs; a person clicks the button's face. */
async function chooseVerdict(page: Page, label: string): Promise<void> {
  await page.locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(async () => page.getByRole('radio', { name: label, exact: true }).isChecked(), `verdict ${label}`);
}

async function assertNoSeriousViolations(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, `${what}\n${describeViolations(violations)}`);
}

/** The page shows no part of the app's layout: no menu, no header bar of a signed-in user. */
async function assertNoLayout(page: Page): Promise<void> {
  assert.equal(await page.locator('.ant-layout-sider, .ant-menu').count(), 0, 'no menu');
  assert.equal(new URL(page.url()).pathname.startsWith('/admin/'), true, `still on the link's page: ${page.url()}`);
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('review links: an outside expert reviews through a link, the admin checks through another', () => {
  let server: TestServer;
  let admin: TestBrowser;
  let adminToken: string;
  let draftId: number;
  let linkUrl: string;

  before(async () => {
    server = await startServer();
    adminToken = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    // The demo candidate's draft (李同学, assigned to the demo reviewer): the expert takes it over.
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 50 },
      adminToken,
    );
    const draft = drafts.data.list.find((row) => row.studentName === '李同学');
    assert.ok(draft, 'the demo candidate has a draft');
    draftId = draft.id;
    admin = await openBrowser({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    admin.page.setDefaultTimeout(60_000);
    await admin.page.goto(`${server.url}/login`);
    await waitForTitle(admin.page, '登录');
    await loginByPassword(admin.page, PHONES.admin);
    await admin.page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
  });
  after(async () => {
    await admin?.close();
    await server?.stop();
  });

  it('the console lists the demo’s links; the admin makes a 评阅 link and gets it to copy and as a QR code', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/console/review-link`);
    await waitForTitle(page, '评阅链接');
    // The demo's 评阅 and 复核 links, made at start-up, are listed.
    const table = page.locator('.ant-table-tbody');
    await table.getByText('王教授（华南理工大学）').waitFor();
    await table.locator('tr', { hasText: '复核' }).first().waitFor();
    await assertNoSeriousViolations(page, 'the console’s 评阅链接 screen');

    await page.getByRole('button', { name: '生成评阅链接' }).click();
    const dialog = page.getByRole('dialog', { name: '生成评阅链接' });
    await dialog.getByLabel('论文编号').fill(String(draftId));
    assert.equal(await dialog.getByLabel('有效期').inputValue(), '7');
    await dialog.getByRole('button', { name: '生成链接' }).click();
    // 评阅 needs to say whom the link is for.
    await dialog.getByText('请填写评阅专家的姓名和单位').waitFor();
    await dialog.getByLabel('评阅专家').fill(EXPERT);
    await dialog.getByRole('button', { name: '生成链接' }).click();

    const made = page.getByRole('dialog', { name: '评阅链接已生成' });
    const field = made.getByRole('textbox', { name: /评阅链接/ });
    linkUrl = await field.inputValue();
    assert.match(linkUrl, new RegExp(`^${server.url}/admin/thesis/review/${draftId}\\?lid=\\d+&exp=\\d+&sig=[\\w-]+$`));
    await made.getByRole('img', { name: '评阅链接二维码' }).waitFor();
    await made.getByRole('button', { name: '复制链接' }).click();
    await page.getByText('链接已复制').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), linkUrl);
    await page.screenshot({ path: path.join(screenshots, 'review-link-created.png') });
    await assertNoSeriousViolations(page, 'the link made, with its QR code');
    await made.getByRole('button', { name: '完成' }).click();

    const row = table.locator('tr', { hasText: EXPERT });
    await row.getByTestId('link-status').filter({ hasText: '有效' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'review-link-console.png') });
    const detail = await detailOf(server, adminToken, draftId);
    assert.equal(detail.reviewer?.name, EXPERT, 'the draft is the expert’s now');
  });

  it('a browser with no session opens the link, annotates and submits; the page turns read-only with thanks', async () => {
    const expert = await openBrowser({ viewport: DESKTOP });
    try {
      const { page } = expert;
      page.setDefaultTimeout(60_000);
      await page.goto(linkUrl);
      await waitForTitle(page, '论文详情');
      await page.getByTestId('link-heading').filter({ hasText: '论文初稿评阅' }).waitFor();
      const facts = page.getByTestId('link-facts');
      await facts.getByText(EXPERT).waitFor();
      await facts.getByText('有效期至').waitFor();
      // Opening starts the review, as a reviewer's own screen does.
      await page.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
      await assertNoLayout(page);

      const detail = await detailOf(server, adminToken, draftId);
      const documentId = detail.versions.find((v) => v.versionNo === detail.currentVersion)?.documentId;
      assert.ok(documentId, 'the draft has a document');
      await waitForPageText(page, 0);
      const quote = await page.evaluate(() => {
        const spans = [...document.querySelectorAll('.aw-page[data-page-index="0"] .aw-text-layer span[data-offset]')];
        const line = spans.map((span) => span.textContent ?? '').find((text) => text.trim().length >= 10) ?? '';
        return line.trim().slice(0, 8);
      });
      assert.ok(quote.length >= 4, `a passage to annotate: "${quote}"`);
      const selected = await selectText(
        page,
        { pageIndex: 0, needle: quote, offset: 0 },
        { pageIndex: 0, needle: quote, offset: quote.length },
      );
      assert.equal(selected.replace(/\s/g, ''), quote.replace(/\s/g, ''));
      // The expert has no comment bank of their own to keep one in.
      assert.equal(await page.getByRole('button', { name: '存为常用批注' }).count(), 0);
      await fillAnnotation(page, '内容', ANNOTATION);
      await waitSaved(page);
      await page.getByRole('tab', { name: '批注', exact: true }).click();
      await page.getByTestId('review-annotations').getByText(ANNOTATION).waitFor();
      await page.getByRole('tab', { name: '评阅', exact: true }).click();
      await page.screenshot({ path: path.join(screenshots, 'review-link-expert.png') });
      await assertNoSeriousViolations(page, 'the expert’s review page');

      await page.getByLabel('评阅意见').fill(EXPERT_COMMENT);
      await chooseVerdict(page, '通过');
      await page.getByRole('button', { name: '提交评阅' }).click();
      await page.getByRole('dialog', { name: '确认提交评阅？' }).getByRole('button', { name: '确认提交' }).click();
      await page.getByTestId('review-thanks').getByText('感谢您的评阅').waitFor();
      await page.getByTestId('review-result').getByText(EXPERT_COMMENT).waitFor();
      assert.equal(await page.getByRole('button', { name: '提交评阅' }).count(), 0, 'the form is gone');
      await assertNoLayout(page);

      const after = await detailOf(server, adminToken, draftId);
      assert.equal(after.status, 'passed');
      assert.equal(after.review?.state, 'submitted');
      assert.equal(after.review?.comment, EXPERT_COMMENT);
      const link = (await linksOf(server, adminToken, draftId)).find((row) => row.label === EXPERT);
      assert.equal(link?.status, 'completed');
      assert.ok((link?.useCount ?? 0) > 0, 'every use is counted');

      // Opened again later, on a phone: read-only, with the thanks.
      await page.setViewportSize(PHONE);
      await page.reload();
      await page.getByTestId('review-thanks').waitFor();
      await page.getByTestId('link-facts').getByText(EXPERT).waitFor();
      // The read-only workspace too, so that the screen is checked as the expert reads it.
      await waitForPageText(page, 0);
      await page.screenshot({ path: path.join(screenshots, 'review-link-expert-phone.png') });
      await assertNoSeriousViolations(page, 'the expert’s page on a phone');
    } finally {
      await expert.close();
    }
  });

  it('the candidate sees the review, the expert shown as 评阅专家', async () => {
    const candidate = await openBrowser({ viewport: DESKTOP });
    try {
      const { page } = candidate;
      page.setDefaultTimeout(60_000);
      await page.goto(`${server.url}/student/login`);
      await loginByPassword(page, PHONES.student);
      await waitForPath(page, '/student');
      await page.goto(`${server.url}/student/thesis/review/${draftId}`);
      await waitForTitle(page, '评阅结果');
      await page.getByText(EXPERT_COMMENT).waitFor();
      const reviewedBy = page.locator('.ant-descriptions-item', { hasText: '评阅人' });
      assert.equal((await reviewedBy.innerText()).replace(/\s+/g, ''), '评阅人评阅专家');
      const list = page.getByRole('list', { name: '批注列表' });
      const item = list.locator('li', { hasText: ANNOTATION }).first();
      await item.getByText('评阅专家').waitFor();
      assert.equal(await page.getByText('陈教授').count(), 0, 'the expert is never named to the candidate');
      const review = await callApi<{ annotations: Array<{ authorName: string; comment: string }> }>(
        server,
        '/v1/student/review',
        { submissionId: draftId },
        await studentLogin(server, PHONES.student),
      );
      assert.equal(review.errorCode, 0, review.errorMsg);
      assert.equal(review.data.annotations.find((a) => a.comment === ANNOTATION)?.authorName, '评阅专家');
    } finally {
      await candidate.close();
    }
  });

  it('a revoked link, and a tampered one, show a full-page message and never the login', async () => {
    // Another paper's link, revoked in the console with its confirmation.
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 50, status: 'unassigned' },
      adminToken,
    );
    const other = drafts.data.list[0];
    assert.ok(other, 'an unassigned draft');
    const created = await callApi<ReviewLinkCreated>(
      server,
      '/v1/console/reviewLink/create',
      { submissionId: other.id, purpose: 'review', expiresInDays: 3, label: '刘研究员（社科院）' },
      adminToken,
    );
    assert.equal(created.errorCode, 0, created.errorMsg);
    const { page } = admin;
    await page.goto(`${server.url}/console/review-link`);
    await waitForTitle(page, '评阅链接');
    await page.getByLabel('论文编号').fill(String(other.id));
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.locator('.ant-table-tbody tr', { hasText: '刘研究员（社科院）' });
    await row.getByRole('button', { name: /^撤销链接/ }).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText('撤销这个链接？').waitFor();
    await confirm.getByRole('button', { name: '撤销' }).click();
    await row.getByTestId('link-status').filter({ hasText: '已撤销' }).waitFor();

    const visitor = await openBrowser({ viewport: PHONE });
    try {
      const { page: phone } = visitor;
      await phone.goto(`${server.url}${created.data.url}`);
      const refusal = phone.getByTestId('link-refusal');
      await refusal.getByText('评阅链接已撤销').waitFor();
      await refusal.getByText(/联系发送链接的管理员/).waitFor();
      await assertNoLayout(phone);
      await phone.screenshot({ path: path.join(screenshots, 'review-link-revoked-phone.png') });
      await assertNoSeriousViolations(phone, 'the revoked link’s page');

      // A signature altered by hand: 评阅链接无效.
      const tampered = linkUrl.replace(/sig=([\w-])/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
      await phone.goto(tampered);
      await phone.getByTestId('link-refusal').getByText('评阅链接无效').waitFor();
      await assertNoLayout(phone);
      // Without its credential at all, the page says so without asking the server.
      await phone.goto(`${server.url}/admin/thesis/review/${draftId}`);
      await phone.getByTestId('link-refusal').getByText('评阅链接不完整').waitFor();
      await assertNoLayout(phone);
    } finally {
      await visitor.close();
    }
  });

  it('复核 from the list: 退回评阅人 with a reason, then, resubmitted, 复核通过', async () => {
    const finals = await callApi<SubmissionListResult>(
      server,
      '/v1/final/list',
      { page: 1, pageSize: 50, status: 'awaiting_check' },
      adminToken,
    );
    const waiting = finals.data.list[0];
    assert.ok(waiting, 'the demo’s final waits for the admin check');
    const { page, context } = admin;

    /** The admin's 复核 action in the finals list opens the check page in a new tab. */
    const openCheck = async (): Promise<Page> => {
      await page.goto(`${server.url}/annotate/thesis/finally/list?status=awaiting_check`);
      await waitForTitle(page, '审阅定稿');
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: `复核：${waiting.title}` }).click();
      const tab = await popup;
      tab.setDefaultTimeout(60_000);
      await tab.waitForURL((url) => url.pathname === `/admin/thesis/review/${waiting.id}`);
      await waitForTitle(tab, '论文详情');
      await tab.getByTestId('link-heading').filter({ hasText: '定稿复核' }).waitFor();
      // The admin's own link, made for this check: a day long, and named after them.
      await tab.getByTestId('link-facts').getByText('赵管理').waitFor();
      await waitForPageText(tab, 0);
      return tab;
    };

    const first = await openCheck();
    const panel = first.getByTestId('check-panel');
    await panel.getByRole('button', { name: '复核通过' }).waitFor();
    await first.getByTestId('review-result').waitFor();
    // Read-only: the review's form is not offered, nor annotating.
    assert.equal(await first.getByRole('button', { name: '提交评阅' }).count(), 0);
    await assertNoLayout(first);
    await first.screenshot({ path: path.join(screenshots, 'review-link-check.png') });
    await assertNoSeriousViolations(first, 'the check page');

    await panel.getByRole('button', { name: '退回评阅人' }).click();
    const dialog = first.getByRole('dialog', { name: '退回评阅人' });
    await dialog.getByLabel('退回原因').fill('请复查');
    await dialog.getByRole('button', { name: '退回评阅人' }).click();
    await dialog.getByText('退回原因至少 5 个字，请说明需要修改的地方').waitFor();
    const reason = '评语与成绩不符，请复查第三章的评价';
    await dialog.getByLabel('退回原因').fill(reason);
    await dialog.getByRole('button', { name: '退回评阅人' }).click();
    const done = first.getByTestId('check-done');
    await done.getByText('已退回评阅人').waitFor();
    await done.getByText(`原因：${reason}`).waitFor();
    const returned = await detailOf(server, adminToken, waiting.id);
    assert.notEqual(returned.status, 'awaiting_check');
    assert.equal(returned.history.at(-1)?.reason, reason);
    await first.close();

    // The reviewer revises and submits again: back to 待复核.
    const reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const review = returned.review;
    assert.ok(review, 'the review is back with its reviewer');
    const resubmitted = await callApi(
      server,
      '/v1/review/submit',
      {
        submissionId: waiting.id,
        versionNo: returned.currentVersion,
        verdict: 'pass',
        // The demo batch's rubric: 选题意义 20, 内容与论证 50, 写作规范 30.
        rubric: { topic: 17, content: 42, format: 25 },
        plagiarismRate: review.plagiarismRate ?? 9,
        comment: `${review.comment}（已复查第三章的评价）`,
      },
      reviewer,
    );
    assert.equal(resubmitted.errorCode, 0, resubmitted.errorMsg);

    const second = await openCheck();
    await second.getByTestId('check-panel').getByRole('button', { name: '复核通过' }).click();
    const confirm = second.getByRole('dialog', { name: '确认复核通过？' });
    await confirm.getByText('复核通过后评阅结论即为最终结果').waitFor();
    await confirm.getByRole('button', { name: '复核通过' }).click();
    await second.getByTestId('check-done').getByText('已复核通过').waitFor();
    assert.equal((await detailOf(server, adminToken, waiting.id)).status, 'checked');
    await second.setViewportSize(PHONE);
    await second.screenshot({ path: path.join(screenshots, 'review-link-check-phone.png') });
    await assertNoSeriousViolations(second, 'the check page, done, on a phone');
    await second.close();

    // Both check links are done, and the list says so.
    const checks = (await linksOf(server, adminToken, waiting.id)).filter((row) => row.purpose === 'check');
    assert.ok(checks.length >= 2, `check links: ${checks.length}`);
    assert.ok(
      checks.every((row) => row.status === 'completed'),
      JSON.stringify(checks.map((row) => row.status)),
    );
  });
});
