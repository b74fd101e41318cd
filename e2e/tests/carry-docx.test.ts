import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { CarriedAnnotationDto, SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { RESUBMITTED_DRAFT } from '../../apps/server/src/seed/thesis-bodies/resubmitted-draft.ts';
import type { ThesisBody } from '../../apps/server/src/seed/thesis-bodies/thesis-body.ts';
import { storedZip } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { wallClock } from '../support/clock.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';
import {
  fillAnnotation,
  listAnnotations,
  type SelectionEnd,
  selectText,
  uploadDocument,
  waitForPageText,
  waitSaved,
} from '../support/workspace.ts';

// Issue 20 §3: a draft whose version is a PDF, annotated and returned, comes back as a Word
// document of the same text (converted by LibreOffice, so laid out anew: other lines, other
// pages, a running header and page numbers) with one small edit. Every quote must land where its
// text is: unchanged text 仍在原处, edited text 已移动 (never 原文已删除), and the threads and
// the times they were written travel with the points.

const LONG_COMMENT =
  '论文选题有一定现实意义，结构基本完整，但第二章的论证依据不足，部分数据缺少来源说明，结论部分与前文呼应不够。请按批注逐条修改后重新提交。';
/** The small edit of the Word version: two words dropped from one sentence of chapter one. */
const EDITED_FROM = '具有一定的理论意义和现实意义';
const EDITED_TO = '具有理论意义和现实意义';
const REPLY = '已补充研究现状，见第一章第二段。';
/** The reviewer wrote the points three days before the candidate resubmitted. */
const WRITTEN_EARLIER_MS = 3 * 24 * 60 * 60 * 1000;

interface Point {
  /** The text selected (on the PDF version, as its text reads without line breaks). */
  quote: string;
  /** Text right before the quote, when the quote alone occurs more than once on its page. */
  after?: string;
  comment: string;
  /** Where it must land on the Word version. */
  expected: 'found' | 'moved';
}

const POINTS: Point[] = [
  // Unchanged, with the edit in its context (the 学界对这一问… was orphaned).
  {
    quote: '从理论上说，网络流行语是观察当代汉语词汇发展变化的一个窗口',
    comment: '理论意义的论述较空泛',
    expected: 'found',
  },
  // The edited words themselves: moved to the new wording, not deleted.
  { quote: '研究网络流行语对现代汉语词汇的影响，具有一定的理论意义', comment: '意义部分可以精简', expected: 'moved' },
  { quote: '一些青少年在作文和正式场合中滥用流行语，造成表达不清、语体混乱', comment: '请给出例子', expected: 'found' },
  // A quote that occurs twice in the thesis: the second, told apart by its context.
  { quote: '蓝瘦香菇', after: '一是谐音，如“', comment: '谐音例子请注明出处', expected: 'found' },
  {
    quote: '据本文统计，在一百二十个流行语中，有四十三个曾出现在主流新闻网站的标题中',
    comment: '统计口径请说明',
    expected: 'found',
  },
  // Latin text with spaces, in the reference list.
  { quote: '王力. 汉语史稿[M]. 北京：中华书局', comment: '参考文献格式请统一', expected: 'found' },
];

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * A thesis as a candidate's Word file: a cover, the chapters running on from page to page, first
 * lines indented, the references on a page of their own, a running header and a footer 第 n 页 on
 * every page. Set in a Song face at 10.5 pt on wider lines, so LibreOffice breaks lines and pages
 * nowhere near where the PDF version did (one page per chapter).
 */
function thesisAsDocx(body: ThesisBody, subtitle: string): Buffer {
  const run = (text: string, size = 21, bold = false) =>
    `<w:r><w:rPr><w:rFonts w:eastAsia="AR PL UMing CN"/>${bold ? '<w:b/>' : ''}<w:sz w:val="${size}"/></w:rPr><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  const paragraph = (text: string, props = '', size = 21, bold = false) =>
    `<w:p><w:pPr>${props}<w:spacing w:line="360" w:lineRule="auto"/></w:pPr>${run(text, size, bold)}</w:p>`;
  let xml =
    paragraph(body.title, '<w:jc w:val="center"/>', 36, true) + paragraph(subtitle, '<w:jc w:val="center"/>', 28);
  for (const [i, section] of body.sections.entries()) {
    xml += paragraph(section.heading, i === 0 ? '<w:pageBreakBefore/>' : '', 28, true);
    for (const text of section.paragraphs) xml += paragraph(text, '<w:ind w:firstLineChars="200" w:firstLine="420"/>');
  }
  xml += paragraph('参考文献', '<w:pageBreakBefore/>', 32, true);
  for (const entry of body.references) xml += paragraph(entry, '<w:ind w:left="420" w:hanging="420"/>');
  xml += `<w:sectPr><w:headerReference w:type="default" r:id="rId1"/><w:footerReference w:type="default" r:id="rId2"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1134" w:bottom="1440" w:left="1134" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>`;
  const part = (kind: 'hdr' | 'ftr', inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><w:${kind} ${W} ${R}><w:p><w:pPr><w:jc w:val="center"/></w:pPr>${inner}</w:p></w:${kind}>`;
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/_rels/document.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${W} ${R}><w:body>${xml}</w:body></w:document>`,
    'word/header1.xml': part('hdr', run('自学考试毕业论文', 18)),
    'word/footer1.xml': part(
      'ftr',
      `${run('第 ', 18)}<w:fldSimple w:instr=" PAGE "><w:r><w:rPr><w:sz w:val="18"/></w:rPr><w:t>1</w:t></w:r></w:fldSimple>${run(' 页', 18)}`,
    ),
  });
}

