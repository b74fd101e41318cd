import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { SubmissionListResult } from '@zikao/contract/review';
import type { ThesisSheet } from '@zikao/contract/thesis-sheet';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

/** Where screenshots go; set THESIS_VIEWS_SHOTS to keep them. */
const SHOTS = process.env.THESIS_VIEWS_SHOTS ?? '';

describe('printing and supporting views: information sheet, attachments, printable thesis', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let draftId: number;
  let sheet: ThesisSheet;

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 1366, height: 900 } });
    browser.page.setDefaultTimeout(60_000);
    const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { scope: 'todo', page: 1, pageSize: 50 },
      token,
    );
    assert.equal(drafts.errorCode, 0, drafts.errorMsg);
    const draft = drafts.data.list.find((row) => row.studentName !== '');
    assert.ok(draft, 'the demo reviewer has a draft to review');
    draftId = draft.id;
    const result = await callApi<ThesisSheet>(server, '/v1/submission/sheet', { submissionId: draftId }, token);
    assert.equal(result.errorCode, 0, result.errorMsg);
    sheet = result.data;
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = async (name: string) => {
    if (SHOTS) await browser.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('shows the information sheet of an assigned draft, prints without the layout, and passes axe', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/thesis/reviewBasic/${draftId}`);
    await waitForTitle(page, '论文信息表');
    const form = page.getByTestId('information-sheet');
    await form.waitFor();
    assert.equal(await page.getByTestId('sheet-title').textContent(), sheet.thesis.title);
    assert.equal(await page.getByTestId('sheet-candidate').textContent(), sheet.candidate?.name);
    assert.equal(await page.getByTestId('sheet-exam-no').textContent(), sheet.candidate?.examNo);
    assert.equal(await page.getByTestId('sheet-major').textContent(), sheet.thesis.majorName);
    assert.equal(await page.getByTestId('sheet-batch').textContent(), sheet.batch.name);
    const stageRows = page.getByTestId('sheet-stages').locator('tbody tr');
    assert.equal(await stageRows.count(), sheet.stages.length);
    assert.match((await page.getByTestId('sheet-stages').textContent()) ?? '', /论文初稿/);
    assert.ok(await page.getByTestId('sidebar').isVisible());
    assert.ok(await page.getByTestId('print-button').isEnabled());
    await shot('sheet-screen');
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));

    await page.emulateMedia({ media: 'print' });
    await expect(async () => !(await page.getByTestId('sidebar').isVisible()), 'the sidebar is hidden in print');
    assert.equal(await page.locator('.layout-header').isVisible(), false);
    assert.equal(await page.getByTestId('print-button').isVisible(), false);
    assert.ok(await form.isVisible());
    await shot('sheet-print');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    if (SHOTS) await writeFile(`${SHOTS}/sheet.pdf`, pdf);
    // An A4 page is 595 × 842 points; the whole form fits on one.
    const text = pdf.toString('latin1');
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
    assert.ok(box, 'the PDF has a page box');
    assert.ok(
      Math.abs(Number(box[1]) - 595) < 1 && Math.abs(Number(box[2]) - 842) < 1,
      `A4, not ${box[1]} × ${box[2]}`,
    );
    assert.equal((text.match(/\/Type \/Page\b/g) ?? []).length, 1);
    await page.emulateMedia({ media: 'screen' });
  });

  it('lists the draft’s attachments or says there are none', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/thesis/attachment/${draftId}`);
    await waitForTitle(page, '论文附件');
    const table = page.getByTestId('attachment-table');
    await table.waitFor();
    await expect(
      async () =>
        (await page.getByText('没有附件').isVisible()) || (await table.locator('tbody tr.ant-table-row').count()) > 0,
      'the attachments or the empty state',
    );
    await shot('attachments');
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
  });

  it('lays the thesis out for printing, page by page with its notes', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/thesis/reviewsPrint/${draftId}`);
    await waitForTitle(page, '打印论文');
    await page.getByTestId('print-page').first().waitFor({ timeout: 90_000 });
    await expect(async () => page.getByTestId('print-button').isEnabled(), 'every page is ready');
    const pages = await page.getByTestId('print-page').count();
    assert.ok(pages >= 1);
    await shot('print-screen');
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.emulateMedia({ media: 'print' });
    await expect(async () => !(await page.getByTestId('sidebar').isVisible()), 'the sidebar is hidden in print');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    if (SHOTS) await writeFile(`${SHOTS}/print.pdf`, pdf);
    // One sheet per thesis page (the heading shares the first).
    assert.equal((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length, pages);
    await page.emulateMedia({ media: 'screen' });
  });

  it('links the three views from the review screen', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    const links = page.getByTestId('thesis-view-links');
    await links.waitFor();
    await links.getByRole('button', { name: '信息表' }).click();
    await page.waitForURL((url) => url.pathname === `/thesis/reviewBasic/${draftId}`);
    await page.getByTestId('information-sheet').waitFor();
  });
});
