import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentText } from './document.ts';
import type { Selector } from './model.ts';
import { anchorMark, numberMarks, readingOrder, readingPosition, type TextSpot, textSpots } from './reading-order.ts';
import { describeArea, describeTextRange } from './selectors.ts';

// One A4 page of three paragraphs, one line each, 60 pt apart; and a second page.
const lines = ['第一段讲研究背景与意义。', '第二段说明研究方法和数据。', '第三段给出主要结论与建议。'];
const pageText = lines.join('\n');
const pages = [pageText, '第二页的文字。'];
const doc = new DocumentText(pages);
const HEIGHT = 842;
/** pdf.js boxes `[start, end, x, y, width, height]` in user space (y up): line i's top at 100 + 60·i. */
const boxes = lines.map((line, i) => {
  const start = pageText.indexOf(line);
  return [start, start + line.length, 72, HEIGHT - (100 + 60 * i) - 12, line.length * 12, 12];
});
const spots: TextSpot[][] = [textSpots(boxes, HEIGHT), textSpots([[0, 7, 72, HEIGHT - 112, 84, 12]], HEIGHT)];

interface Mark {
  id: string;
  createdAt: number;
  pageIndex: number;
  textMark: boolean;
  selectors: Selector[];
}

const at = (words: string, page = 0) => {
  const start = doc.pageStarts[page] as number;
  const offset = (pages[page] as string).indexOf(words);
  return describeTextRange(doc, start + offset, start + offset + words.length);
};
const mark = (id: string, createdAt: number, textMark: boolean, selectors: Selector[]): Mark => ({
  id,
  createdAt,
  pageIndex: 0,
  textMark,
  selectors,
});
const positionOf = (item: Mark) => readingPosition(anchorMark(doc, item), (page) => spots[page]);

describe('one numbering for every view (issue 32 §1.1)', () => {
  it('numbers the issue’s page: a highlight in paragraph 1, a box over paragraph 3, a 修改建议 in paragraph 2', () => {
    // Made in this order: highlight, then the box, then the replace.
    const marks = [
      mark('highlight', 1, true, at('研究背景')),
      mark('area', 2, false, [describeArea(0, { x: 60, y: 216, width: 400, height: 30 })]),
      mark('replace', 3, true, at('研究方法')),
    ];
    const numbers = numberMarks(marks, positionOf);
    assert.deepEqual(Object.fromEntries(numbers), { highlight: 1, replace: 2, area: 3 });
  });

  it('orders by page, then the anchor’s top, then from the left, then creation and id', () => {
    const marks = [
      mark('page2', 1, true, at('第二页', 1)),
      mark('right', 2, true, at('意义')),
      mark('left', 3, true, at('第一段')),
      mark('stampHigh', 4, false, [describeArea(0, { x: 400, y: 50, width: 20, height: 20 })]),
      mark('twinB', 5, false, [describeArea(0, { x: 10, y: 300, width: 20, height: 20 })]),
      mark('twinA', 5, false, [describeArea(0, { x: 10, y: 300, width: 20, height: 20 })]),
      mark('older', 4, false, [describeArea(0, { x: 10, y: 300, width: 20, height: 20 })]),
    ];
    marks[0] = { ...(marks[0] as Mark), pageIndex: 1 };
    assert.deepEqual(
      readingOrder(marks, positionOf).map((m) => m.id),
      ['stampHigh', 'left', 'right', 'older', 'twinA', 'twinB', 'page2'],
    );
  });

  it('lists marks whose text is gone after every placed one, by their page, then creation', () => {
    const gone = (id: string, createdAt: number, pageIndex: number): Mark => ({
      ...mark(id, createdAt, true, [{ type: 'TextQuoteSelector', exact: '这句话在新版本里已经被作者整段删除了' }]),
      pageIndex,
    });
    const marks = [
      gone('goneP0late', 9, 0),
      mark('p2', 5, true, at('第二页', 1)),
      gone('goneP0', 1, 0),
      gone('goneP1', 0, 1),
    ];
    marks[1] = { ...(marks[1] as Mark), pageIndex: 1 };
    assert.deepEqual(
      readingOrder(marks, positionOf).map((m) => m.id),
      ['p2', 'goneP0', 'goneP0late', 'goneP1'],
    );
  });

  it('does not place a drawn mark whose words are gone, though its page fragment remains (§2.8)', () => {
    const fragment = describeArea(0, { x: 60, y: 90, width: 200, height: 30 });
    const over = anchorMark(doc, { textMark: false, selectors: [fragment, ...at('研究背景')] });
    assert.equal(over?.kind, 'area');
    const deleted: Selector[] = [fragment, { type: 'TextQuoteSelector', exact: '这一句已在新版中删除，只剩下椭圆' }];
    assert.equal(anchorMark(doc, { textMark: false, selectors: deleted }), null);
    // A box with no words under it stays where it was drawn.
    assert.deepEqual(
      readingPosition(anchorMark(doc, { textMark: false, selectors: [fragment] }), () => []),
      {
        page: 0,
        top: 90,
        left: 60,
      },
    );
  });

  it('reads a character’s place from the runs: the line’s top, and its left edge across the run', () => {
    assert.deepEqual(spots[0]?.[1], [
      pageText.indexOf(lines[1] as string),
      pageText.indexOf(lines[2] as string) - 1,
      72,
      160,
      156,
    ]);
    const position = positionOf(mark('m', 1, true, at('方法')));
    assert.deepEqual(position, { page: 0, top: 160, left: 72 + 12 * (lines[1] as string).indexOf('方法') });
    // Items that continue one line are one run.
    const merged = textSpots(
      [
        [0, 4, 72, 700, 48, 12],
        [4, 8, 120, 700, 48, 12],
        [9, 12, 72, 680, 36, 12],
      ],
      HEIGHT,
    );
    assert.deepEqual(merged, [
      [0, 8, 72, 130, 96],
      [9, 12, 72, 150, 36],
    ]);
  });
});
