import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { codePointsAfter, codePointsBefore, DocumentText } from './document.ts';

describe('DocumentText', () => {
  const doc = new DocumentText(['第一章 绪论', '', '研究背景与意义', '参考文献']);

  it('concatenates pages without a separator and records where each starts', () => {
    assert.equal(doc.text, '第一章 绪论研究背景与意义参考文献');
    assert.deepEqual([...doc.pageStarts], [0, 6, 6, 13, 17]);
  });

  it('maps global offsets to pages, skipping empty (scanned) pages', () => {
    assert.deepEqual(doc.toPageOffset(0), { page: 0, offset: 0 });
    assert.deepEqual(doc.toPageOffset(5), { page: 0, offset: 5 });
    assert.deepEqual(doc.toPageOffset(6), { page: 2, offset: 0 });
    assert.deepEqual(doc.toPageOffset(14), { page: 3, offset: 1 });
    assert.equal(doc.toGlobalOffset(3, 2), 15);
    assert.throws(() => doc.toGlobalOffset(4, 0), RangeError);
  });

  it('splits a range across page breaks into page-local parts', () => {
    assert.deepEqual(doc.pageParts(4, 15), [
      { page: 0, start: 4, end: 6 },
      { page: 2, start: 0, end: 7 },
      { page: 3, start: 0, end: 2 },
    ]);
    assert.deepEqual(doc.pageParts(8, 8), [{ page: 2, start: 2, end: 2 }]);
  });

  it('converts between UTF-16 and code-point offsets around astral characters', () => {
    const astral = new DocumentText(['𠀀字', '😀表情𠮷']);
    assert.equal(astral.length, 9);
    assert.deepEqual(
      [0, 2, 3, 5, 6, 7, 9].map((o) => astral.toCodePointOffset(o)),
      [0, 1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6].map((c) => astral.fromCodePointOffset(c)),
      [0, 2, 3, 5, 6, 7, 9],
    );
    assert.equal(astral.snapStart(1), 0);
    assert.equal(astral.snapEnd(1), 2);
    assert.equal(astral.snapStart(2), 2);
  });

  it('round-trips every whole-character offset through code points', () => {
    const chars = fc.constantFrom('论', '文', 'a', '𠀀', '😀', '。');
    fc.assert(
      fc.property(fc.array(fc.array(chars, { maxLength: 12 }), { minLength: 1, maxLength: 5 }), (pages) => {
        const doc = new DocumentText(pages.map((p) => p.join('')));
        const expected = [...doc.text];
        let unit = 0;
        for (let cp = 0; cp <= expected.length; cp++) {
          assert.equal(doc.fromCodePointOffset(cp), unit);
          assert.equal(doc.toCodePointOffset(unit), cp);
          unit += expected[cp]?.length ?? 0;
        }
      }),
    );
  });
});

describe('context extraction', () => {
  it('counts code points and never splits a surrogate pair', () => {
    const text = 'ab𠀀cd😀e';
    assert.equal(codePointsBefore(text, 6, 3), '𠀀cd');
    assert.equal(codePointsBefore(text, 2, 5), 'ab');
    assert.equal(codePointsAfter(text, 4, 3), 'cd😀');
    assert.equal(codePointsAfter(text, 6, 9), '😀e');
  });
});