/** Where `point` sits in a page's text (its line breaks skipped): the two ends of a drag over it. */
function selectionOf(pageText: string, pageIndex: number, point: Point): { from: SelectionEnd; to: SelectionEnd } {
  const offsets: number[] = [];
  let flat = '';
  for (let i = 0; i < pageText.length; i++) {
    if (pageText[i] === '\n') continue;
    offsets.push(i);
    flat += pageText[i];
  }
  const context = point.after ?? '';
  const at = flat.indexOf(context + point.quote);
  assert.ok(at !== -1, `"${point.quote}" is on page ${pageIndex + 1}`);
  const start = offsets[at + context.length] as number;
  const end = (offsets[at + context.length + point.quote.length - 1] as number) + 1;
  return { from: endAt(pageText, pageIndex, start, 'start'), to: endAt(pageText, pageIndex, end, 'end') };
}

/**
 * A selection end at page offset `at`, named by the text of its own line around it (selectText
 * finds a needle's first occurrence on the page): widened until that text occurs only there.
 */
function endAt(pageText: string, pageIndex: number, at: number, side: 'start' | 'end'): SelectionEnd {
  const lineStart = pageText.lastIndexOf('\n', side === 'start' ? at : at - 1) + 1;
  const newline = pageText.indexOf('\n', side === 'start' ? at : at - 1);
  const lineEnd = newline === -1 ? pageText.length : newline;
  for (let width = 4; width <= 40; width += 2) {
    const from = Math.max(lineStart, at - width);
    const to = Math.min(lineEnd, at + width);
    const needle = pageText.slice(from, to);
    if (pageText.indexOf(needle) === from) return { pageIndex, needle, offset: at - from };
  }
  assert.fail(`no text names page ${pageIndex + 1} at ${at} alone`);
}

async function detailOf(server: TestServer, token: string, submissionId: number): Promise<SubmissionDetail> {
  const result = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId }, token);
  assert.equal(result.errorCode, 0, result.errorMsg);
  return result.data;
}

async function pageTexts(server: TestServer, token: string, documentId: number): Promise<string[]> {
  const text = await callApi<{ pages: Array<{ text: string }> }>(server, '/v1/document/text', { documentId }, token);
  assert.equal(text.errorCode, 0, text.errorMsg);
  return text.data.pages.map((page) => page.text);
}

