import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { durationText, timeProgress } from './time-progress.ts';

const MINUTE = 60_000;
const start = Date.UTC(2026, 10, 25, 1, 0);
const end = start + 90 * MINUTE;

describe('the board’s time progress', () => {
  it('counts down to the start before the class', () => {
    const progress = timeProgress(start, end, start - 12.5 * MINUTE);
    assert.deepEqual([progress.phase, progress.percent, progress.label], ['before', 0, '13 分钟后开始']);
    assert.equal(timeProgress(start, end, start - 75 * MINUTE).label, '1 小时 15 分钟后开始');
  });

  it('shows the share of the scheduled time gone by during the class', () => {
    const progress = timeProgress(start, end, start + 30 * MINUTE + 20_000);
    assert.equal(progress.phase, 'during');
    assert.equal(progress.percent, 33);
    assert.equal(progress.elapsedMinutes, 30);
    assert.equal(progress.totalMinutes, 90);
    assert.equal(progress.label, '已进行 30 分钟 / 共 1 小时 30 分钟');
    assert.equal(timeProgress(start, end, start).percent, 0);
  });

  it('is full at the end and says by how much a class ran over', () => {
    assert.deepEqual(
      [timeProgress(start, end, end).percent, timeProgress(start, end, end).label],
      [100, '共 1 小时 30 分钟，已到计划结束时间'],
    );
    const over = timeProgress(start, end, end + 7 * MINUTE);
    assert.deepEqual([over.phase, over.percent, over.label], ['after', 100, '已超出计划 7 分钟']);
  });

  it('treats a schedule that ends before it starts as one minute long rather than dividing by zero', () => {
    const progress = timeProgress(start, start - MINUTE, start + 10_000);
    assert.equal(progress.phase, 'after');
    assert.equal(progress.totalMinutes, 1);
  });

  it('counts a class started early by 开始 from then, for its scheduled length', () => {
    const progress = timeProgress(start, end, start - 30 * MINUTE, { startedAt: start - 40 * MINUTE });
    assert.deepEqual([progress.phase, progress.percent], ['during', 11]);
    assert.equal(progress.label, '已进行 10 分钟 / 共 1 小时 30 分钟');
    // Started late: the schedule still says how far the class should be.
    assert.equal(timeProgress(start, end, start + 45 * MINUTE, { startedAt: start + 5 * MINUTE }).percent, 50);
  });

  it('is full once the lecturer pressed 结束, and says how long the class ran', () => {
    const progress = timeProgress(start, end, end + 60 * MINUTE, { startedAt: start, endedAt: start + 75 * MINUTE });
    assert.deepEqual(
      [progress.phase, progress.percent, progress.label],
      ['after', 100, '已结束，共进行 1 小时 15 分钟'],
    );
  });

  it('writes lengths of time the Chinese way', () => {
    assert.equal(durationText(0), '0 分钟');
    assert.equal(durationText(59.9), '59 分钟');
    assert.equal(durationText(60), '1 小时');
    assert.equal(durationText(125), '2 小时 5 分钟');
  });
});
