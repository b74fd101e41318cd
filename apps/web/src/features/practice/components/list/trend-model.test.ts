import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeTrend, trendPoints } from './trend-model.ts';

// Beijing hours (UTC+8).
const day = (d: number, hour = 9) => Date.UTC(2026, 2, d, hour - 8);

describe('score trend', () => {
  it('puts the attempts oldest first, whatever order they come in', () => {
    const points = trendPoints([
      { submittedAt: day(5), score: 80, thesisTitle: '乙' },
      { submittedAt: day(3), score: 60.25, thesisTitle: '甲' },
      { submittedAt: day(9), score: 72, thesisTitle: '丙' },
    ]);
    assert.deepEqual(
      points.map((p) => [p.label, p.score]),
      [
        ['03-03', 60.3],
        ['03-05', 80],
        ['03-09', 72],
      ],
    );
    assert.equal(points[0]?.detail, '2026-03-03 09:00 甲');
  });

  it('keeps only the latest attempts', () => {
    const attempts = Array.from({ length: 25 }, (_, i) => ({ submittedAt: day(1, i), score: i, thesisTitle: 't' }));
    const points = trendPoints(attempts, 20);
    assert.equal(points.length, 20);
    assert.equal(points[0]?.score, 5);
    assert.equal(points[19]?.score, 24);
  });

  it('says the trend in words', () => {
    assert.equal(describeTrend([]), '还没有练习成绩');
    assert.equal(
      describeTrend(trendPoints([{ submittedAt: day(1), score: 70, thesisTitle: 't' }])),
      '最近 1 次练习得分 70',
    );
    const rising = trendPoints([
      { submittedAt: day(1), score: 55, thesisTitle: 't' },
      { submittedAt: day(2), score: 60, thesisTitle: 't' },
      { submittedAt: day(3), score: 72.5, thesisTitle: 't' },
    ]);
    assert.equal(describeTrend(rising), '最近 3 次练习得分，从 55 到 72.5，上升 17.5 分');
    const falling = trendPoints([
      { submittedAt: day(1), score: 80, thesisTitle: 't' },
      { submittedAt: day(2), score: 70, thesisTitle: 't' },
    ]);
    assert.equal(describeTrend(falling), '最近 2 次练习得分，从 80 到 70，下降 10 分');
  });
});
