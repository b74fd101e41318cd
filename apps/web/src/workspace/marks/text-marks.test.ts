import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insertQuoteRange } from './text-marks.ts';

describe('insertion caret quote', () => {
  it('quotes the two characters before the caret', () => {
    const text = '本文研究了自考制度';
    assert.deepEqual(insertQuoteRange(text, 5), { start: 3, end: 5 });
    assert.equal(text.slice(3, 5), '究了');
  });

  it('skips the line break before the caret and stops at white space', () => {
    assert.deepEqual(insertQuoteRange('第一行\n第二行', 4), { start: 1, end: 3 });
    assert.deepEqual(insertQuoteRange('a b', 3), { start: 2, end: 3 });
  });

  it('keeps a character outside the basic plane whole, and has nothing at the start', () => {
    assert.deepEqual(insertQuoteRange('x𠀀', 3), { start: 0, end: 3 });
    assert.equal(insertQuoteRange('  abc', 1), null);
    assert.equal(insertQuoteRange('abc', 0), null);
  });
});
