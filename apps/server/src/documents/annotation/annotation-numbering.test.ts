import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { anchorMark, DocumentText, numberMarks, readingPosition } from '@zikao/anchoring';
import {
  type AnnotationDto,
  type AnnotationInput,
  type AnnotationPlacement,
  type DocumentText as DocumentTextDto,
  isTextMark,
  signParams,
} from '@zikao/contract';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber, StandardFonts } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildDocument } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const FRAGMENT = 'http://tools.ietf.org/rfc/rfc3778' as const;
const HEIGHT = 842;

/** One A4 page of three paragraphs, their first lines 100, 160 and 220 pt from the top. */
async function threeParagraphs(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, HEIGHT]);
  const lines = [
    [100, 'Paragraph one sets out the background of the study.'],
    [160, 'Paragraph two describes the survey method in detail.'],
    [220, 'Paragraph three reports the results and the findings.'],
    [236, 'It closes with a short discussion of their limits.'],
  ] as const;
  for (const [top, text] of lines) page.drawText(text, { x: 72, y: HEIGHT - top - 11, size: 12, font });
  return Buffer.from(await pdf.save());
}

describe('one numbering: the API, the annotated PDF and its index agree (issue 32 §1.1, §2.3)', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;
  const base = { severity: 'major' as const, stamp: null, pageIndex: 0, category: 'content' as const };
  const quote = (exact: string, prefix: string, suffix: string) => [
    { type: 'TextQuoteSelector' as const, exact, prefix, suffix },
    { type: 'PageSelector' as const, index: 0 },
  ];
  // Made in the order: a highlight in paragraph 1, a box over paragraph 3, then a
  // 修改建议 in paragraph 2; a page note placed low on the page; a highlight whose text is gone.
  const marks: Record<string, AnnotationInput> = {
    highlight: {
      ...base,
      id: randomUUID(),
      kind: 'highlight',
      comment: '背景交代过简',
      selectors: quote('background', 'sets out the ', ' of the'),
    },
    area: {
      ...base,
      id: randomUUID(),
      kind: 'area',
      comment: '结果一段排版混乱',
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=60,214,420,40' }],
    },
    replace: {
      ...base,
      id: randomUUID(),
      kind: 'replace',
      comment: '用词不准确',
      suggestion: '问卷调查',
      selectors: quote('survey', 'describes the ', ' method'),
    },
    note: {
      ...base,
      id: randomUUID(),
      kind: 'note',
      comment: '本页下方留白过多',
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=300,500,24,24' }],
    },
    gone: {
      ...base,
      id: randomUUID(),
      kind: 'highlight',
      comment: '这句已被删除',
      selectors: quote('a sentence the author deleted', '', ''),
    },
  };
  const expected = { highlight: 1, replace: 2, area: 3, note: 4, gone: 5 };

  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    documentId = await buildDocument(app, token, await threeParagraphs());
    for (const [key, annotation] of Object.entries(marks)) {
      const saved = await app.post('/api/v1/annotation/save', { documentId, annotation, baseRevision: 0 }, { token });
      assert.equal(saved.body.errorCode, 0, `${key}: ${saved.body.errorMsg}`);
    }
  });
  after(() => app.close());

  const keyOf = (id: string) => Object.entries(marks).find(([, mark]) => mark.id === id)?.[0] ?? id;
  const keyByComment = (text: string) =>
    Object.entries(marks).find(([, mark]) => text.includes(mark.comment))?.[0] ?? text;
  const download = async () => {
    const t = Date.now();
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.rawPayload;
  };

  it('numbers the same on the print view’s placement, in the workspace’s reckoning, and in the 批注版 PDF', async () => {
    const placement = await app.post<AnnotationPlacement[]>('/api/v1/annotation/placement', { documentId }, { token });
    assert.equal(placement.body.errorCode, 0, placement.body.errorMsg);
    const api = Object.fromEntries(placement.body.data.map((p) => [keyOf(p.annotationId), p.number]));
    assert.deepEqual(api, expected);

    // The workspace numbers from the page texts and their runs, by the same rule.
    const text = await app.post<DocumentTextDto>('/api/v1/document/text', { documentId }, { token });
    const list = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token });
    const pages = text.body.data.pages;
    assert.ok(pages[0]?.spots && pages[0].spots.length >= 4, 'the page texts carry their runs');
    const doc = new DocumentText(pages.map((page) => page.text));
    const numbers = numberMarks(list.body.data, (mark) =>
      readingPosition(
        anchorMark(doc, { textMark: isTextMark(mark.kind), selectors: mark.selectors }),
        (page) => pages[page]?.spots,
      ),
    );
    assert.deepEqual(Object.fromEntries([...numbers].map(([id, n]) => [keyOf(id), n])), expected);

    // The PDF: each annotation's comment ends 〔批注 N · …〕, and the index lists N before the comment.
    const doc2 = await pdfjs.getDocument({ data: new Uint8Array(await download()), verbosity: 0 }).promise;
    const inPdf: Record<string, number> = {};
    const first = await doc2.getPage(1);
    for (const annotation of (await first.getAnnotations()) as Array<{
      contentsObj?: { str: string };
      inReplyTo?: string;
    }>) {
      const match = /〔批注 (\d+) ·/.exec(annotation.contentsObj?.str ?? '');
      if (match && !annotation.inReplyTo) inPdf[keyByComment(annotation.contentsObj?.str ?? '')] = Number(match[1]);
    }
    assert.deepEqual(inPdf, { highlight: 1, replace: 2, area: 3, note: 4 }, 'the placed marks, in the comment pane');
    const inIndex: Record<string, number> = {};
    let marker = 0;
    for (let p = 2; p <= doc2.numPages; p++) {
      const content = await (await doc2.getPage(p)).getTextContent();
      for (const item of content.items) {
        const str = 'str' in item ? item.str.trim() : '';
        if (/^\d+$/.test(str)) marker = Number(str);
        else if (str.startsWith('批注：')) inIndex[keyByComment(str)] = marker;
      }
    }
    await doc2.destroy();
    assert.deepEqual(inIndex, expected, 'the index pages');
  });

  it('keeps a page note where it was placed, not in the page’s top-right corner (§2.3)', async () => {
    const pdf = await PDFDocument.load(await download());
    const annots = pdf.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const notes = annots
      .asArray()
      .map((ref) => pdf.context.lookup(ref, PDFDict))
      .filter((dict) => dict.get(PDFName.of('Subtype')) === PDFName.of('Text') && !dict.has(PDFName.of('IRT')));
    assert.equal(notes.length, 1);
    const rect = (notes[0] as PDFDict)
      .lookup(PDFName.of('Rect'), PDFArray)
      .asArray()
      .map((n) => (n as PDFNumber).asNumber());
    // Saved at 300, 500 from the top-left, 24 pt square: in user space (y up) 300, 318 to 324, 342.
    assert.deepEqual(
      rect.map((n) => Math.round(n)),
      [300, HEIGHT - 500 - 24, 324, HEIGHT - 500],
    );
  });
});
