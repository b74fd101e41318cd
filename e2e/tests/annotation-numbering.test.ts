import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { DocumentText } from '@zikao/contract';
import type { AnnotationInput } from '@zikao/contract/annotation';
import type { SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

/** Where screenshots go; set NUMBERING_SHOTS to keep them. */
const SHOTS = process.env.NUMBERING_SHOTS ?? '';

diagnoseFailures();

type Spot = readonly [number, number, number, number, number];

/**
 * Issue 32 §1.1: on one page a highlight in paragraph 1, then a box over paragraph 3, then a
 * 修改建议 in paragraph 2. The 批注 tab and the print view give every mark the same #N.
 */
describe('one annotation numbering: the 批注 tab and the print view agree (issue 32 §1.1)', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;
  let draftId: number;
  let documentId: number;
  const ids = { highlight: randomUUID(), area: randomUUID(), replace: randomUUID() };

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    browser.page.setDefaultTimeout(60_000);
    token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
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
    const detail = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId: draftId }, token);
    const id = detail.data.versions.find((v) => v.versionNo === detail.data.currentVersion)?.documentId;
    assert.ok(id, 'the draft has a document');
    documentId = id;
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const save = async (annotation: AnnotationInput) => {
    const saved = await callApi<unknown>(
      server,
      '/v1/annotation/save',
      { documentId, annotation, baseRevision: 0 },
      token,
    );
    assert.equal(saved.errorCode, 0, saved.errorMsg);
  };

  it('numbers the issue’s page the same in the workspace’s list as in the print view', async () => {
    const text = await callApi<DocumentText>(server, '/v1/document/text', { documentId }, token);
    assert.equal(text.errorCode, 0, text.errorMsg);
    // The body's lines on the page with the most of them: three "paragraphs" a good way apart.
    const pageIndex = text.data.pages.reduce(
      (best, page, i, pages) => ((page.spots?.length ?? 0) > (pages[best]?.spots?.length ?? 0) ? i : best),
      0,
    );
    const page = text.data.pages[pageIndex];
    assert.ok(page?.spots, 'the page texts carry their text runs');
    const lines = (page.spots as Spot[])
      .filter(([start, end]) => page.text.slice(start, end).trim().length >= 12)
      .sort((a, b) => a[3] - b[3]);
    assert.ok(lines.length >= 6, `page ${pageIndex + 1} has lines of text`);
    const first = lines[0] as Spot;
    const second = lines[Math.floor(lines.length / 2)] as Spot;
    const third = lines[lines.length - 2] as Spot;
    const words = (spot: Spot) => page.text.slice(spot[0], spot[0] + 6);
    const quote = (spot: Spot) => {
      const start = spot[0];
      return [
        {
          type: 'TextQuoteSelector' as const,
          exact: words(spot),
          prefix: page.text.slice(Math.max(0, start - 32), start),
          suffix: page.text.slice(start + 6, start + 38),
        },
        { type: 'PageSelector' as const, index: pageIndex },
      ];
    };
    const base = { severity: 'major' as const, stamp: null, pageIndex, category: 'content' as const };
    // Made in the order: paragraph 1, then the box over paragraph 3, then paragraph 2.
    await save({ ...base, id: ids.highlight, kind: 'highlight', comment: '编号核对：第一段', selectors: quote(first) });
    const box = [third[2] - 4, third[3] - 4, Math.min(400, page.width - third[2]), 40].map((n) => Math.max(0, n));
    await save({
      ...base,
      id: ids.area,
      kind: 'area',
      comment: '编号核对：第三段的框',
      selectors: [
        {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
          value: `page=${pageIndex + 1}&viewrect=${box.join(',')}`,
        },
      ],
    });
    await save({
      ...base,
      id: ids.replace,
      kind: 'replace',
      comment: '编号核对：第二段的修改建议',
      suggestion: '改后的文字',
      selectors: quote(second),
    });

    const { page: tab } = browser;
    await tab.goto(`${server.url}/login`);
    await loginByPassword(tab, PHONES.reviewer);
    await tab.waitForURL((url) => url.pathname !== '/login');

    // The workspace: its 批注 tab, once the page texts have numbered the list.
    await tab.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await waitForTitle(tab, '论文详情');
    await tab.getByRole('tab', { name: '批注', exact: true }).click();
    const listed = tab.getByTestId('review-annotations').locator(`li[data-annotation-id="${ids.replace}"] .aw-num`);
    await listed.waitFor();
    const numbersIn = async (root: string, numberClass: string) =>
      tab
        .locator(`${root} li[data-annotation-id]`)
        .evaluateAll(
          (items, cls) =>
            Object.fromEntries(
              items.map((item) => [
                (item as HTMLElement).dataset.annotationId,
                Number(item.querySelector(cls)?.textContent ?? 0),
              ]),
            ),
          numberClass,
        );
    await expect(
      async () => {
        const numbers = await numbersIn('[data-testid="review-annotations"]', '.aw-num');
        return Object.values(ids).every((id) => (numbers[id] ?? 0) > 0);
      },
      'the list numbers the three marks',
      120_000,
    );
    const inList = await numbersIn('[data-testid="review-annotations"]', '.aw-num');
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/numbering-list.png` });

    // The print view numbers from the server's placement (the annotated PDF's numbers).
    await tab.goto(`${server.url}/thesis/reviewsPrint/${draftId}`);
    await waitForTitle(tab, '打印论文');
    // Every page drawn (slow on a busy machine), so every page's notes are listed.
    await expect(async () => tab.getByTestId('print-button').isEnabled(), 'every page is ready', 240_000);
    const inPrint = await numbersIn('[data-testid="printout"]', '.tv-note-no');
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/numbering-print.png`, fullPage: false });

    // The three in reading order, one number apart…
    const ours = Object.values(ids).map((id) => inList[id] ?? 0);
    const h = inList[ids.highlight] ?? 0;
    assert.deepEqual(
      [inList[ids.replace], inList[ids.area]].map((n) => (n ?? 0) > h),
      [true, true],
      `the highlight in paragraph 1 comes first: ${JSON.stringify(ours)}`,
    );
    assert.ok((inList[ids.replace] ?? 0) < (inList[ids.area] ?? 0), `paragraph 2 before paragraph 3: ${ours}`);
    // …and every mark has the same #N in both.
    assert.deepEqual(inPrint, inList);
  });
});
