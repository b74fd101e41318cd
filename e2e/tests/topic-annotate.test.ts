import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AccountDto } from '@zikao/contract/console';
import type { ListResult } from '@zikao/contract/envelope';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import { Role } from '@zikao/contract/roles';
import type { Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { fillAnnotation, listAnnotations, waitSaved } from '../support/workspace.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const COMMENT = '立题依据应说明研究对象的范围';
const REVIEW_COMMENT =
  '选题有一定研究价值，但立题依据对研究对象的范围交代不清，提纲各章之间的逻辑关系也需要进一步理顺，请按批注修改后重新提交。';

/** A field of the structured-text workspace: one "page" whose text is a single paragraph. */
const fieldText = (page: Page, pageIndex: number) =>
  page.locator(`.aw-page[data-page-index="${pageIndex}"] .aw-text-layer p`);

/** Selects `exact` in a field as a mouse drag leaves it, then releases the mouse for the workspace. */
async function selectInField(page: Page, pageIndex: number, exact: string): Promise<string> {
  return fieldText(page, pageIndex).evaluate((element, needle) => {
    const node = element.firstChild as Text;
    const at = node.data.indexOf(needle);
    if (at < 0) throw new Error(`"${needle}" is not in the field: ${node.data.slice(0, 80)}`);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + needle.length);
    const selection = window.getSelection() as Selection;
    selection.removeAllRanges();
    selection.addRange(range);
    const rect = range.getBoundingClientRect();
    element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, clientX: rect.right, clientY: rect.bottom }));
    return selection.toString();
  }, exact);
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('the reviewer annotates a topic’s structured text', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let reviewerToken: string;
  let topicId: number;
  let documentId: number;
  let quote: string;

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    browser.page.setDefaultTimeout(60_000);
    reviewerToken = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    // A seeded topic assigned to the demo reviewer, not yet opened.
    const topics = await callApi<SubmissionListResult>(
      server,
      '/v1/topic/list',
      { page: 1, pageSize: 50, status: 'assigned' },
      reviewerToken,
    );
    const topic = topics.data.list[0];
    assert.ok(topic, 'the demo reviewer has an assigned topic');
    topicId = topic.id;
    const detail = await callApi<SubmissionDetail>(
      server,
      '/v1/submission/detail',
      { submissionId: topicId },
      reviewerToken,
    );
    const current = detail.data.versions.find((v) => v.versionNo === detail.data.currentVersion);
    assert.ok(current?.documentId && current.structured, 'the topic version has its structured text and a document');
    documentId = current.documentId;
    quote = [...current.structured.rationale].slice(0, 12).join('');

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

  it('selects text in 选题理由, adds an annotation, and finds it again after a reload', async () => {
    const { page } = browser;
    const pdfRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/document/file/')) pdfRequests.push(request.url());
    });
    await page.goto(`${server.url}/annotate/topic/review/${topicId}`);
    await waitForTitle(page, '选题详情');
    // The fields are pages of the workspace, not a read-only text.
    await page.getByRole('region', { name: '选题理由' }).waitFor();
    assert.equal(await page.getByTestId('structured-text').count(), 0);
    await fieldText(page, 1).waitFor();

    const selected = await selectInField(page, 1, quote);
    assert.equal(selected, quote);
    await fillAnnotation(page, '内容', COMMENT);
    await waitSaved(page);
    const saved = await listAnnotations(server, reviewerToken, documentId);
    assert.equal(saved.length, 1);
    const annotation = saved[0];
    assert.equal(annotation?.comment, COMMENT);
    assert.equal(annotation?.pageIndex, 1);
    const quoteSelector = annotation?.selectors.find((s) => s.type === 'TextQuoteSelector');
    assert.equal(quoteSelector?.type === 'TextQuoteSelector' ? quoteSelector.exact : '', quote);

    await page.reload();
    await waitForTitle(page, '选题详情');
    // The list sits in the review panel's 批注 tab, beside the 评阅 form.
    await page.getByRole('tab', { name: '批注', exact: true }).click();
    const item = page.locator(`.aw-items [data-annotation-id="${annotation?.id}"]`);
    await item.waitFor();
    assert.match((await item.textContent()) ?? '', new RegExp(COMMENT));
    // Highlighted where it was made, in the 选题理由 field.
    const highlight = page.locator(`.aw-page[data-page-index="1"] [data-annotation-id="${annotation?.id}"] .aw-hl`);
    await expect(async () => (await highlight.count()) > 0, 'the highlight is drawn in 选题理由');
    assert.deepEqual(pdfRequests, [], 'no PDF is fetched for structured text');

    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.screenshot({ path: path.join(screenshots, 'topic-annotate.png') });

    // The read-only reading of the topic shows the same annotation.
    await page.goto(`${server.url}/topicDetail/${topicId}`);
    await page.getByRole('tab', { name: '批注', exact: true }).click();
    await page.locator(`.aw-items [data-annotation-id="${annotation?.id}"]`).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'topic-annotate-detail.png') });
  });

  it('shows the candidate the annotated topic once the review is submitted', async () => {
    const submitted = await callApi(
      server,
      '/v1/review/submit',
      { submissionId: topicId, versionNo: 1, verdict: 'revise', comment: REVIEW_COMMENT },
      reviewerToken,
    );
    assert.equal(submitted.errorCode, 0, submitted.errorMsg);
    // The candidate's account, found by exam number as the admin sees it (the batch may be blind).
    const adminToken = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    const detail = await callApi<SubmissionDetail>(
      server,
      '/v1/submission/detail',
      { submissionId: topicId },
      adminToken,
    );
    const accounts = await callApi<ListResult<AccountDto>>(
      server,
      '/v1/console/account/list',
      { page: 1, pageSize: 100, role: Role.student },
      adminToken,
    );
    const account = accounts.data.list.find((a) => a.examNumber === detail.data.student?.examNo);
    assert.ok(account, 'the topic’s candidate has an account');

    const candidate = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const { page } = candidate;
      page.setDefaultTimeout(60_000);
      await page.goto(`${server.url}/student/login`);
      await loginByPassword(page, account.account);
      await page.waitForURL((url) => url.pathname === '/student', { timeout: 60_000 });
      await page.goto(`${server.url}/student/topic`);
      await waitForTitle(page, '我的选题');
      await page.getByRole('link', { name: '查看详情' }).first().click();
      await page.waitForURL((url) => url.pathname === `/student/thesis/review/${topicId}`);
      await waitForTitle(page, '评阅结果');
      await page.getByRole('list', { name: '批注列表' }).getByText(COMMENT).waitFor();
      const highlight = page.locator('.aw-page[data-page-index="1"] .aw-hl');
      await expect(async () => (await highlight.count()) > 0, 'the highlight is drawn in the candidate’s 立题依据');
      assert.equal(await page.getByRole('button', { name: '下载批注版 PDF' }).count(), 0, 'no PDF to download');
      const violations = await seriousViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
      await page.screenshot({ path: path.join(screenshots, 'topic-annotate-candidate.png') });
    } finally {
      await candidate.close();
    }
  });
});
