import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentText, describeArea, describeTextRange } from '@zikao/anchoring';
import { regionOf } from './regions.ts';
import { maximumWeightMatching, overlapOf, type ScoredAnnotation, scoreAttempt } from './scoring.ts';

const text = (id: string, category: ScoredAnnotation['category'], start: number, end: number): ScoredAnnotation => ({
  id,
  category,
  region: { kind: 'text', start, end },
});
const box = (
  id: string,
  category: ScoredAnnotation['category'],
  page: number,
  x: number,
  y: number,
  width: number,
  height: number,
): ScoredAnnotation => ({ id, category, region: { kind: 'box', page, rect: { x, y, width, height } } });

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

describe('scoring an attempt against the reference points', () => {
  const reference = [
    text('r1', 'content', 0, 10),
    text('r2', 'language', 20, 30),
    box('r3', 'format', 0, 100, 100, 200, 50),
  ];

  it('gives a perfect attempt 100: credit 3 of 3 annotations and 3 points', () => {
    const result = scoreAttempt(
      [text('a1', 'content', 0, 10), text('a2', 'language', 20, 30), box('a3', 'format', 0, 100, 100, 200, 50)],
      reference,
    );
    // credit 1 + 1 + 1 = 3; precision 3/3 = 1; recall 3/3 = 1; F1 = 1; score 100.
    assert.equal(result.credit, 3);
    assert.equal(result.precision, 1);
    assert.equal(result.recall, 1);
    assert.equal(result.f1, 1);
    assert.equal(result.score, 100);
    assert.deepEqual(
      result.references.map((r) => [r.id, r.outcome, r.matchedAnnotationId]),
      [
        ['r1', 'found', 'a1'],
        ['r2', 'found', 'a2'],
        ['r3', 'found', 'a3'],
      ],
    );
    assert.ok(result.annotations.every((a) => a.outcome === 'matched'));
  });

  it('gives an empty attempt 0 with every point missed', () => {
    const result = scoreAttempt([], reference);
    // No annotations: precision is 0 by definition (not 0/0); recall 0/3 = 0; F1 0; score 0.
    assert.equal(result.credit, 0);
    assert.equal(result.precision, 0);
    assert.equal(result.recall, 0);
    assert.equal(result.f1, 0);
    assert.equal(result.score, 0);
    assert.deepEqual(
      result.references.map((r) => r.outcome),
      ['missed', 'missed', 'missed'],
    );
  });

  it('gives half credit for the right place with the wrong category', () => {
    const result = scoreAttempt(
      [text('a1', 'structure', 0, 10), text('a2', 'language', 20, 30)],
      [text('r1', 'content', 0, 10), text('r2', 'language', 20, 30)],
    );
    // credit 0.5 (a1: structure ≠ content) + 1 (a2) = 1.5; precision 1.5/2 = 0.75; recall 1.5/2 = 0.75;
    // F1 = 2 × 0.75 × 0.75 / 1.5 = 0.75; score 75.
    assert.equal(result.credit, 1.5);
    close(result.precision, 0.75);
    close(result.recall, 0.75);
    close(result.f1, 0.75);
    assert.equal(result.score, 75);
    assert.equal(result.references[0]?.outcome, 'partial');
    assert.equal(result.references[0]?.credit, 0.5);
    assert.equal(result.annotations[0]?.outcome, 'partial');
    const content = result.categories.find((row) => row.category === 'content');
    const structure = result.categories.find((row) => row.category === 'structure');
    // Recall by the point's category (content: 0.5 of 1), precision by the annotation's (structure: 0.5 of 1).
    assert.deepEqual(
      [content?.referenceCount, content?.partial, content?.recall, content?.annotationCount, content?.precision],
      [1, 1, 0.5, 0, null],
    );
    assert.deepEqual([structure?.referenceCount, structure?.recall, structure?.precision], [0, null, 0.5]);
  });

  it('scores the browser scenario: 2 of 3 points found, one with the wrong category, and 1 extra', () => {
    const result = scoreAttempt(
      [text('a1', 'content', 0, 10), text('a2', 'structure', 20, 30), text('a3', 'other', 60, 70)],
      reference,
    );
    // credit 1 + 0.5 = 1.5; precision 1.5/3 = 0.5; recall 1.5/3 = 0.5; F1 0.5; score 50.
    assert.equal(result.credit, 1.5);
    close(result.precision, 0.5);
    close(result.recall, 0.5);
    assert.equal(result.score, 50);
    assert.deepEqual(
      result.references.map((r) => r.outcome),
      ['found', 'partial', 'missed'],
    );
    assert.deepEqual(
      result.annotations.map((a) => a.outcome),
      ['matched', 'partial', 'unmatched'],
    );
  });

  it('lets one annotation over two points find only one of them', () => {
    // a1 = [5, 45): with r1 = [0, 20) it shares 15 (cover 15/20 = 0.75, focus 15/40 = 0.375), with
    // r2 = [30, 50) also 15 (the same). Both pairs qualify, but a1 is matched once.
    const result = scoreAttempt(
      [text('a1', 'content', 5, 45)],
      [text('r1', 'content', 0, 20), text('r2', 'content', 30, 50)],
    );
    // credit 1; precision 1/1 = 1; recall 1/2 = 0.5; F1 = 2 × 1 × 0.5 / 1.5 = 2/3; score round(66.67) = 67.
    assert.equal(result.credit, 1);
    assert.equal(result.precision, 1);
    assert.equal(result.recall, 0.5);
    close(result.f1, 2 / 3);
    assert.equal(result.score, 67);
    assert.equal(result.references.filter((r) => r.outcome === 'found').length, 1);
    assert.equal(result.references.filter((r) => r.outcome === 'missed').length, 1);
  });

  it('finds the pairing with the most credit where a greedy pairing would not', () => {
    // r1 = [0, 20), r2 = [20, 40). a1 = [0, 30) overlaps r1 best (cover 1, focus 2/3) and r2 enough
    // (cover 10/20 = 0.5, focus 10/30 = 0.33); a2 = [5, 15) overlaps only r1 (cover 0.5, focus 1).
    // Taking the best overlap first (a1–r1) leaves a2 with nothing: credit 1. The best pairing is
    // a1–r2 and a2–r1: credit 2, precision 2/2, recall 2/2, score 100.
    const result = scoreAttempt(
      [text('a1', 'content', 0, 30), text('a2', 'content', 5, 15)],
      [text('r1', 'content', 0, 20), text('r2', 'content', 20, 40)],
    );
    assert.equal(result.credit, 2);
    assert.equal(result.score, 100);
    assert.deepEqual(
      result.references.map((r) => [r.id, r.matchedAnnotationId]),
      [
        ['r1', 'a2'],
        ['r2', 'a1'],
      ],
    );
  });

  it('matches a box against a box by the share of their areas, on the same page only', () => {
    const refs = [box('r1', 'format', 0, 100, 100, 200, 100), box('r2', 'format', 0, 400, 600, 100, 50)];
    const attempt = [
      // Shares x 150–300 (150) × y 120–200 (80) = 12000 with r1 (area 20000): cover 0.6, focus 12000/20000 = 0.6.
      box('a1', 'format', 0, 150, 120, 200, 100),
      // r1's rectangle on the next page: no overlap.
      box('a2', 'format', 1, 100, 100, 200, 100),
      // Shares x 450–500 (50) × y 620–650 (30) = 1500 with r2 (area 5000): cover 0.3, but focus
      // 1500/40000 = 0.0375 < 0.1: a box far too large does not find r2.
      box('a3', 'format', 0, 450, 620, 200, 200),
    ];
    const overlap = overlapOf(attempt[0]?.region ?? { kind: 'none' }, refs[0]?.region ?? { kind: 'none' });
    close(overlap?.cover ?? 0, 0.6);
    close(overlap?.focus ?? 0, 0.6);
    const result = scoreAttempt(attempt, refs);
    // credit 1; precision 1/3; recall 1/2; F1 = 2 × (1/3)(1/2) / (5/6) = 0.4; score 40.
    assert.equal(result.credit, 1);
    close(result.precision, 1 / 3);
    close(result.recall, 0.5);
    close(result.f1, 0.4);
    assert.equal(result.score, 40);
    assert.deepEqual(
      result.references.map((r) => r.outcome),
      ['found', 'missed'],
    );
  });

  it('counts a stamp placed inside a reference box, and not one beside it', () => {
    const refs = [box('r1', 'content', 2, 100, 100, 200, 100)];
    const pin = (x: number, y: number): ScoredAnnotation => ({
      id: 'a1',
      category: 'content',
      region: { kind: 'pin', page: 2, rect: { x, y, width: 24, height: 24 } },
    });
    assert.equal(scoreAttempt([pin(180, 130)], refs).score, 100);
    assert.equal(scoreAttempt([pin(320, 130)], refs).score, 0);
  });

  it('needs the overlap to reach the thresholds', () => {
    // Reference [0, 20); [0, 5) covers 5/20 = 0.25 < 0.3: no match. [0, 6) covers 0.3: a match.
    assert.equal(scoreAttempt([text('a1', 'content', 0, 5)], [text('r1', 'content', 0, 20)]).credit, 0);
    assert.equal(scoreAttempt([text('a1', 'content', 0, 6)], [text('r1', 'content', 0, 20)]).credit, 1);
    // [0, 200) covers all of [0, 20) but only 20/200 = 0.1 of itself is the point: just enough.
    assert.equal(scoreAttempt([text('a1', 'content', 0, 200)], [text('r1', 'content', 0, 20)]).credit, 1);
    // [0, 201): 20/201 < 0.1: highlighting far more than the point finds nothing.
    assert.equal(scoreAttempt([text('a1', 'content', 0, 201)], [text('r1', 'content', 0, 20)]).credit, 0);
  });

  it('only counts the place of text that occurs twice in the thesis', () => {
    const page1 = '第一章 绪论\n本文采用问卷调查的研究方法，样本为某市三所中学。\n';
    const page2 = '第五章 结论\n限于篇幅，研究方法部分的讨论仍不充分。\n';
    const doc = new DocumentText([page1, page2]);
    const first = page1.indexOf('研究方法');
    const second = page1.length + page2.indexOf('研究方法');
    assert.ok(first > 0 && second > first);
    // The selectors the workspace would store for each occurrence (quote, position, page).
    const at = (start: number) => ({
      kind: 'highlight' as const,
      selectors: describeTextRange(doc, start, start + 4),
    });
    const referenceRegion = regionOf(at(first), doc);
    assert.deepEqual(referenceRegion, { kind: 'text', start: first, end: first + 4 });
    const reference = [{ id: 'r1', category: 'content' as const, region: referenceRegion }];
    // The same four characters in chapter five: anchored there by their position, so no overlap.
    const elsewhere = regionOf(at(second), doc);
    assert.deepEqual(elsewhere, { kind: 'text', start: second, end: second + 4 });
    const missed = scoreAttempt([{ id: 'a1', category: 'content', region: elsewhere }], reference);
    assert.equal(missed.score, 0);
    assert.equal(missed.references[0]?.outcome, 'missed');
    // The place the expert marked: found; precision 1, recall 1, score 100.
    const found = scoreAttempt([{ id: 'a1', category: 'content', region: regionOf(at(first), doc) }], reference);
    assert.equal(found.score, 100);
  });

  it('reads area boxes, stamps and page notes from their fragments', () => {
    const doc = new DocumentText(['一页', '两页']);
    const rect = { x: 10, y: 20, width: 30, height: 40 };
    assert.deepEqual(regionOf({ kind: 'area', selectors: [describeArea(1, rect)] }, doc), {
      kind: 'box',
      page: 1,
      rect,
    });
    assert.deepEqual(regionOf({ kind: 'stamp', selectors: [describeArea(0, rect)] }, doc), {
      kind: 'pin',
      page: 0,
      rect,
    });
    assert.deepEqual(regionOf({ kind: 'note', selectors: [describeArea(1)] }, doc), { kind: 'page', page: 1 });
    assert.deepEqual(regionOf({ kind: 'note', selectors: [describeArea(5)] }, doc), { kind: 'none' });
  });
});

