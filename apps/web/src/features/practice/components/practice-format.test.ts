import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatClock, formatPercent, formatScore, formatSpent } from './practice-format.ts';

describe('practice formats', () => {
  it('shows a ratio as a percentage with one decimal at most', () => {
    assert.equal(formatPercent(0), '0%');
    assert.equal(formatPercent(0.5), '50%');
    assert.equal(formatPercent(2 / 3), '66.7%');
    assert.equal(formatPercent(1), '100%');
    assert.equal(formatPercent(null), '—');
    assert.equal(formatPercent(Number.NaN), '—');
  });

  it('shows a score with one decimal at most', () => {
    assert.equal(formatScore(72), '72');
    assert.equal(formatScore(66.666), '66.7');
    assert.equal(formatScore(0), '0');
    assert.equal(formatScore(undefined), '—');
  });

  it('says how long an attempt took in seconds, minutes or hours', () => {
    assert.equal(formatSpent(45_000), '45 秒');
    assert.equal(formatSpent(12 * 60_000 + 5_000), '12 分 5 秒');
    assert.equal(formatSpent(63 * 60_000 + 20_000), '1 小时 3 分');
    assert.equal(formatSpent(-1), '—');
  });

  it('runs a clock as mm:ss, with hours past an hour', () => {
    assert.equal(formatClock(0), '00:00');
    assert.equal(formatClock(5 * 60_000 + 7_000), '05:07');
    assert.equal(formatClock(3_723_000), '1:02:03');
  });
});
