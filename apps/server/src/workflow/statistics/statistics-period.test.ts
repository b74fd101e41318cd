import assert from 'node:assert/strict';
import { it } from 'node:test';
import { dayOfIsoDate, isoDateOf } from '@zikao/contract/statistics';
import { dailyParts, periodParts, splitPeriod } from './statistics-period.ts';

const days = (from: string, to: string) => ({ from: dayOfIsoDate(from), to: dayOfIsoDate(to) });
const dates = (range: { from: number; to: number }) => [isoDateOf(range.from), isoDateOf(range.to)];

it('splits a period into whole months and the days at its ends', () => {
  const split = splitPeriod(days('2026-01-17', '2026-04-10'));
  assert.deepEqual(split.months && [isoDateOf(split.months.from), isoDateOf(split.months.toExclusive)], [
    '2026-02-01',
    '2026-04-01',
  ]);
  assert.deepEqual(split.edges.map(dates), [
    ['2026-01-17', '2026-01-31'],
    ['2026-04-01', '2026-04-10'],
  ]);
  const whole = splitPeriod(days('2026-02-01', '2026-03-31'));
  assert.deepEqual(whole.edges, []);
  assert.deepEqual(whole.months && isoDateOf(whole.months.toExclusive), '2026-04-01');
  const inside = splitPeriod(days('2026-02-03', '2026-02-20'));
  assert.equal(inside.months, null);
  assert.deepEqual(inside.edges.map(dates), [['2026-02-03', '2026-02-20']]);
  const acrossOne = splitPeriod(days('2026-01-31', '2026-02-01'));
  assert.equal(acrossOne.months, null, 'two days in two months: no whole month');
});

it('reads month rows for whole months and day rows for the ends, for everyone, one reviewer or each', () => {
  const range = days('2026-01-17', '2026-04-10');
  for (const [whose, reviewer] of [
    [null, 0],
    [7, 7],
    ['each', 'each'],
  ] as const) {
    assert.deepEqual(
      periodParts(range, whose).map((part) => [part.span, part.reviewer]),
      [
        [2, reviewer],
        [1, reviewer],
        [1, reviewer],
      ],
    );
  }
  assert.deepEqual(periodParts(null, null), [{ span: 2, reviewer: 0, buckets: null }]);
  assert.deepEqual(dailyParts(range, 7), [
    { span: 1, reviewer: 7, buckets: { from: range.from, toExclusive: range.to + 1 } },
  ]);
});
