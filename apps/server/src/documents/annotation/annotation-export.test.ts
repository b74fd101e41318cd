import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, type AnnotationInput, type AnnotationPlacement, ErrorCode } from '@zikao/contract';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildDocument } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const AREA = 'http://tools.ietf.org/rfc/rfc3778' as const;

async function pageTexts(bytes: Buffer): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return texts;
}

async function filledPaths(bytes: Buffer, pageNo: number): Promise<number> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const list = await (await doc.getPage(pageNo)).getOperatorList();
  await doc.destroy();
  return list.fnArray.filter((fn) => fn === pdfjs.OPS.constructPath).length;
}

describe('annotation exports', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;
  const source = multiPagePdf(['Introduction of the thesis', 'Methods and results here']);

  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    documentId = await buildDocument(app, token, source);
    const base = { severity: 'major' as const, stamp: null, pageIndex: 0 };
    const annotations: AnnotationInput[] = [
      {
        ...base,
        id: randomUUID(),
        kind: 'highlight',
        category: 'content',
        comment: '论点需要进一步展开，并补充文献支撑',
        selectors: [
          { type: 'TextQuoteSelector', exact: 'thesis', prefix: 'Introduction of the ', suffix: 'Methods' },
          { type: 'PageSelector', index: 0 },
        ],
      },
      {
        ...base,
        id: randomUUID(),
        kind: 'highlight',
        category: 'structure',
        comment: '跨页的段落衔接生硬',
        selectors: [
          { type: 'TextQuoteSelector', exact: 'the thesisMethods and', prefix: 'Introduction of ', suffix: ' results' },
          { type: 'PageSelector', index: 0, endIndex: 1 },
        ],
      },
      {
        ...base,
        id: randomUUID(),
        kind: 'stamp',
        category: 'other',
        comment: '',
        stamp: '优',
        selectors: [{ type: 'FragmentSelector', conformsTo: AREA, value: 'page=2&viewrect=400,500,60,60' }],
        pageIndex: 1,
      },
      {
        ...base,
        id: randomUUID(),
        kind: 'note',
        category: 'format',
        comment: '本页页眉格式不符合要求',
        selectors: [{ type: 'FragmentSelector', conformsTo: AREA, value: 'page=2' }],
        pageIndex: 1,
      },
      {
        ...base,
        id: randomUUID(),
        kind: 'highlight',
        category: 'language',
        comment: '这段文字已不存在',
        selectors: [{ type: 'TextQuoteSelector', exact: 'Completely different words', prefix: '', suffix: '' }],
      },
    ];
    for (const annotation of annotations) {
      const response = await app.post(
        '/api/v1/annotation/save',
        { documentId, annotation, baseRevision: 0 },
        { token },
      );
      assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    }
    await app.post(
      '/api/v1/annotation/reply',
      { annotationId: annotations[0]?.id, comment: '同意，已补充' },
      { token },
    );
  });
  after(() => app.close());

  const download = async (kind: 'pdf' | 'jsonld', as = token) => {
    const t = Date.now();
    const { signParams } = await import('@zikao/contract');
    return app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/${kind}/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${as}` },
    });
  };

  it('exports the annotations as a W3C JSON-LD collection, replies included', async () => {
    const response = await download('jsonld');
    assert.equal(response.statusCode, 200);
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename\*=UTF-8''thesis-%E6%89%B9%E6%B3%A8\.jsonld$/,
    );
    const collection = JSON.parse(response.body);
    assert.equal(collection['@context'], 'http://www.w3.org/ns/anno.jsonld');
    assert.equal(collection.type, 'AnnotationCollection');
    const items = collection.first.items as Array<{ motivation?: string; body?: unknown; target: unknown }>;
    assert.equal(items.length, 6, 'five annotations and one reply');
    assert.equal(items.filter((item) => item.motivation === 'replying').length, 1);
    assert.ok(JSON.stringify(items).includes('论点需要进一步展开'));
  });

  it('burns highlights, the stamp and markers into the pages and appends an index of every comment', async () => {
    const response = await download('pdf');
    assert.equal(response.statusCode, 200);
    assert.match(
      String(response.headers['content-disposition']),
      /filename\*=UTF-8''thesis-%E6%89%B9%E6%B3%A8%E7%89%88\.pdf/,
    );
    const bytes = response.rawPayload;
    const texts = await pageTexts(bytes);
    assert.ok(texts.length >= 3, 'two pages plus the index');
    assert.ok(texts[0]?.includes('Introduction of the thesis'), 'the original text stays');
    assert.match(texts[0] ?? '', /1/, 'a numbered marker on page 1');
    const index = texts.slice(2).join('');
    for (const expected of [
      '批注索引',
      '论点需要进一步展开，并补充文献支撑',
      '跨页的段落衔接生硬',
      '本页页眉格式不符合要求',
      '回复（陈评阅）：同意，已补充',
      '原文已无法定位',
      '印章 优',
    ]) {
      assert.ok(index.includes(expected), `index lacks ${expected}`);
    }
    assert.equal(await filledPaths(source, 2), 0, 'the source page 2 has no drawings');
    assert.ok((await filledPaths(bytes, 2)) >= 2, 'page 2 has the cross-page highlight and the stamp');
  });

  it('places each annotation for the print view: the PDF index numbers, pages and rectangles from the top-left', async () => {
    const response = await app.post<AnnotationPlacement[]>('/api/v1/annotation/placement', { documentId }, { token });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    const placed = response.body.data;
    assert.equal(placed.length, 5);
    assert.deepEqual(
      placed.map((item) => item.number),
      [1, 2, 3, 4, 5],
    );
    const listed = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token });
    const byComment = new Map(listed.body.data.map((a) => [a.comment, a.id]));
    const of = (comment: string) => placed.find((item) => item.annotationId === byComment.get(comment));
    // Page 1, the word "thesis": a thin band across part of the line, inside the page.
    const word = of('论点需要进一步展开，并补充文献支撑');
    assert.equal(word?.page, 0);
    assert.equal(word?.rects.length, 1);
    for (const rect of word?.rects ?? []) {
      assert.ok(rect.left > 0 && rect.left + rect.width <= 1 && rect.width < 0.5, JSON.stringify(rect));
      assert.ok(rect.top > 0 && rect.top + rect.height <= 1 && rect.height < 0.1, JSON.stringify(rect));
    }
    // The cross-page highlight has a rectangle on each page; it is numbered on page 1, before page 2's.
    const across = of('跨页的段落衔接生硬');
    assert.deepEqual([...new Set(across?.rects.map((rect) => rect.page))], [0, 1]);
    assert.ok((across?.number ?? 0) < (of('本页页眉格式不符合要求')?.number ?? 0));
    // The stamp's box, page=2&viewrect=400,500,60,60 on a 595×842 page, from the top-left.
    const stamp = placed.find(
      (item) => item.page === 1 && item.rects.length === 1 && Math.abs((item.rects[0]?.width ?? 0) - 60 / 595) < 1e-9,
    );
    assert.ok(stamp, JSON.stringify(placed));
    assert.ok(Math.abs((stamp.rects[0]?.top ?? 0) - 500 / 842) < 1e-9);
    // Text that is gone has a number (for the index) and no page.
    const gone = of('这段文字已不存在');
    assert.equal(gone?.page, null);
    assert.deepEqual(gone?.rects, []);
    assert.equal(gone?.number, 5);
  });

  it("refuses another user's export and placement", async () => {
    const student = await app.login('13800000001', 'Zikao@2026', 'student');
    const response = await download('pdf', student);
    assert.equal(JSON.parse(response.body).errorCode, ErrorCode.forbidden);
    const placement = await app.post('/api/v1/annotation/placement', { documentId }, { token: student });
    assert.equal(placement.body.errorCode, ErrorCode.forbidden);
  });
});
