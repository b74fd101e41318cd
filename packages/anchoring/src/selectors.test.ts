import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentText } from './document.ts';
import { CONTEXT_LENGTH, describeArea, describeTextRange, parseArea, selectorsOf } from './selectors.ts';

const pages = [
  '第二章 文献综述\n国内外学者围绕高等教育自学考试制度开展了大量研究，主要集中在考试管理、助学模式与质量保障三个方面。',
  '其中，关于毕业论文环节的研究相对较少，已有文献多停留在经验总结层面，缺乏系统的实证分析。',
];
const doc = new DocumentText(pages);

describe('describeTextRange', () => {
  it('gives the quote, 32 characters of context each side, the code-point position and the page', () => {
    const start = doc.text.indexOf('考试管理');
    const [quote, position, page] = describeTextRange(doc, start, start + 4);
    assert.equal(quote.exact, '考试管理');
    // Context is the author's text: the line break after the heading is not part of it.
    assert.equal(quote.prefix, doc.text.replace('\n', '').slice(start - 1 - CONTEXT_LENGTH, start - 1));
    assert.equal(quote.prefix, '综述国内外学者围绕高等教育自学考试制度开展了大量研究，主要集中在');
    assert.equal(quote.suffix, doc.text.slice(start + 4, start + 4 + CONTEXT_LENGTH));
    assert.equal([...(quote.prefix ?? '')].length, 32);
    assert.deepEqual(position, { type: 'TextPositionSelector', start, end: start + 4 });
    assert.deepEqual(page, { type: 'PageSelector', index: 0 });
  });

  it('describes a selection across a page break with the pages it starts and ends on', () => {
    const start = doc.text.indexOf('三个方面');
    const end = doc.text.indexOf('的研究');
    const [quote, , page] = describeTextRange(doc, start, end);
    assert.equal(quote.exact, '三个方面。其中，关于毕业论文环节');
    assert.deepEqual(page, { type: 'PageSelector', index: 0, endIndex: 1 });
  });

  it('cuts context at the ends of the document', () => {
    const [quote] = describeTextRange(doc, 0, 3);
    assert.equal(quote.prefix, '');
    const [last] = describeTextRange(doc, doc.length - 2, doc.length);
    assert.equal(last.suffix, '');
  });

  it('counts positions in code points and widens offsets that split a surrogate pair', () => {
    const astral = new DocumentText(['𠀀𠀁研究', '𠮷野家']);
    const [quote, position] = describeTextRange(astral, 1, 6);
    assert.equal(quote.exact, '𠀀𠀁研究');
    assert.equal(quote.suffix, '𠮷野家');
    assert.deepEqual(position, { type: 'TextPositionSelector', start: 0, end: 4 });
  });

  it('refuses a range outside the document', () => {
    assert.throws(() => describeTextRange(doc, 5, doc.length + 1), RangeError);
    assert.throws(() => describeTextRange(doc, 5, 4), RangeError);
  });
});

describe('areas', () => {
  it('writes an RFC 3778 fragment with a 1-based page and a rectangle in points, and reads it back', () => {
    const selector = describeArea(2, { x: 72, y: 100.256, width: 200, height: 50.5 });
    assert.deepEqual(selector, {
      type: 'FragmentSelector',
      conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
      value: 'page=3&viewrect=72,100.26,200,50.5',
    });
    assert.deepEqual(parseArea(selector.value), { page: 2, rect: { x: 72, y: 100.26, width: 200, height: 50.5 } });
  });

  it('describes a whole page (page notes) and accepts the media-fragment spelling', () => {
    assert.deepEqual(parseArea(describeArea(0).value), { page: 0 });
    assert.deepEqual(parseArea('#page=4&xywh=1,2,3,4'), { page: 3, rect: { x: 1, y: 2, width: 3, height: 4 } });
  });

  it('rejects malformed fragments', () => {
    assert.equal(parseArea('page=0'), null);
    assert.equal(parseArea('viewrect=1,2,3,4'), null);
    assert.equal(parseArea('page=2&viewrect=1,2,x,4'), null);
    assert.throws(() => describeArea(-1), RangeError);
  });
});

describe('selectorsOf', () => {
  it('sorts the selectors of a specific resource by kind', () => {
    const selectors = describeTextRange(doc, 3, 8);
    const sorted = selectorsOf({ source: 'urn:x', selector: selectors });
    assert.equal(sorted.quote, selectors[0]);
    assert.equal(sorted.position, selectors[1]);
    assert.equal(sorted.page, selectors[2]);
    assert.equal(sorted.fragment, undefined);
    assert.equal(selectorsOf({ source: 'urn:x', selector: describeArea(1) }).fragment?.value, 'page=2');
  });
});
