import assert from 'node:assert/strict';
import { constants, publicEncrypt } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import { signParams } from '@zikao/contract/signature';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { fillAnnotation, selectText, uploadDocument, waitForPageText, waitSaved } from '../support/workspace.ts';

const LONG_COMMENT =
  '论文选题有一定现实意义，结构基本完整，但第二章的论证依据不足，部分数据缺少来源说明，结论部分与前文呼应不够。请按批注逐条修改后重新提交。';

/** The candidate's password login (RSA, as the browser does it); returns the token. */
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

async function detailOf(server: TestServer, token: string, submissionId: number): Promise<SubmissionDetail> {
  const result = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId }, token);
  assert.equal(result.errorCode, 0, result.errorMsg);
  return result.data;
}

/** antd's radio buttons hide their inputs; the reviewer clicks the button's face. */
async function chooseVerdict(page: Page, label: string): Promise<void> {
  await page.locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(async () => page.getByRole('radio', { name: label, exact: true }).isChecked(), `verdict ${label}`);
}

/** A visible option of the open antd select (its hidden accessible options carry the values). */
async function pickOption(page: Page, label: string): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
  // The panel fades out and goes: its motion must end (adr/008).
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

async function waitForText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor();
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('the reviewer reviews a draft, sees its resubmission with carried annotations, and scores a final', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let reviewerToken: string;
  let draftId: number;
  let annotatedQuote: string;

  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    // The machine running CI may be busy; these waits are for real documents and renders.
    browser.page.setDefaultTimeout(60_000);
    reviewerToken = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    // The demo candidate's draft waits for review: assigned to the demo reviewer, on its second version.
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { page: 1, pageSize: 50, status: 'assigned' },
      reviewerToken,
    );
    const draft = drafts.data.list.find((row) => row.studentName === '李同学');
    assert.ok(draft, 'the demo candidate has an assigned draft');
    draftId = draft.id;
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, '登录');
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the draft, annotates it, is told the comment is too short, and returns it for revision', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await waitForTitle(page, '论文详情');
    await page.getByTestId('review-header').getByText('网络流行语对现代汉语词汇的影响研究').waitFor();
    // Opening the review screen starts the review: 待评阅 becomes 评阅中.
    await page.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    const before = await detailOf(server, reviewerToken, draftId);
    assert.equal(before.status, 'reviewing');

    // Highlight a passage of the second page and comment on it.
    const documentId = before.versions.find((v) => v.versionNo === before.currentVersion)?.documentId as number;
    const text = await callApi<{ pages: Array<{ text: string }> }>(
      server,
      '/v1/document/text',
      { documentId },
      reviewerToken,
    );
    const line = (text.data.pages[1]?.text ?? '').split('\n').find((l) => l.trim().length > 30) as string;
    annotatedQuote = line.trim().slice(4, 16);
    await waitForPageText(page, 1);
    const selected = await selectText(
      page,
      { pageIndex: 1, needle: annotatedQuote, offset: 0 },
      { pageIndex: 1, needle: annotatedQuote, offset: annotatedQuote.length },
    );
    assert.equal(selected.replace(/\s/g, ''), annotatedQuote.replace(/\s/g, ''));
    await fillAnnotation(page, '内容', '此处论据不足，请补充数据来源');
    await waitSaved(page);

    // A comment under the batch's minimum length is refused with the rule in Chinese.
    const comment = page.getByLabel('评阅意见');
    await comment.fill('论证不足，需修改。');
    await chooseVerdict(page, '退回修改');
    await page.getByRole('button', { name: '提交评阅' }).click();
    await waitForText(page, '评阅意见不少于 50 字，当前 9 字');
    assert.equal(await page.getByRole('dialog', { name: '确认提交评阅？' }).count(), 0);

    // Fixed; Ctrl+Enter in the comment saves the draft.
    await comment.fill(LONG_COMMENT);
    await comment.press('Control+Enter');
    await expect(
      async () => ((await page.getByTestId('review-save-state').textContent()) ?? '').includes('草稿已保存'),
      'draft saved',
    );
    const draft = await detailOf(server, reviewerToken, draftId);
    assert.equal(draft.review?.state, 'draft');
    assert.equal(draft.review?.comment, LONG_COMMENT);
    assert.equal(draft.review?.verdict, 'revise');

    await page.getByRole('button', { name: '提交评阅' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('只有管理员可以重新打开').waitFor();
    await confirm.getByRole('button', { name: '确认提交' }).click();
    await page.getByTestId('review-result').getByText('退回修改').waitFor();
    await page.getByTestId('status-tag').filter({ hasText: '退回修改' }).waitFor();
    // Read only now: the form is gone.
    assert.equal(await page.getByRole('button', { name: '提交评阅' }).count(), 0);
    const returned = await detailOf(server, reviewerToken, draftId);
    assert.equal(returned.status, 'returned');
    assert.equal(returned.review?.state, 'submitted');
  });

  it('shows the resubmitted version with the earlier annotations marked, and the reviewer ticks them', async () => {
    const { page } = browser;
    // The candidate's new version, through the API until the candidate screens exist: the same text again.
    const before = await detailOf(server, reviewerToken, draftId);
    const previous = before.versions.find((v) => v.versionNo === before.currentVersion)?.documentId as number;
    const pdf = await fetch(`${server.url}/api/v1/document/file/${previous}`, {
      headers: { Authorization: `Bearer ${reviewerToken}` },
    });
    assert.equal(pdf.status, 200);
    const studentToken = await studentLogin(server, PHONES.student);
    const documentId = await uploadDocument(
      server,
      studentToken,
      Buffer.from(await pdf.arrayBuffer()),
      '论文初稿（第三稿）.pdf',
    );
    const resubmitted = await callApi<{ versionNo: number }>(
      server,
      '/v1/submission/resubmit',
      { submissionId: draftId, documentId },
      studentToken,
    );
    assert.equal(resubmitted.errorCode, 0, resubmitted.errorMsg);
    const versionNo = resubmitted.data.versionNo;
    assert.equal(versionNo, before.currentVersion + 1);

    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await page.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    const detail = await detailOf(server, reviewerToken, draftId);
    const carried = detail.carried;
    assert.ok(carried, 'the new version carries the earlier annotations');
    const total = carried.items.length;
    assert.ok(total >= 2, `carried ${total}`);
    assert.ok(carried.counts.found >= 1 && carried.counts.orphaned >= 1, JSON.stringify(carried.counts));

    await page.getByRole('tab', { name: `批注核对 0/${total}` }).click();
    const panel = page.getByTestId('carried-panel');
    await panel.getByText(`已核对 0/${total}`).waitFor();
    await panel.getByText(`仍在原处 ${carried.counts.found}`).waitFor();
    await panel.getByText(`原文已删除 ${carried.counts.orphaned}`).waitFor();
    const mine = panel.locator('li', { hasText: '此处论据不足，请补充数据来源' });
    await mine.getByText('仍在原处').waitFor();
    await mine.getByRole('button', { name: '已修改' }).click();
    const orphan = panel.locator('li', { hasText: '原文已删除' }).first();
    await orphan.getByRole('button', { name: '未修改' }).click();
    await panel.getByText(`已核对 2/${total}`).waitFor();
    const marked = (await detailOf(server, reviewerToken, draftId)).carried?.items ?? [];
    assert.equal(marked.find((item) => item.comment === '此处论据不足，请补充数据来源')?.addressed, true);
    assert.equal(marked.filter((item) => item.addressed === false).length, 1);

    // An earlier version, read only, with its own annotations.
    await page.getByTestId('version-switcher').click();
    await pickOption(page, `第${versionNo - 1}版`);
    await waitForText(page, `正在查看第${versionNo - 1}版及其批注（只读）`);
    await page.getByRole('tab', { name: '批注', exact: true }).click();
    await page.getByRole('complementary', { name: '批注', exact: true }).getByText('只读').waitFor();
    await page.getByRole('button', { name: '回到当前版本' }).click();

    // The side-by-side diff of the first and the newest version.
    await page.getByRole('button', { name: '版本对比' }).click();
    await page.getByRole('combobox', { name: '原版本' }).click();
    await pickOption(page, '第1版');
    const diff = page.getByTestId('version-diff');
    // Version 1 differs from the newest: a removed passage shows on the left, beside a blank or its new wording.
    await diff.locator('.rv-diff-delete').first().waitFor();
    await diff.getByRole('columnheader', { name: '第1版' }).waitFor();
    await diff.getByRole('columnheader', { name: `第${versionNo}版` }).waitFor();
    // Within a changed line facing its replacement, the changed characters are marked.
    await diff.locator('.rv-diff-delete .rv-diff-mark').first().waitFor();
    await diff.locator('.rv-diff-insert .rv-diff-mark').first().waitFor();
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/version-diff.png` });
    await page.keyboard.press('Escape');
  });

  it('scores a final: the rubric gives the total and grade, and the read-only detail shows them', async () => {
    const { page } = browser;
    const finals = await callApi<SubmissionListResult>(
      server,
      '/v1/final/list',
      { page: 1, pageSize: 50, status: 'assigned' },
      reviewerToken,
    );
    const final = finals.data.list[0];
    assert.ok(final, 'an assigned final');
    await page.goto(`${server.url}/annotate/thesis/finally/${final.id}`);
    await waitForTitle(page, '论文定稿');
    await page.getByRole('group', { name: '评分表' }).waitFor();
    // Revision is not a verdict a final can get.
    assert.equal(await page.getByRole('radio', { name: '退回修改', exact: true }).isDisabled(), true);

    // A passage highlighted, as a reviewer starts; then the whole screen is audited.
    await waitForPageText(page, 1);
    const text = await callApi<{ pages: Array<{ text: string }> }>(
      server,
      '/v1/document/text',
      { documentId: (await detailOf(server, reviewerToken, final.id)).versions[0]?.documentId },
      reviewerToken,
    );
    const line = (text.data.pages[1]?.text ?? '').split('\n').find((l) => l.trim().length > 30) as string;
    const needle = line.trim().slice(4, 14);
    await selectText(page, { pageIndex: 1, needle, offset: 0 }, { pageIndex: 1, needle, offset: needle.length });
    await fillAnnotation(page, '结构', '本段层次清楚');
    await waitSaved(page);
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    await page.getByLabel(/选题意义/).fill('18');
    await page.getByLabel(/内容与论证/).fill('45');
    await page.getByLabel(/写作规范/).fill('27');
    await page.getByLabel(/写作规范/).blur();
    const rubric = page.getByRole('group', { name: '评分表' });
    await rubric.getByText('总分 90 分').waitFor();
    await rubric.getByTestId('grade-tag').filter({ hasText: '优秀' }).waitFor();

    // Leaving the screen keeps the work: the unsaved scores are saved as a draft on the way out.
    await page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '审阅定稿' }).click();
    await waitForTitle(page, '审阅定稿');
    await expect(
      async () => (await detailOf(server, reviewerToken, final.id)).review?.rubric.content === 45,
      'rubric saved when leaving',
    );
    await page.goto(`${server.url}/annotate/thesis/finally/${final.id}`);
    await page.getByRole('group', { name: '评分表' }).getByText('总分 90 分').waitFor();

    await chooseVerdict(page, '通过');
    await page.getByLabel('评阅意见').fill(LONG_COMMENT);
    await page.getByRole('button', { name: '提交评阅' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();
    const result = page.getByTestId('review-result');
    await result.getByTestId('result-score').filter({ hasText: '90 分' }).waitFor();
    await result.getByTestId('grade-tag').filter({ hasText: '优秀' }).waitFor();
    const submitted = await detailOf(server, reviewerToken, final.id);
    assert.equal(submitted.status, 'passed');
    assert.equal(submitted.review?.score, 90);
    assert.equal(submitted.review?.grade, '优秀');

    await page.goto(`${server.url}/annotate/thesis/finallyDetail/${final.id}`);
    await waitForTitle(page, '论文详情');
    const detail = page.getByTestId('review-result');
    await detail.getByTestId('result-score').filter({ hasText: '90 分' }).waitFor();
    await detail.getByText('通过').waitFor();
    assert.equal(await page.getByRole('button', { name: '提交评阅' }).count(), 0);
  });
  it('shows a topic without the layout, read only, with its fields in the workspace', async () => {
    const { page } = browser;
    const topics = await callApi<SubmissionListResult>(
      server,
      '/v1/topic/list',
      { page: 1, pageSize: 50, status: 'passed', scope: 'history' },
      reviewerToken,
    );
    const topic = topics.data.list[0];
    assert.ok(topic, 'a reviewed topic');
    await page.goto(`${server.url}/topicDetail/${topic.id}`);
    await waitForTitle(page, '查看选题批注');
    await page.getByRole('heading', { level: 1, name: '查看选题批注' }).waitFor();
    // The topic's fields are pages of the read-only annotation workspace.
    await page.getByRole('region', { name: '论文正文' }).getByRole('region', { name: '参考文献' }).waitFor();
    assert.equal(await page.getByTestId('structured-text').count(), 0);
    await page.getByTestId('review-result').getByText('通过').first().waitFor();
    assert.equal(await page.locator('.layout-sider').count(), 0);
    assert.equal(await page.getByRole('button', { name: '提交评阅' }).count(), 0);
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });
  it('shows the server’s 1080001 reason when the review was submitted elsewhere, and reloads on request', async () => {
    const { page } = browser;
    const finals = await callApi<SubmissionListResult>(
      server,
      '/v1/final/list',
      { page: 1, pageSize: 50, status: 'assigned' },
      reviewerToken,
    );
    const final = finals.data.list[0];
    assert.ok(final, 'another assigned final');
    await page.goto(`${server.url}/annotate/thesis/finally/${final.id}`);
    await page.getByRole('group', { name: '评分表' }).waitFor();
    await page.getByLabel('评阅意见').fill('在另一个窗口里写的评语');
    // Meanwhile the same reviewer submits from another tab.
    const versionNo = (await detailOf(server, reviewerToken, final.id)).currentVersion;
    const elsewhere = await callApi(
      server,
      '/v1/review/submit',
      {
        submissionId: final.id,
        versionNo,
        verdict: 'fail',
        rubric: { topic: 8, content: 20, format: 12 },
        comment: LONG_COMMENT,
      },
      reviewerToken,
    );
    assert.equal(elsewhere.errorCode, 0, elsewhere.errorMsg);
    await page.getByRole('button', { name: '保存草稿' }).click();
    const alert = page.locator('.rv-form-alert', { hasText: '已提交评阅不能修改' });
    await alert.waitFor();
    await alert.getByRole('button', { name: '刷新' }).click();
    await page.getByTestId('review-result').getByText('不通过').waitFor();
    await page.getByTestId('status-tag').filter({ hasText: '未通过' }).waitFor();
    assert.equal(await page.getByRole('button', { name: '保存草稿' }).count(), 0);
  });

  it('gives the page the room, and remembers the folded panel and the zoom for the next visit', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await waitForTitle(page, '论文详情');
    // The sidebar folds on a thesis, and the list shares the panel: the page is readable.
    await page.getByTestId('sidebar').and(page.locator('[data-collapsed="true"]')).waitFor();
    const firstPage = page.locator('.aw-page').first();
    await firstPage.waitFor();
    await expect(async () => ((await firstPage.boundingBox())?.width ?? 0) >= 700, 'a page at least 700 px wide');
    const zoomLabel = page.getByRole('button', { name: /%，点击适合宽度/ });
    const fitted = await zoomLabel.getAttribute('aria-label');
    await page.getByRole('button', { name: '放大' }).click();
    await expect(async () => (await zoomLabel.getAttribute('aria-label')) !== fitted, 'zoomed in');
    const zoomed = await zoomLabel.getAttribute('aria-label');
    await page.getByRole('button', { name: '收起评阅栏' }).click();
    await page.getByRole('button', { name: /展开评阅栏/ }).waitFor();

    await page.reload();
    await waitForTitle(page, '论文详情');
    await page.getByRole('button', { name: /展开评阅栏/ }).waitFor();
    await expect(async () => (await zoomLabel.getAttribute('aria-label')) === zoomed, `the zoom is kept: ${zoomed}`);
    // Back as they were: fitted to the width, the panel open.
    await zoomLabel.click();
    await page.getByRole('button', { name: /展开评阅栏/ }).click();
    await page.getByRole('button', { name: '收起评阅栏' }).waitFor();
  });
});
