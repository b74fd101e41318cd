import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { PracticePointStats } from '@zikao/contract/practice';
import { mostMissed, pointRows } from './stats-model.ts';

function point(
  id: string,
  found: number,
  partial: number,
  share: number | null,
  extra: Partial<AnnotationDto> = {},
): PracticePointStats {
  return {
    annotation: {
      id,
      documentId: 1,
      kind: 'highlight',
      category: 'citation',
      severity: 'major',
      comment: '引文缺少出处',
      stamp: null,
      pageIndex: 1,
      selectors: [{ type: 'TextQuoteSelector', exact: '据统计，我国自考人数\n逐年上升，已经超过一千万人次' }],
      revision: 1,
      authorId: 1,
      authorName: '专家',
      createdAt: 1,
      updatedAt: 1,
      replies: [],
      ...extra,
    },
    foundCount: found,
    partialCount: partial,
    foundShare: share,
  };
}

describe('reference point statistics', () => {
  it('names each point by page, category and the start of its text, and counts the misses', () => {
    const [row] = pointRows([point('p1', 1, 1, 0.5)], 4);
    assert.equal(row?.label, '第 2 页 · 引用 · 据统计，我国自考人数逐年上升，已经超…');
    assert.equal(row?.missed, 2, '4 attempts, 1 found with its category, 1 with another');
    assert.equal(row?.foundShare, 0.5);
  });

  it('names an area by the expert’s comment', () => {
    const [row] = pointRows([point('p1', 0, 0, null, { kind: 'area', selectors: [], comment: '图表缺少单位' })], 0);
    assert.equal(row?.quote, '图表缺少单位');
    assert.equal(row?.missed, 0);
  });

  it('charts the most missed points first, from the top', () => {
    const rows = pointRows([point('a', 0, 0, 0), point('b', 1, 0, 0.25), point('c', 3, 0, 0.75)], 4);
    assert.deepEqual(
      mostMissed(rows, 2).map((r) => r.id),
      ['b', 'a'],
    );
  });
});
