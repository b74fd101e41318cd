import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeChange, formatCount, formatDuration, formatPercent, formatTrendDate } from './statistics-format.ts';

it('formats figures as zh-CN readers expect', () => {
  assert.equal(formatCount(1234567), '1,234,567');
  assert.equal(formatPercent(2 / 3), '66.7%');
  assert.equal(formatPercent(null), '—');
  assert.equal(formatDuration(45_000), '45 秒');
  assert.equal(formatDuration(23 * 60_000 + 20_000), '23 分钟');
  assert.equal(formatDuration(65 * 60_000), '1 小时 5 分钟');
  assert.equal(formatDuration(120 * 60_000), '2 小时');
  assert.equal(formatTrendDate('2026-11-03'), '11月3日');
  assert.equal(formatTrendDate('2026-11'), '2026年11月');
});

it('says how a figure moved from the previous period, in its own unit', () => {
  assert.deepEqual(describeChange({ value: 120, previous: 100 }, 'count'), {
    direction: 'up',
    text: '较上期 +20（+20.0%）',
  });
  assert.deepEqual(describeChange({ value: 3, previous: 0 }, 'count'), { direction: 'up', text: '较上期 +3' });
  assert.deepEqual(describeChange({ value: 0.7, previous: 0.75 }, 'rate'), {
    direction: 'down',
    text: '较上期 −5.0 个百分点',
  });
  assert.deepEqual(describeChange({ value: 80, previous: 80 }, 'score'), { direction: 'same', text: '与上期持平' });
  assert.deepEqual(describeChange({ value: 30 * 60_000, previous: 20 * 60_000 }, 'duration'), {
    direction: 'up',
    text: '较上期 +10 分钟',
  });
  assert.equal(describeChange({ value: 0.5, previous: null }, 'rate'), null);
});
