import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DocumentText } from '@zikao/contract';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

// How the reviewer's red pen reaches the candidate (issue 24): a strike-out, a suggested
// rewording, an insertion, an underline, an arrow, a pen stroke, a line and an ellipse, made by
// the reviewer on a demo draft; the candidate then reads 原文 → 建议 and sees the arrow on the
// page, and the print view lists every mark.
diagnoseFailures();

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const COMMENT = '论文结构基本完整，但部分表述不够准确，请按批注中的修改建议逐条修改，并补充必要的数据来源后重新提交。';
const RED = '#cf1322';
const BLUE = '#1677ff';

describe('markup reaches the candidate: 原文 → 建议, drawn marks, print', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let candidate: TestBrowser | undefined;
  let dataDir: string;
  let reviewer: string;
  let submissionId = 0;
  let pageIndex = 0;
  let documentId = 0;
  let studentAccount = '';
  const quotes: Record<string, string> = {};
  const suggestion = { replace: '研究方案', insert: '（见附录）' };

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'zikao-markup-'));
    server = await startServer({
      DATA_DIR: dataDir,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    });
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    browser.page.setDefaultTimeout(60_000);
    reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);

    // A demo draft the reviewer is reviewing now, first version, candidate named (not blind).
    const todo = await callApi<SubmissionListResult>(
      server,
      '/v1/thesis/list',
      { scope: 'todo', page: 1, pageSize: 50 },
      reviewer,
    );
    assert.equal(todo.errorCode, 0, todo.errorMsg);
    for (const row of todo.data.list) {
      if (row.status !== 'reviewing' || row.studentName === '') continue;
      const detail = await callApi<SubmissionDetail>(
        server,
        '/v1/submission/detail',
        { submissionId: row.id },
        reviewer,
      );
      const version = detail.data.versions.find((v) => v.versionNo === detail.data.currentVersion);
      if (detail.data.versions.length !== 1 || !version?.documentId || !detail.data.student) continue;
      submissionId = row.id;
      documentId = version.documentId;
      const { db, close } = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        const user = await db
          .selectFrom('users')
          .select('account')
          .where('exam_number', '=', detail.data.student.examNo)
          .executeTakeFirstOrThrow();
        studentAccount = user.account;
      } finally {
        await close();
      }
      break;
    }
    assert.ok(submissionId && documentId && studentAccount, 'the demo reviewer has a first-version draft under review');
  });
  after(async () => {
    await candidate?.close();
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const save = async (annotation: Record<string, unknown>) => {
    const result = await callApi<AnnotationDto>(
      server,
      '/v1/annotation/save',
      {
        documentId,
        baseRevision: 0,
        annotation: {
          id: randomUUID(),
          category: 'language',
          severity: 'minor',
          comment: '',
          stamp: null,
          pageIndex: pageIndex,
          ...annotation,
        },
      },
      reviewer,
    );
    assert.equal(result.errorCode, 0, `${String(annotation.kind)}: ${result.errorMsg}`);
    return result.data;
  };

  it('the reviewer marks the draft with every new kind and returns it', async () => {
    // The demo's documents are prepared after start-up: wait for this one's text.
    let text = await callApi<DocumentText>(server, '/v1/document/text', { documentId }, reviewer);
    await expect(
      async () => {
        text = await callApi<DocumentText>(server, '/v1/document/text', { documentId }, reviewer);
        return text.errorCode === 0;
      },
      'the draft’s text is ready',
      120_000,
    );
    // The page with the most text (the first may be a title page): every mark goes on it.
    const pages = text.data.pages;
    pageIndex = pages.reduce((best, p, i) => (p.text.length > (pages[best]?.text.length ?? 0) ? i : best), 0);
    const page = pages[pageIndex];
    assert.ok(page?.hasText, 'the page has text');
    // Five different 4-character quotes on page 1, each found once, away from each other.
    const runs: Array<{ at: number; text: string }> = [];
    for (let at = 0; at + 4 <= page.text.length && runs.length < 5; at += 1) {
      const exact = page.text.slice(at, at + 4);
      if (/\s/.test(exact) || page.text.indexOf(exact) !== page.text.lastIndexOf(exact)) continue;
      if (runs.some((run) => Math.abs(run.at - at) < 12)) continue;
      runs.push({ at, text: exact });
    }
    assert.equal(runs.length, 5, `page ${pageIndex + 1} has enough words: ${page.text.slice(0, 200)}`);
    const kinds = ['strikeout', 'replace', 'insert', 'underline', 'highlight'] as const;
    for (const [i, kind] of kinds.entries()) {
      const run = runs[i];
      assert.ok(run);
      const exact = run.text;
      quotes[kind] = exact;
      await save({
        kind,
        comment: kind === 'replace' ? '用词不准确' : kind === 'highlight' ? '此处需要引用' : '',
        ...(kind === 'replace' || kind === 'insert' ? { suggestion: suggestion[kind] } : {}),
        selectors: [
          {
            type: 'TextQuoteSelector',
            exact,
            prefix: page.text.slice(Math.max(0, run.at - 16), run.at),
            suffix: page.text.slice(run.at + exact.length, run.at + exact.length + 16),
          },
          { type: 'PageSelector', index: pageIndex },
        ],
      });
    }
    const { width, height } = page;
    const viewrect = (x0: number, y0: number, x1: number, y1: number) =>
      `page=${pageIndex + 1}&viewrect=${(Math.min(x0, x1) * width).toFixed(1)},${(Math.min(y0, y1) * height).toFixed(1)},${(Math.abs(x1 - x0) * width).toFixed(1)},${(Math.abs(y1 - y0) * height).toFixed(1)}`;
    const fragment = (value: string) => [
      { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value },
    ];
    await save({
      kind: 'arrow',
      comment: '这一段移到第二章开头',
      shape: {
        color: RED,
        width: 2,
        strokes: [
          [
            [0.6, 0.42],
            [0.82, 0.3],
          ],
        ],
      },
      selectors: fragment(viewrect(0.6, 0.3, 0.82, 0.42)),
    });
    // A stylus stroke: its pressure rises and falls along a wave.
    const pen = Array.from({ length: 24 }, (_, i) => [
      0.12 + i * 0.012,
      0.6 + Math.sin(i / 3) * 0.015,
      0.2 + 0.6 * Math.sin((i / 23) * Math.PI),
    ]);
    await save({
      kind: 'pen',
      comment: '',
      shape: { color: BLUE, width: 3, strokes: [pen] },
      selectors: fragment(viewrect(0.12, 0.585, 0.12 + 23 * 0.012, 0.615)),
    });
    await save({
      kind: 'line',
      shape: {
        color: '#389e0d',
        width: 1.5,
        strokes: [
          [
            [0.15, 0.7],
            [0.6, 0.7],
          ],
        ],
      },
      selectors: fragment(viewrect(0.15, 0.7, 0.6, 0.7)),
    });
    await save({
      kind: 'ellipse',
      comment: '图表需要标注来源',
      shape: {
        color: '#722ed1',
        width: 2,
        strokes: [
          [
            [0.55, 0.75],
            [0.85, 0.85],
          ],
        ],
      },
      selectors: fragment(viewrect(0.55, 0.75, 0.85, 0.85)),
    });
    const submitted = await callApi(
      server,
      '/v1/review/submit',
      { submissionId, versionNo: 1, verdict: 'revise', comment: COMMENT },
      reviewer,
    );
    assert.equal(submitted.errorCode, 0, submitted.errorMsg);
  });

  it('the reviewer’s workspace shows every kind', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.reviewer);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${server.url}/document/${documentId}`);
    // To the marked page, by the list: 定位 the ellipse.
    await page
      .getByRole('list', { name: '批注列表' })
      .locator('li', { hasText: '图表需要标注来源' })
      .locator('.aw-item-open')
      .click();
    await page.locator('.aw-drawn-mark.aw-kind-ellipse svg ellipse.aw-ink').first().waitFor();
    for (const kind of [
      'strikeout',
      'replace',
      'insert',
      'underline',
      'highlight',
      'arrow',
      'pen',
      'line',
      'ellipse',
    ]) {
      assert.ok((await page.locator(`.aw-kind-${kind}`).count()) >= 1, `${kind} is drawn`);
    }
    await shot(page, 'markup-workspace-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'markup-workspace-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the print view prints every kind: 原文 → 建议 lines, drawn marks with their page', async () => {
    const { page } = browser;
    {
      await page.goto(`${server.url}/thesis/reviewsPrint/${submissionId}`);
      await waitForTitle(page, '打印论文');
      await page.getByTestId('print-page').first().waitFor({ timeout: 90_000 });
      await expect(async () => page.getByTestId('print-button').isEnabled(), 'every page is ready');
      const printout = page.getByTestId('printout');
      const notes = printout.locator('.tv-note');
      const all = (await notes.allTextContents()).join('\n');
      assert.match(all, new RegExp(`修改建议.*原文${quotes.replace}→建议${suggestion.replace}`));
      assert.match(all, new RegExp(`删除建议.*原文${quotes.strikeout}建议删除`));
      assert.match(all, new RegExp(`插入建议.*插入${suggestion.insert.replace(/[()（）]/g, '.')}`));
      const on = `（第 ${pageIndex + 1} 页）`;
      for (const label of [`箭头${on}`, `画笔${on}`, `直线${on}`, `椭圆${on}`, '下划线']) {
        assert.ok(all.includes(label), `${label} is listed`);
      }
      // Drawn on the page image: four drawn marks as strokes, the struck and underlined words.
      const first = page.getByTestId('print-page').nth(pageIndex);
      assert.equal(await first.locator('svg.tv-drawn').count(), 4);
      assert.equal(await first.locator('svg.tv-drawn[data-kind="arrow"] path.aw-arrow-head').getAttribute('fill'), RED);
      assert.ok((await first.locator('.tv-mark-strike').count()) >= 2, 'strike-out and replace are struck');
      assert.ok((await first.locator('.tv-mark-under').count()) >= 1, 'the underline is drawn');
      await first.scrollIntoViewIfNeeded();
      await first.screenshot({ path: path.join(SHOTS, 'markup-print.png') });
      const violations = await seriousViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
    }
  });
  it('the candidate reads 原文 → 建议 and sees the arrow on the page', async () => {
    candidate = await openBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = candidate;
    page.setDefaultTimeout(60_000);
    await page.goto(`${server.url}/student/login`);
    await loginByPassword(page, studentAccount);
    await page.waitForURL((url) => url.pathname !== '/student/login');
    await page.goto(`${server.url}/student/thesis/review/${submissionId}`);
    await waitForTitle(page, '评阅结果');
    await page.getByText(COMMENT).waitFor();

    // The 修改建议 summary: the struck original and the suggestion, in words and in marks.
    const summary = page.getByTestId('change-summary');
    await summary.waitFor();
    const replace = summary.locator('li[data-kind="replace"]');
    assert.equal(await replace.locator('del').textContent(), quotes.replace);
    assert.equal(await replace.locator('ins').textContent(), suggestion.replace);
    assert.match((await replace.textContent()) ?? '', /原文.*→.*建议/);
    assert.equal(await summary.locator('li[data-kind="strikeout"] del').textContent(), quotes.strikeout);
    assert.equal(await summary.locator('li[data-kind="insert"] ins').textContent(), suggestion.insert);
    assert.match(
      (await summary.locator('li[data-kind="arrow"]').textContent()) ?? '',
      new RegExp(`箭头第 ${pageIndex + 1} 页.*这一段移到第二章开头`),
    );
    assert.equal(await summary.locator('li[data-kind="pen"] svg path').count(), 1, 'the pen stroke as a thumbnail');

    // In the annotation list: 原文 → 建议 too.
    const list = page.getByRole('list', { name: '批注列表' });
    const listed = list.locator('li', { has: page.locator('ins', { hasText: suggestion.replace }) });
    await listed.first().waitFor();
    assert.match(
      (await listed.first().textContent()) ?? '',
      new RegExp(`原文${quotes.replace}→建议${suggestion.replace}`),
    );

    // On the page: the arrow in its red, with a filled head; the pen in blue; the words struck.
    await page.locator('.aw-page').first().waitFor();
    await list.locator('li', { hasText: '这一段移到第二章开头' }).locator('.aw-item-open').click();
    const arrow = page.locator('.aw-drawn-mark.aw-kind-arrow svg.aw-drawn').first();
    await arrow.waitFor();
    assert.equal(await arrow.locator('line.aw-ink').getAttribute('stroke'), RED);
    assert.equal(await arrow.locator('path.aw-arrow-head').getAttribute('fill'), RED);
    const pen = page.locator('.aw-drawn-mark.aw-kind-pen svg.aw-drawn path.aw-ink').first();
    assert.equal(await pen.getAttribute('fill'), BLUE, 'a pressure stroke is a filled outline');
    await page.locator('.aw-kind-strikeout .aw-hl.aw-line-through').first().waitFor();
    await page.locator('.aw-kind-replace .aw-callout ins', { hasText: suggestion.replace }).waitFor();
    await page.locator('.aw-kind-insert .aw-insert-caret').first().waitFor();
    // Named for a screen reader, and clicking the arrow's stroke selects it in the list.
    const onPage = page.getByTestId('workspace-scroll');
    await onPage.getByRole('button', { name: /^修改建议 \d+：原文「.+」改为「研究方案」$/ }).waitFor();
    await onPage.getByRole('button', { name: /^箭头 \d+$/ }).click();
    await expect(
      async () => (await list.locator('.aw-item-selected').textContent())?.includes('这一段移到第二章开头') === true,
      'the arrow is selected in the list',
    );
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(SHOTS, 'markup-candidate-1440.png') });
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `candidate review\n${describeViolations(violations)}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'markup-candidate-390.png') });
    const phone = await seriousViolations(page);
    assert.equal(phone.length, 0, `candidate review on a phone\n${describeViolations(phone)}`);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the candidate’s 批注版 PDF holds the suggestion and the arrow as PDF annotations a reader lists', async () => {
    assert.ok(candidate, 'the candidate is signed in');
    const { page } = candidate;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载批注版 PDF' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /批注版\.pdf$/);
    const file = await download.path();
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0 }).promise;
    const marked = await pdf.getPage(pageIndex + 1);
    const annotations = (await marked.getAnnotations()) as Array<{
      subtype: string;
      contentsObj?: { str: string };
      titleObj?: { str: string };
      lineEndings?: string[];
      lineCoordinates?: number[];
      inReplyTo?: string;
    }>;
    const [pageWidth, pageHeight] = [marked.view[2] ?? 0, marked.view[3] ?? 0];
    const contents = (a: (typeof annotations)[number]) => a.contentsObj?.str ?? '';
    // The replace: a caret holding 修改为：研究方案, with its struck words as a StrikeOut.
    const caret = annotations.find(
      (a) => a.subtype === 'Caret' && contents(a).includes(`修改为：${suggestion.replace}`),
    );
    assert.ok(
      caret,
      `a Caret with the suggestion: ${annotations.map((a) => `${a.subtype}:${contents(a)}`).join(' | ')}`,
    );
    assert.ok(contents(caret).includes('用词不准确'), 'the comment travels with the suggestion');
    assert.ok(
      annotations.some((a) => a.subtype === 'StrikeOut' && contents(a).includes('建议删除')),
      'the strike-out is a StrikeOut',
    );
    // The arrow: a Line with an arrow head at its second point, where the reviewer drew it.
    const arrow = annotations.find((a) => a.subtype === 'Line' && contents(a).includes('这一段移到第二章开头'));
    assert.ok(arrow?.lineCoordinates, 'the arrow is a Line annotation');
    assert.deepEqual(arrow.lineEndings, ['None', 'OpenArrow']);
    const [x1, y1, x2, y2] = arrow.lineCoordinates as [number, number, number, number];
    const near = (actual: number, expected: number) => Math.abs(actual - expected) < 2;
    assert.ok(near(x1, 0.6 * pageWidth) && near(y1, (1 - 0.42) * pageHeight), `tail at ${x1},${y1}`);
    assert.ok(near(x2, 0.82 * pageWidth) && near(y2, (1 - 0.3) * pageHeight), `head at ${x2},${y2}`);
    // Every mark is the reviewer's, named as the candidate's screen names them: by role, never by name.
    for (const mark of [caret, arrow]) assert.equal(mark.titleObj?.str, '评阅教师', 'the author in /T is a role');
    assert.ok(
      annotations.every((a) => !a.titleObj?.str.includes('陈评阅')),
      'no annotation names the reviewer',
    );
    await pdf.destroy();
  });
});

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}
