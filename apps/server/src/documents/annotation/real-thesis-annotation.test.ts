import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { anchor, DocumentText, describeTextRange, reanchor } from '@zikao/anchoring';
import {
  type AnnotationDto,
  type AnnotationInput,
  type AnnotationPlacement,
  type DocumentText as DocumentTextDto,
  signParams,
} from '@zikao/contract';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildDocument } from '../../test/factories.ts';
import { tongjiThesis } from '../../test/real-documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const HANGUL = /[\uAC00-\uD7AF]/u;

/** Page 5's two lists, from the unordered list's first item to the ordered list's last. */
const LIST_FROM = '• 项目 1';
const LIST_TO = '（3）项目 3';

describe('annotating a real thesis PDF (test-data/real-documents)', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;
  let doc: DocumentText;
  let list: AnnotationInput;
  let formula: AnnotationInput;

  const pagesOf = async (id: number) => {
    const response = await app.post<DocumentTextDto>('/api/v1/document/text', { documentId: id }, { token });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return new DocumentText(response.body.data.pages.map((page) => page.text));
  };
  /** The global range from the start of `from` to the end of `to` on page `page` (0-based). */
  const rangeOn = (page: number, from: string, to: string): [number, number] => {
    const text = doc.pages[page] as string;
    const start = text.indexOf(from);
    const end = text.indexOf(to, start) + to.length;
    assert.ok(start >= 0 && end > start, `page ${page + 1}: ${text}`);
    return [doc.toGlobalOffset(page, start), doc.toGlobalOffset(page, end)];
  };

  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    documentId = await buildDocument(app, token, tongjiThesis(), 'tongji.pdf');
    doc = await pagesOf(documentId);
    const base = { kind: 'highlight' as const, severity: 'major' as const, stamp: null };
    list = {
      ...base,
      id: randomUUID(),
      category: 'structure',
      comment: '列表层级不清，建议统一编号',
      pageIndex: 4,
      selectors: describeTextRange(doc, ...rangeOn(4, LIST_FROM, LIST_TO)),
    };
    formula = {
      ...base,
      id: randomUUID(),
      category: 'content',
      comment: '公式应说明各符号的含义',
      pageIndex: 6,
      selectors: describeTextRange(doc, ...rangeOn(6, '𝜕2𝑢', '𝜕𝑦2')),
    };
    for (const annotation of [list, formula]) {
      const saved = await app.post('/api/v1/annotation/save', { documentId, annotation, baseRevision: 0 }, { token });
      assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    }
  });
  after(() => app.close());

  it('quotes the list across its lines as the author’s text, and reads it back onto page 5', async () => {
    const [quote] = list.selectors;
    assert.equal(quote?.type, 'TextQuoteSelector');
    if (quote?.type !== 'TextQuoteSelector') return;
    assert.ok(quote.exact.startsWith('• 项目 1– 项目 1-1'), quote.exact);
    assert.ok(quote.exact.endsWith('（3）项目 3'), quote.exact);
    const listed = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token });
    const stored = listed.body.data.find((annotation) => annotation.id === list.id);
    assert.deepEqual(stored?.selectors, list.selectors);
    const found = anchor(doc, stored?.selectors ?? []);
    assert.equal(found?.kind, 'text');
    if (found?.kind !== 'text') return;
    assert.equal(found.confidence, 1);
    const [start, end] = rangeOn(4, LIST_FROM, LIST_TO);
    assert.deepEqual([found.start, found.end], [start, end]);
    assert.ok(found.parts.every((part) => part.page === 4));
  });

  it('draws the list highlight on page 5, a band per line of the list', async () => {
    const response = await app.post<AnnotationPlacement[]>('/api/v1/annotation/placement', { documentId }, { token });
    const placed = response.body.data.find((item) => item.annotationId === list.id);
    assert.equal(placed?.page, 4);
    const rects = placed?.rects ?? [];
    assert.ok(rects.length >= 10, JSON.stringify(rects));
    assert.ok(rects.every((rect) => rect.page === 4 && rect.left > 0.1 && rect.top > 0.1 && rect.top < 0.9));
  });

  it('re-anchors both on the same thesis uploaded again, exactly', async () => {
    const again = await pagesOf(await buildDocument(app, token, tongjiThesis(), 'tongji-2.pdf'));
    const report = reanchor(again, [
      { id: list.id, target: list.selectors },
      { id: formula.id, target: formula.selectors },
    ]);
    for (const result of report.results) {
      assert.equal(result.status, 'found', JSON.stringify(result));
      if (result.status !== 'found') continue;
      assert.equal(result.confidence, 1);
    }
  });

  it('exports the annotated PDF with the list highlighted on page 5 and both comments in the index', async () => {
    const t = Date.now();
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200, response.body.slice(0, 200));
    assert.equal(response.headers['content-type'], 'application/pdf');
    const exported = await pdfjs.getDocument({ data: new Uint8Array(response.rawPayload), verbosity: 0 }).promise;
    const source = await pdfjs.getDocument({ data: new Uint8Array(tongjiThesis()), verbosity: 0 }).promise;
    try {
      assert.ok(exported.numPages > 16, 'the 16 pages and the index');
      const annotations = await (await exported.getPage(5)).getAnnotations();
      assert.ok(
        annotations.some((annotation) => annotation.subtype === 'Highlight'),
        JSON.stringify(annotations.map((a) => a.subtype)),
      );
      const paths = async (pdf: pdfjs.PDFDocumentProxy) =>
        (await (await pdf.getPage(5)).getOperatorList()).fnArray.filter((fn) => fn === pdfjs.OPS.constructPath).length;
      assert.ok((await paths(exported)) > (await paths(source)), 'the highlight is drawn on page 5');
      let index = '';
      for (let p = 17; p <= exported.numPages; p++) {
        const content = await (await exported.getPage(p)).getTextContent();
        index += content.items.map((item) => ('str' in item ? item.str : '')).join('');
      }
      for (const expected of ['列表层级不清，建议统一编号', '公式应说明各符号的含义', '项目 1']) {
        assert.ok(index.includes(expected), `the index lacks ${expected}: ${index.slice(0, 300)}`);
      }
      // The formula's quote reads as written: its math letters drawn in a font that has them.
      const [quote] = formula.selectors;
      const squeeze = (text: string) => text.replace(/\s+/g, '');
      assert.ok(quote?.type === 'TextQuoteSelector' && quote.exact.startsWith('𝜕2𝑢𝜕𝑡2'), JSON.stringify(quote));
      assert.ok(squeeze(index).includes(squeeze(quote.exact)), index);
      assert.ok(!HANGUL.test(index), index);
    } finally {
      await exported.destroy();
      await source.destroy();
    }
  });

  it('exports the formula’s quote with its math letters to W3C JSON-LD', async () => {
    const t = Date.now();
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/jsonld/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200);
    const body = response.body;
    assert.ok(body.includes('𝜕2𝑢'), body.slice(0, 500));
    assert.ok(!HANGUL.test(body), 'no Hangul in the export');
  });
});