async function returnForRevision(page: Page): Promise<void> {
  await page.getByLabel('评阅意见').fill(LONG_COMMENT);
  await page.locator('.ant-radio-button-wrapper', { hasText: /^退回修改$/ }).click();
  await page.getByRole('button', { name: '提交评阅' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();
  await page.getByTestId('status-tag').filter({ hasText: '退回修改' }).waitFor();
}

diagnoseFailures();

describe('a PDF draft resubmitted as a Word document of the same text carries its annotations onto their text', () => {
  let dataDir: string;
  let server: TestServer;
  let browser: TestBrowser;
  let reviewerToken: string;
  let studentToken: string;
  let draftId: number;
  /** The PDF version annotated, and the reviewer's annotations on it. */
  let pdfVersion: { versionNo: number; documentId: number };
  let written: AnnotationDto[];

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'zikao-carry-docx-'));
    server = await startServer({ DATA_DIR: dataDir });
    browser = await openBrowser();
    browser.page.setDefaultTimeout(60_000);
    reviewerToken = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    studentToken = await apiLogin(server, PHONES.student, DEMO_PASSWORD, 'student');
    // The demo candidate 李同学's draft: its current version is a PDF, assigned to the demo reviewer.
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
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the reviewer annotates quotes across the PDF version and returns it; the candidate replies to one', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await waitForTitle(page, '论文详情');
    await page.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    const detail = await detailOf(server, reviewerToken, draftId);
    const version = detail.versions.find((v) => v.versionNo === detail.currentVersion);
    assert.ok(version?.documentId, 'the current version has a document');
    pdfVersion = { versionNo: version.versionNo, documentId: version.documentId };
    const pages = await pageTexts(server, reviewerToken, pdfVersion.documentId);
    const flat = (text: string) => text.replaceAll('\n', '');

    for (const point of POINTS) {
      const pageIndex = pages.findIndex((text) => flat(text).includes((point.after ?? '') + point.quote));
      assert.ok(pageIndex >= 0, `"${point.quote}" is in the PDF version`);
      const { from, to } = selectionOf(pages[pageIndex] as string, pageIndex, point);
      // The workspace draws the pages near the one shown: go to the quote's page by its number.
      await page.getByLabel('页码').fill(String(pageIndex + 1));
      await page.getByLabel('页码').press('Enter');
      await waitForPageText(page, pageIndex);
      // The quote in the middle of the view, so that the popover opens beside it, not over the toolbar.
      await page.evaluate(
        ([pageIndex, offset]) => {
          const spans = [
            ...document.querySelectorAll<HTMLElement>(
              `.aw-page[data-page-index="${pageIndex}"] .aw-text-layer span[data-offset]`,
            ),
          ];
          const span = spans.filter((s) => Number(s.dataset.offset) <= offset).at(-1);
          span?.scrollIntoView({ block: 'center' });
        },
        [pageIndex, (pages[pageIndex] as string).indexOf(from.needle)] as const,
      );
      const selected = await selectText(page, from, to);
      assert.equal(selected.replace(/\n/g, ''), point.quote);
      await fillAnnotation(page, '内容', point.comment);
      await waitSaved(page);
    }
    const annotations = await listAnnotations(server, reviewerToken, pdfVersion.documentId);
    written = POINTS.map((point) => {
      const annotation = annotations.find((a) => a.comment === point.comment);
      assert.ok(annotation, `saved: ${point.comment}`);
      const quote = annotation.selectors.find((s) => s.type === 'TextQuoteSelector');
      assert.equal(quote?.type === 'TextQuoteSelector' ? quote.exact : '', point.quote);
      return annotation;
    });

    await returnForRevision(page);
    // The points were written days before the candidate comes back with a new version.
    const { db, close } = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      await db
        .updateTable('annotations')
        .set((eb) => ({
          created_at: eb('created_at', '-', WRITTEN_EARLIER_MS),
          updated_at: eb('updated_at', '-', WRITTEN_EARLIER_MS),
        }))
        .where('document_id', '=', pdfVersion.documentId)
        .execute();
    } finally {
      await close();
    }
    written = (await listAnnotations(server, reviewerToken, pdfVersion.documentId)).filter((a) =>
      POINTS.some((point) => point.comment === a.comment),
    );
    assert.equal(written.length, POINTS.length);
    assert.ok(written.every((a) => Date.now() - a.createdAt > WRITTEN_EARLIER_MS - 60_000));

    const first = written.find((a) => a.comment === POINTS[0]?.comment) as AnnotationDto;
    const reply = await callApi(
      server,
      '/v1/annotation/reply',
      { annotationId: first.id, comment: REPLY },
      studentToken,
    );
    assert.equal(reply.errorCode, 0, reply.errorMsg);
  });

  it('the candidate resubmits the same text as a Word document, with two words dropped from one sentence', async () => {
    const second = RESUBMITTED_DRAFT.second;
    const edited = second.sections.map((section) => ({
      ...section,
      paragraphs: section.paragraphs.map((text) => text.replace(EDITED_FROM, EDITED_TO)),
    }));
    assert.equal(
      edited.filter((section, i) => section.paragraphs.join() !== second.sections[i]?.paragraphs.join()).length,
      1,
      'one sentence is edited',
    );
    const docx = thesisAsDocx({ ...second, sections: edited }, '自学考试毕业论文 · 论文初稿（第三稿）');
    const documentId = await uploadDocument(server, studentToken, docx, '论文初稿（第三稿）.docx');
    const resubmitted = await callApi<{ versionNo: number }>(
      server,
      '/v1/submission/resubmit',
      { submissionId: draftId, documentId },
      studentToken,
    );
    assert.equal(resubmitted.errorCode, 0, resubmitted.errorMsg);
    assert.equal(resubmitted.data.versionNo, pdfVersion.versionNo + 1);
    // LibreOffice laid it out anew: the quotes do not sit on the lines and pages they had.
    const pdfPages = await pageTexts(server, reviewerToken, pdfVersion.documentId);
    const wordPages = await pageTexts(server, reviewerToken, documentId);
    const longLines = (pages: string[]) => pages.flatMap((text) => text.split('\n')).filter((line) => line.length > 16);
    const pdfLines = new Set(longLines(pdfPages));
    const kept = longLines(wordPages).filter((line) => pdfLines.has(line));
    assert.ok(kept.length * 4 < longLines(wordPages).length, `most lines break elsewhere: ${kept.length} kept`);
    // Chapters run on from page to page, where the PDF version gave each its own page.
    const headings = RESUBMITTED_DRAFT.second.sections.map((section) => section.heading);
    assert.ok(
      wordPages.some((text) => headings.filter((heading) => text.includes(heading)).length >= 2),
      'a page holds the end of one chapter and the start of the next',
    );
    assert.ok(
      wordPages.some((text) => text.includes('自学考试毕业论文\n')),
      'the running header is in the text',
    );
  });

  it('finds every quote where its text is, with its thread and the time it was written', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await waitForTitle(page, '论文详情');
    await page.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    const detail = await detailOf(server, reviewerToken, draftId);
    assert.equal(detail.currentVersion, pdfVersion.versionNo + 1);
    const carried = detail.carried;
    assert.ok(carried, 'the Word version carries the PDF version’s annotations');
    const mine = new Map<string, CarriedAnnotationDto>();
    for (const point of POINTS) {
      const item = carried.items.find((candidate) => candidate.comment === point.comment);
      assert.ok(item, `carried: ${point.comment}`);
      mine.set(point.comment, item);
    }
    // Where each landed, all at once, so that a failure names every quote that went astray.
    const landed = POINTS.map((point) => {
      const item = mine.get(point.comment) as CarriedAnnotationDto;
      return { quote: point.quote, status: item.status, confidence: item.confidence, now: item.quote };
    });
    assert.deepEqual(
      landed.map(({ quote, status }) => ({ quote, status })),
      POINTS.map((point) => ({ quote: point.quote, status: point.expected })),
      JSON.stringify(landed),
    );
    // The edited quote now reads as the candidate wrote it; the others are unchanged.
    for (const point of POINTS) {
      const now = (mine.get(point.comment) as CarriedAnnotationDto).quote;
      assert.equal(now, point.quote.replace('一定的', ''));
    }
    // Written three days ago, not when carried.
    for (const source of written) {
      const item = [...mine.values()].find((candidate) => candidate.comment === source.comment);
      assert.equal(item?.writtenAt, source.createdAt, source.comment);
    }

    // The 批注核对 tab says so, item by item.
    const total = carried.items.length;
    await page.getByRole('tab', { name: `批注核对 0/${total}` }).click();
    const panel = page.getByTestId('carried-panel');
    for (const point of POINTS) {
      const item = panel.locator('li.rv-carried-item', { hasText: point.comment });
      await item.getByText(point.expected === 'found' ? '仍在原处' : '已移动', { exact: true }).waitFor();
      assert.equal(await item.getByText('原文已删除').count(), 0, point.comment);
      const source = written.find((a) => a.comment === point.comment) as AnnotationDto;
      await item
        .getByTestId('carried-written')
        .getByText(`写于 ${wallClock(source.createdAt)}`)
        .waitFor();
    }

    // In the workspace's list, the carried point keeps the candidate's reply and its written time.
    await page.getByRole('tab', { name: '批注', exact: true }).click();
    const first = written.find((a) => a.comment === POINTS[0]?.comment) as AnnotationDto;
    const listItem = page.locator('.aw-item', { hasText: first.comment }).first();
    await listItem.waitFor();
    const replies = listItem.getByRole('list', { name: '回复' });
    await replies.getByText(REPLY).waitFor();
    await replies.getByText(/考生/).waitFor();
    const shown = wallClock(first.createdAt).slice(5, 16);
    await listItem.getByText(new RegExp(`· ${shown}$`)).waitFor();
  });
});
