import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentText } from '@zikao/anchoring';
import { pageTextFromItems } from '@zikao/contract/document';
import { itemSlices, itemStarts, pointOffset, selectionRange, trimRange } from './text-offsets.ts';

const page1 = [
  { str: '第1页第1段：本文以', hasEOL: false },
  { str: '自学考试', hasEOL: true },
  { str: '', hasEOL: true },
  { str: '评阅为研究对象。', hasEOL: true },
];
const page2 = [{ str: '第2页第1段：分析', hasEOL: true }];

describe('text layer offsets', () => {
  it('starts each item where pageTextFromItems puts its string', () => {
    const text = pageTextFromItems(page1);
    const starts = itemStarts(page1);
    page1.forEach((item, i) => {
      assert.equal(text.slice(starts[i], (starts[i] as number) + item.str.length), item.str);
    });
    assert.deepEqual(starts, [0, 10, 15, 16]);
  });

  it('maps a selection inside one page to the server text', () => {
    const text = pageTextFromItems(page1);
    const starts = itemStarts(page1);
    const pageStarts = [0, text.length];
    const range = selectionRange(
      { page: 0, itemStart: starts[0] as number, offset: 7, length: 10 },
      { page: 0, itemStart: starts[1] as number, offset: 4, length: 4 },
      pageStarts,
    );
    assert.deepEqual(range, { start: 7, end: 14 });
    assert.equal(text.slice(7, 14), '本文以自学考试');
  });

  it('maps a selection dragged backwards across a page break to one global range', () => {
    const doc = new DocumentText([pageTextFromItems(page1), pageTextFromItems(page2)]);
    const s1 = itemStarts(page1);
    const s2 = itemStarts(page2);
    const range = selectionRange(
      { page: 1, itemStart: s2[0] as number, offset: 2, length: 9 },
      { page: 0, itemStart: s1[3] as number, offset: 3, length: 8 },
      doc.pageStarts,
    );
    assert.ok(range);
    assert.equal(doc.text.slice(range.start, range.end), '研究对象。\n第2');
    assert.deepEqual(
      doc.pageParts(range.start, range.end).map((p) => p.page),
      [0, 1],
    );
  });

  it('clamps offsets beyond an item and ignores empty selections', () => {
    assert.equal(pointOffset({ page: 0, itemStart: 10, offset: 99, length: 4 }), 14);
    assert.equal(pointOffset({ page: 0, itemStart: 10, offset: -3, length: 4 }), 10);
    const p = { page: 0, itemStart: 5, offset: 1, length: 3 };
    assert.equal(selectionRange(p, p, [0]), null);
  });

  it('cuts a page range into per-item slices, skipping line breaks', () => {
    const starts = itemStarts(page1);
    const lengths = page1.map((item) => item.str.length);
    assert.deepEqual(itemSlices(starts, lengths, 7, 20), [
      { item: 0, from: 7, to: 10 },
      { item: 1, from: 0, to: 4 },
      { item: 3, from: 0, to: 4 },
    ]);
    assert.deepEqual(itemSlices(starts, lengths, 13, 16), [{ item: 1, from: 3, to: 4 }]);
    assert.deepEqual(itemSlices(starts, lengths, 5, 5), []);
  });

  it('trims whitespace and line breaks off a selection', () => {
    assert.deepEqual(trimRange(' a\nb \n', 0, 6), { start: 1, end: 4 });
    assert.equal(trimRange(' \n ', 0, 3), null);
  });
});
