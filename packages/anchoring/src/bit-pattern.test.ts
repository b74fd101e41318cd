import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BitPattern, reverseUnits } from './bit-pattern.ts';

/** Last row of the semi-global edit-distance matrix: best distance of the pattern ending at each text index. */
function naiveEndScores(pattern: string, text: string): number[] {
  const m = pattern.length;
  let column = Array.from({ length: m + 1 }, (_, i) => i);
  const scores: number[] = [];
  for (let j = 0; j < text.length; j++) {
    const next = [0];
    for (let i = 1; i <= m; i++) {
      const cost = pattern[i - 1] === text[j] ? 0 : 1;
      next.push(Math.min((column[i - 1] as number) + cost, (column[i] as number) + 1, (next[i - 1] as number) + 1));
    }
    column = next;
    scores.push(column[m] as number);
  }
  return scores;
}

function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min((row[j - 1] as number) + cost, (row[j] as number) + 1, (next[j - 1] as number) + 1));
    }
    row = next;
  }
  return row[b.length] as number;
}

const alphabet = fc.constantFrom('论', '文', '研', '究', '的', '方', '法', 'a', '，');
const word = (maxLength: number) => fc.array(alphabet, { maxLength, size: 'max' }).map((chars) => chars.join(''));

describe('BitPattern', () => {
  it('reports exactly the local minima of the edit distance (plateaus included), across block boundaries', () => {
    fc.assert(
      fc.property(word(90).filter(Boolean), word(150), fc.nat(40), (pattern, text, maxErrors) => {
        const scores = naiveEndScores(pattern, text);
        // A minimum may be a plateau of equal scores: all its ends are expected, or for a long one its two ends.
        const expected: Array<[number, number]> = [];
        let previous = pattern.length;
        let pending: { first: number; last: number; errors: number } | null = null;
        const flush = () => {
          if (pending && pending.errors <= maxErrors) {
            if (pending.last - pending.first <= 8) {
              for (let end = pending.first; end <= pending.last; end++) expected.push([end, pending.errors]);
            } else {
              expected.push([pending.first, pending.errors], [pending.last, pending.errors]);
            }
          }
          pending = null;
        };
        scores.forEach((score, j) => {
          if (score < previous) pending = { first: j + 1, last: j + 1, errors: score };
          else if (score === previous && pending) pending.last = j + 1;
          else if (score > previous) flush();
          previous = score;
        });
        flush();
        const actual: Array<[number, number]> = [];
        new BitPattern(pattern).search(text, 0, text.length, maxErrors, (end, errors) => actual.push([end, errors]));
        assert.deepEqual(actual, expected);
      }),
      { numRuns: 300 },
    );
  });

  it('aligns a pattern anchored at an origin, forwards and backwards', () => {
    fc.assert(
      fc.property(word(70), word(90), fc.nat(90), (pattern, text, rawOrigin) => {
        const origin = rawOrigin % (text.length + 1);
        let bestForward = pattern.length;
        for (let end = origin; end <= text.length; end++) {
          bestForward = Math.min(bestForward, levenshtein(pattern, text.slice(origin, end)));
        }
        assert.equal(new BitPattern(pattern).alignFrom(text, origin, text.length).errors, bestForward);
        let bestBackward = pattern.length;
        for (let start = 0; start <= origin; start++) {
          bestBackward = Math.min(bestBackward, levenshtein(pattern, text.slice(start, origin)));
        }
        const backward = new BitPattern(reverseUnits(pattern)).alignFrom(text, origin, 0);
        assert.equal(backward.errors, bestBackward);
        assert.equal(levenshtein(pattern, text.slice(backward.edge, origin)), backward.errors);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a Chinese phrase with one substitution and points at its end', () => {
    const text = '本文首先回顾了相关文献，然后提出了一种新的研究方法，并通过实验验证了其有效性。';
    const ends: number[] = [];
    new BitPattern('提出了一种新型的研究方法').search(text, 0, text.length, 2, (end) => ends.push(end));
    assert.deepEqual(ends, [text.indexOf('研究方法') + 4]);
  });
});