describe('scoring the markup kinds of issue 24', () => {
  const page1 = '第一章 绪论\n本文采用问卷调查的研究方法，样本为某市三所中学。\n';
  const doc = new DocumentText([page1, '第二章 文献综述\n']);
  const start = page1.indexOf('问卷调查');
  const words = describeTextRange(doc, start, start + 4);
  const rect = { x: 100, y: 200, width: 120, height: 60 };

  it('reads text marks as the words they mark, and drawn marks as their bounding box even over text', () => {
    for (const kind of ['underline', 'strikeout', 'replace', 'insert'] as const) {
      assert.deepEqual(regionOf({ kind, selectors: words }, doc), { kind: 'text', start, end: start + 4 }, kind);
    }
    for (const kind of ['pen', 'line', 'arrow', 'ellipse'] as const) {
      assert.deepEqual(regionOf({ kind, selectors: [describeArea(0, rect)] }, doc), { kind: 'box', page: 0, rect });
      // The text under an ellipse does not make it a text mark: it is scored by where it was drawn.
      assert.deepEqual(regionOf({ kind, selectors: [...words, describeArea(0, rect)] }, doc), {
        kind: 'box',
        page: 0,
        rect,
      });
    }
    assert.deepEqual(regionOf({ kind: 'pen', selectors: [describeArea(0)] }, doc), { kind: 'none' }, 'no box');
    assert.deepEqual(regionOf({ kind: 'arrow', selectors: [describeArea(9, rect)] }, doc), { kind: 'none' });
  });

  it('does not let the kind change the credit: a strike-out finds a reference replace, an ellipse a box', () => {
    const textRegion = regionOf({ kind: 'replace', selectors: words }, doc);
    const reference: ScoredAnnotation[] = [
      { id: 'r1', category: 'language', region: textRegion },
      { id: 'r2', category: 'format', region: regionOf({ kind: 'area', selectors: [describeArea(0, rect)] }, doc) },
      {
        id: 'r3',
        category: 'content',
        region: regionOf({ kind: 'ellipse', selectors: [describeArea(1, rect)] }, doc),
      },
    ];
    const attempt: ScoredAnnotation[] = [
      { id: 'a1', category: 'language', region: regionOf({ kind: 'strikeout', selectors: words }, doc) },
      // An ellipse a little larger than the reference box: shared 120×60 of 130×70, focus 0.79.
      {
        id: 'a2',
        category: 'format',
        region: regionOf(
          { kind: 'ellipse', selectors: [describeArea(0, { x: 95, y: 195, width: 130, height: 70 })] },
          doc,
        ),
      },
      // A pen stroke on the other page, over the reference ellipse, in another category: partial.
      { id: 'a3', category: 'other', region: regionOf({ kind: 'pen', selectors: [describeArea(1, rect)] }, doc) },
    ];
    const result = scoreAttempt(attempt, reference);
    assert.deepEqual(
      result.references.map((r) => [r.id, r.outcome, r.matchedAnnotationId]),
      [
        ['r1', 'found', 'a1'],
        ['r2', 'found', 'a2'],
        ['r3', 'partial', 'a3'],
      ],
    );
    // credit 1 + 1 + 0.5 = 2.5 of 3 and 3: precision = recall = F1 = 2.5/3; score 83.
    assert.equal(result.score, 83);
    // An arrow drawn over the words of a text reference does not find it: the words were asked for.
    const over = scoreAttempt(
      [
        {
          id: 'a4',
          category: 'language',
          region: regionOf({ kind: 'arrow', selectors: [...words, describeArea(0, rect)] }, doc),
        },
      ],
      [reference[0] as ScoredAnnotation],
    );
    assert.equal(over.references[0]?.outcome, 'missed');
  });
});

