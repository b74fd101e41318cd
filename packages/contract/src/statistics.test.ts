import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  binOf,
  dayNumberOf,
  dayOfIsoDate,
  gradeOfScoreBin,
  isoDateOf,
  monthStartOf,
  nextMonthStartOf,
  previousPeriodOf,
  statisticsFilterSchema,
  weekStartOf,
} from './statistics.ts';

it('counts days in China Standard Time', () => {
  // 2026-11-24 23:30 UTC is already 2026-11-25 in Beijing.
  assert.equal(isoDateOf(dayNumberOf(Date.UTC(2026, 10, 24, 23, 30))), '2026-11-25');
  assert.equal(isoDateOf(dayNumberOf(Date.UTC(2026, 10, 24, 15, 59))), '2026-11-24');
  assert.equal(dayOfIsoDate('2026-11-25'), dayNumberOf(Date.UTC(2026, 10, 24, 16, 0)));
  assert.ok(Number.isNaN(dayOfIsoDate('2026-02-30')));
  assert.ok(Number.isNaN(dayOfIsoDate('2026-2-3')));
});

it('finds months, weeks (from Monday) and the previous period of the same length', () => {
  const day = dayOfIsoDate('2026-11-25');
  assert.equal(isoDateOf(monthStartOf(day)), '2026-11-01');
  assert.equal(isoDateOf(nextMonthStartOf(day)), '2026-12-01');
  assert.equal(isoDateOf(nextMonthStartOf(dayOfIsoDate('2026-12-31'))), '2027-01-01');
  assert.equal(isoDateOf(weekStartOf(day)), '2026-11-23', '2026-11-25 is a Wednesday');
  assert.equal(isoDateOf(weekStartOf(dayOfIsoDate('2026-11-23'))), '2026-11-23');
  assert.equal(isoDateOf(weekStartOf(dayOfIsoDate('2026-11-29'))), '2026-11-23', 'Sunday ends the week');
  assert.deepEqual(previousPeriodOf('2026-11-01', '2026-11-30'), { from: '2026-10-02', to: '2026-10-31' });
  assert.deepEqual(previousPeriodOf('2026-03-01', '2026-03-01'), { from: '2026-02-28', to: '2026-02-28' });
});

it('bins scores at the grade edges, the top value in the last bin', () => {
  assert.deepEqual(
    [0, 59.9, 60, 79.5, 89.9, 90, 100].map((score) => binOf(score, 5, 20)),
    [0, 11, 12, 15, 17, 18, 19],
  );
  assert.deepEqual([11, 12, 14, 16, 18].map(gradeOfScoreBin), ['不及格', '及格', '中等', '良好', '优秀']);
});

it('asks for both ends of a period, in order', () => {
  assert.equal(statisticsFilterSchema.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success, true);
  assert.equal(statisticsFilterSchema.safeParse({}).success, true);
  assert.equal(statisticsFilterSchema.safeParse({ from: '2026-01-01' }).success, false);
  assert.equal(statisticsFilterSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success, false);
});
