import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { DocumentText } from '@zikao/contract';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import type { SubmissionAttachments, ThesisSheet } from '@zikao/contract/thesis-sheet';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

/** Where screenshots go; set THESIS_VIEWS_SHOTS to keep them. */
const SHOTS = process.env.THESIS_VIEWS_SHOTS ?? '';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

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
    assert.equal(await page.getByTestId('sheet-candidate').textContent(), sheet.student?.name);
    assert.equal(await page.getByTestId('sheet-exam-no').textContent(), sheet.student?.examNo);
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
    if (SHOTS) {
      await page.setViewportSize({ width: 794, height: 1123 });
      await shot('sheet-a4');
      await page.setViewportSize({ width: 1366, height: 900 });
    }
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

  it('lists a thesis’s attachments, and previews its Excel data as tables and its ZIP as a file list', async () => {
    const { page } = browser;
    // The demo attaches a questionnaire (.xlsx), interview notes (.csv) and raw material (.zip).
    const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const listed = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { scope: 'all', page: 1, pageSize: 100 },
      token,
    );
    let withFiles: number | undefined;
    for (const row of listed.data.list) {
      const files = await callApi<SubmissionAttachments>(
        server,
        '/v1/submission/attachments',
        { submissionId: row.id },
        token,
      );
      if (files.data?.files.some((file) => file.name === '调查问卷数据.xlsx')) {
        withFiles = row.id;
        break;
      }
    }
    assert.ok(withFiles, 'a demo thesis of the reviewer has attachments');
    await page.goto(`${server.url}/thesis/attachment/${withFiles}`);
    await waitForTitle(page, '论文附件');
    const table = page.getByTestId('attachment-table');
    for (const name of ['调查问卷数据.xlsx', '访谈记录汇总.csv', '原始资料.zip']) {
      await table.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }).waitFor();
    }
    await shot('attachments');
    let violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));

    await page.getByRole('button', { name: '预览 调查问卷数据.xlsx' }).click();
    const drawer = page.getByRole('dialog', { name: '预览：调查问卷数据.xlsx' });
    await drawer.getByRole('tab', { name: '问卷答卷' }).waitFor();
    await drawer.getByText('只显示前 200 行、30 列，完整内容请下载查看').waitFor();
    await drawer.getByRole('cell', { name: '网络流行语使用频率' }).waitFor();
    await drawer.getByRole('tab', { name: '统计汇总' }).click();
    await drawer.getByRole('cell', { name: '每天使用' }).waitFor();
    await shot('attachment-preview-xlsx');
    violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await drawer
      .getByRole('button', { name: 'Close' })
      .or(drawer.getByRole('button', { name: '关闭' }))
      .first()
      .click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '预览 原始资料.zip' }).click();
    const archive = page.getByRole('dialog', { name: '预览：原始资料.zip' });
    await archive.getByText('共 4 个文件').waitFor();
    await archive.getByRole('cell', { name: '原始资料/说明.txt' }).waitFor();
  });

  it('lays the thesis out for printing, page by page with its notes', async () => {
    const { page } = browser;
    // Two notes on the first page: a box (drawn as a numbered marker) and a page note.
    const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const detail = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId: draftId }, token);
    const documentId = detail.data.versions.find((v) => v.versionNo === detail.data.currentVersion)?.documentId;
    assert.ok(documentId, 'the demo draft has a document');
    const notes = [
      { comment: '此处论证缺少数据支撑，请补充来源。', value: 'page=1&viewrect=80,120,200,60', severity: 'major' },
      { comment: '标题格式与学校规范不一致。', value: 'page=1&viewrect=60,40,300,30', severity: 'minor' },
    ];
    for (const note of notes) {
      const saved: { errorCode: number; errorMsg: string } = await callApi<unknown>(
        server,
        '/v1/annotation/save',
        {
          documentId,
          baseRevision: 0,
          annotation: {
            id: randomUUID(),
            kind: 'area',
            category: 'format',
            severity: note.severity,
            comment: note.comment,
            stamp: null,
            pageIndex: 0,
            selectors: [
              { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: note.value },
            ],
          },
        },
        token,
      );
      assert.equal(saved.errorCode, 0, saved.errorMsg);
    }
    // And a highlight of the first words of page 1, lower on the page than both boxes: note 3.
    const text = await callApi<DocumentText>(server, '/v1/document/text', { documentId }, token);
    const words = (text.data.pages[0]?.text ?? '').trim().slice(0, 6);
    assert.ok(words.length === 6, 'page 1 has text');
    const highlighted = await callApi<unknown>(
      server,
      '/v1/annotation/save',
      {
        documentId,
        baseRevision: 0,
        annotation: {
          id: randomUUID(),
          kind: 'highlight',
          category: 'language',
          severity: 'minor',
          comment: '题目用语不够准确。',
          stamp: null,
          pageIndex: 0,
          selectors: [
            { type: 'TextQuoteSelector', exact: words, prefix: '', suffix: '' },
            { type: 'PageSelector', index: 0 },
          ],
        },
      },
      token,
    );
    assert.equal(highlighted.errorCode, 0, highlighted.errorMsg);
    await page.goto(`${server.url}/thesis/reviewsPrint/${draftId}`);
    await waitForTitle(page, '打印论文');
    await page.getByTestId('print-page').first().waitFor({ timeout: 90_000 });
    await expect(async () => page.getByTestId('print-button').isEnabled(), 'every page is ready');
    const pages = await page.getByTestId('print-page').count();
    assert.ok(pages >= 1);
    // Numbered in reading order: the title note (higher on the page) is 1.
    const first = page.getByTestId('print-page').first();
    const items = first.locator('.tv-note');
    assert.equal(await items.count(), 3);
    assert.match((await items.nth(0).textContent()) ?? '', /^1格式提示标题格式与学校规范不一致。/);
    assert.match((await items.nth(1).textContent()) ?? '', /^2格式一般此处论证缺少数据支撑/);
    assert.match((await items.nth(2).textContent()) ?? '', new RegExp(`^3语言提示“${words}”题目用语不够准确。`));
    // Drawn on the page: both boxes, the highlighted words, and a numbered marker for each.
    assert.equal(await first.locator('.tv-marker').count(), 3);
    assert.equal(await first.locator('.tv-mark-box').count(), 2);
    assert.ok((await first.locator('.tv-mark-text').count()) >= 1, 'the highlighted words are marked');
    // Each badge is in the margin left of the page image, level with its mark: none covers the text
    // (issue 32 §2.4). The notes are listed below the page, in number order.
    const image = await first.locator('.tv-page-image img').boundingBox();
    assert.ok(image, 'the page image');
    const markers = await first
      .locator('.tv-marker')
      .evaluateAll((els) => els.map((el) => ({ n: el.textContent, ...el.getBoundingClientRect().toJSON() })));
    for (const marker of markers) {
      assert.ok(marker.right <= image.x + 0.5, `badge ${marker.n} is left of the page, not over its text`);
    }
    const notesBox = await first.locator('.tv-notes').boundingBox();
    assert.ok(notesBox && notesBox.y >= image.y + image.height - 0.5, 'the notes are below the page');
    await shot('print-screen');
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.emulateMedia({ media: 'print' });
    await expect(async () => !(await page.getByTestId('sidebar').isVisible()), 'the sidebar is hidden in print');
    if (SHOTS) {
      await page.setViewportSize({ width: 794, height: 1123 });
      await shot('print-a4');
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    // On paper the page takes 86% of the printable width (180 mm of A4 less the margins).
    const widths = await first.evaluate((section) => ({
      sheet: section.getBoundingClientRect().width,
      image: section.querySelector('.tv-page-image')?.getBoundingClientRect().width ?? 0,
    }));
    assert.ok(Math.abs(widths.sheet - (180 * 96) / 25.4) < 2, `the sheet is 180 mm wide: ${widths.sheet}`);
    assert.ok(widths.image / widths.sheet >= 0.85, `the page fills the sheet's width: ${JSON.stringify(widths)}`);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    if (SHOTS) await writeFile(`${SHOTS}/print.pdf`, pdf);
    // One sheet per thesis page (the heading shares the first).
    assert.equal((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length, pages);
    // Each sheet is filled: the page image reaches at least three quarters down the A4 sheet.
    const sheetFill = await page.evaluate(() => {
      const section = document.querySelector('[data-testid="print-page"]:nth-of-type(2), [data-testid="print-page"]');
      const img = section?.querySelector('.tv-page-image');
      return (img?.getBoundingClientRect().height ?? 0) / ((297 * 96) / 25.4);
    });
    assert.ok(sheetFill >= 0.7, `the page image is ${Math.round(sheetFill * 100)}% of the sheet's height`);
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows nothing of the candidate to the reviewer of a blind batch', async () => {
    const { page } = browser;
    const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const admin = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    const drafts = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { scope: 'all', page: 1, pageSize: 100 },
      token,
    );
    const blind = drafts.data.list.find((row) => row.studentName === '');
    assert.ok(blind, 'the demo reviewer has a blind draft');
    const asAdmin = await callApi<ThesisSheet>(server, '/v1/submission/sheet', { submissionId: blind.id }, admin);
    const name = asAdmin.data.student?.name ?? '';
    const examNo = asAdmin.data.student?.examNo ?? '';
    assert.ok(name && examNo, 'an admin sees who it is');
    for (const path of [
      `/thesis/reviewBasic/${blind.id}`,
      `/thesis/reviewsPrint/${blind.id}`,
      `/thesis/attachment/${blind.id}`,
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.page-heading h1').waitFor();
      if (path.includes('reviewBasic')) {
        await page.getByTestId('information-sheet').waitFor();
        assert.equal(await page.getByTestId('sheet-candidate').textContent(), '盲审，不显示');
      } else if (path.includes('reviewsPrint')) {
        await page.getByTestId('printout').waitFor();
      } else {
        await page.getByTestId('attachment-table').waitFor();
      }
      const text = (await page.locator('#main-content').textContent()) ?? '';
      assert.ok(!text.includes(name), `${path} does not name the candidate`);
      assert.ok(!text.includes(examNo), `${path} does not show the exam number`);
    }
  });

  it('links the three views from the review screen', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    const links = page.getByTestId('thesis-view-links');
    await links.waitFor();
    await shot('review-header');
    await links.getByRole('button', { name: '信息表' }).click();
    await page.waitForURL((url) => url.pathname === `/thesis/reviewBasic/${draftId}`);
    await page.getByTestId('information-sheet').waitFor();
  });
});