describe('the maximum-weight matching', () => {
  it('maximises the total weight on a rectangular matrix, leaving zero-weight pairs unmatched', () => {
    // The best total is 6: row 0 → column 0 (3) and row 1 → column 1 (3). Row 2's only weight is on
    // column 0; giving it that column (2) would leave row 0 with 1, a total of 2 + 3 = 5 at best.
    const weights = [
      [3, 1],
      [0, 3],
      [2, 0],
    ];
    assert.deepEqual(maximumWeightMatching(weights, 2), [0, 1, -1]);
    assert.deepEqual(maximumWeightMatching([], 3), []);
    assert.deepEqual(maximumWeightMatching([[0, 0]], 2), [-1]);
  });

  it('agrees with trying every assignment on small random matrices', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 200; round++) {
      const rows = 1 + Math.floor(random() * 4);
      const columns = 1 + Math.floor(random() * 4);
      const weights = Array.from({ length: rows }, () =>
        Array.from({ length: columns }, () => (random() < 0.4 ? 0 : Math.floor(random() * 5) / 2)),
      );
      const total = (assignment: number[]) =>
        assignment.reduce((sum, j, i) => sum + (j >= 0 ? (weights[i]?.[j] ?? 0) : 0), 0);
      const best = (i: number, used: Set<number>): number => {
        if (i === rows) return 0;
        let value = best(i + 1, used);
        for (let j = 0; j < columns; j++) {
          if (used.has(j) || (weights[i]?.[j] ?? 0) === 0) continue;
          used.add(j);
          value = Math.max(value, (weights[i]?.[j] ?? 0) + best(i + 1, used));
          used.delete(j);
        }
        return value;
      };
      const assignment = maximumWeightMatching(weights, columns);
      const columnsUsed = assignment.filter((j) => j >= 0);
      assert.equal(new Set(columnsUsed).size, columnsUsed.length, 'a column used twice');
      assert.equal(total(assignment), best(0, new Set()), JSON.stringify(weights));
    }
  });
});
