import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentText, describeArea, describeTextRange } from '@zikao/anchoring';
import type { AnnotationDto } from '@zikao/contract/annotation';
import { byPage, placeAnnotations, readingOrder } from './anchoring-layout.ts';

const pages = ['第一页开头的文字。\n第一页末尾的文字。', '第二页的文字，讨论方法。'];
const doc = new DocumentText(pages);

function annotation(id: string, extra: Partial<AnnotationDto>): AnnotationDto {
  return {
    id,
    documentId: 1,
    kind: 'highlight',
    category: 'content',
    severity: 'minor',
    comment: '',
    stamp: null,
    pageIndex: 0,
    selectors: [],
    revision: 1,
    authorId: 3,
    authorName: '评阅',
    createdAt: 1,
    updatedAt: 1,
    replies: [],
    ...extra,
  };
}

describe('placing annotations on load', () => {
  const end = doc.text.indexOf('讨论');
  const spanning = annotation('span', { selectors: describeTextRange(doc, doc.text.indexOf('末尾'), end) });
  const top = annotation('top', { selectors: describeTextRange(doc, 0, 3) });
  const box = annotation('box', {
    kind: 'area',
    selectors: [describeArea(0, { x: 10, y: 760, width: 50, height: 20 })],
  });
  const gone = annotation('gone', {
    selectors: [{ type: 'TextQuoteSelector', exact: '这段文字已经被作者删掉了很久很久' }],
  });

  it('anchors a page-spanning highlight onto both pages, and lists lost text as an orphan', () => {
    const placements = placeAnnotations(doc, [spanning, top, box, gone]);
    const span = placements.get('span');
    assert.equal(span?.kind, 'text');
    assert.deepEqual(span?.kind === 'text' && span.parts.map((p) => p.page), [0, 1]);
    assert.equal(placements.get('gone')?.kind, 'orphan');
    const pagesWith = byPage(placements);
    assert.deepEqual(pagesWith.get(1), ['span']);
    assert.deepEqual([...(pagesWith.get(0) ?? [])].sort(), ['box', 'span', 'top']);
  });

  it('numbers in reading order: page, then height on the page, orphans last', () => {
    const placements = placeAnnotations(doc, [gone, box, spanning, top]);
    // Line 1 of page 1 at 100 pt from the top, line 2 at 130 pt (the page's text runs).
    const line2 = (pages[0] as string).indexOf('第一页末尾');
    const order = readingOrder([gone, box, spanning, top], placements, [
      {
        spots: [
          [0, line2 - 1, 72, 100, 108],
          [line2, line2 + 9, 72, 130, 108],
        ],
      },
      { spots: [[0, 12, 72, 100, 144]] },
    ]);
    assert.deepEqual(
      order.map((a) => a.id),
      ['top', 'span', 'box', 'gone'],
    );
  });
});

describe('placing the red pen’s marks (issue 24)', () => {
  it('anchors underline, strike-out, replace and insert on their words, and drawn marks by their page box', () => {
    const start = doc.text.indexOf('讨论');
    const text = (id: string, kind: AnnotationDto['kind']) =>
      annotation(id, { kind, pageIndex: 1, selectors: describeTextRange(doc, start, start + 2) });
    const marks = [text('u', 'underline'), text('s', 'strikeout'), text('r', 'replace'), text('i', 'insert')];
    const arrow = annotation('a', {
      kind: 'arrow',
      pageIndex: 1,
      selectors: [describeArea(1, { x: 100, y: 200, width: 150, height: 80 })],
      shape: {
        color: '#cf1322',
        width: 2,
        strokes: [
          [
            [0.2, 0.3],
            [0.4, 0.2],
          ],
        ],
      },
    });
    const placements = placeAnnotations(doc, [...marks, arrow]);
    for (const mark of marks) {
      const placement = placements.get(mark.id);
      assert.equal(placement?.kind, 'text', mark.kind);
      assert.deepEqual(placement?.kind === 'text' && placement.parts, [
        { page: 1, start: (pages[1] as string).indexOf('讨论'), end: (pages[1] as string).indexOf('讨论') + 2 },
      ]);
    }
    assert.deepEqual(placements.get('a'), { kind: 'area', page: 1, rect: { x: 100, y: 200, width: 150, height: 80 } });
  });
});

describe('a carried ellipse whose words were deleted (issue 32 §2.8)', () => {
  it('is an orphan, listed as 原文已删除 and not drawn over the new text; over words still there it is drawn', () => {
    const shape = {
      color: '#cf1322',
      width: 2,
      strokes: [
        [
          [0.1, 0.1],
          [0.5, 0.2],
        ],
      ],
    };
    const fragment = describeArea(0, { x: 50, y: 80, width: 240, height: 80 });
    const deleted = annotation('deleted', {
      kind: 'ellipse',
      shape,
      selectors: [fragment, { type: 'TextQuoteSelector', exact: '旧版本里被圈出、新版本已删掉的一整句话' }],
    });
    const kept = annotation('kept', { kind: 'ellipse', shape, selectors: [fragment, ...describeTextRange(doc, 0, 5)] });
    const placements = placeAnnotations(doc, [deleted, kept]);
    assert.deepEqual(placements.get('deleted'), { kind: 'orphan' });
    assert.deepEqual(placements.get('kept'), { kind: 'area', page: 0, rect: { x: 50, y: 80, width: 240, height: 80 } });
    assert.deepEqual(byPage(placements).get(0), ['kept']);
  });
});
