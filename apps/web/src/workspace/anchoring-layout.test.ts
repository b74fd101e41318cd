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
    const order = readingOrder([gone, box, spanning, top], placements, [
      { text: pages[0] as string, height: 842 },
      { text: pages[1] as string, height: 842 },
    ]);
    assert.deepEqual(
      order.map((a) => a.id),
      ['top', 'span', 'box', 'gone'],
    );
  });
});
