import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withZoneNote } from '../../../shared/utils/beijing-time.ts';
import {
  courseTimeText,
  dueState,
  durationText,
  isToday,
  percentOf,
  practiceSummaryText,
  progressParts,
  reviewPathOf,
  waitedText,
} from './home-format.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026-12-10 15:30 Beijing time.
const NOW = Date.UTC(2026, 11, 10, 7, 30);

describe('home format', () => {
  it('says how long a review has waited', () => {
    assert.equal(durationText(20 * 60_000), '不到 1 小时');
    assert.equal(durationText(5 * HOUR + 59 * 60_000), '5 小时');
    assert.equal(durationText(3 * DAY + 2 * HOUR), '3 天');
    assert.equal(waitedText(NOW - 18 * DAY, NOW), '已等待 18 天');
    assert.equal(waitedText(NOW + 1000, NOW), '已等待 不到 1 小时', 'a clock ahead of the server reads as no wait');
  });

  it('reads a due date as overdue, due today, due soon or later', () => {
    assert.deepEqual(dueState(NOW - 4 * DAY - HOUR, NOW), { tone: 'red', text: '超期 4 天' });
    assert.deepEqual(dueState(NOW, NOW), { tone: 'red', text: '超期 不到 1 小时' });
    assert.deepEqual(dueState(NOW + 5 * HOUR, NOW), { tone: 'orange', text: '今天到期' });
    assert.deepEqual(dueState(NOW + 2 * DAY + HOUR, NOW), { tone: 'orange', text: '3 天后到期' });
    assert.deepEqual(dueState(NOW + 10 * DAY, NOW), { tone: 'grey', text: '10 天后到期' });
  });

  it('opens each stage on its own review screen', () => {
    assert.equal(reviewPathOf('topic', 7), '/annotate/topic/review/7');
    assert.equal(reviewPathOf('plan', 7), '/thesisPlan/review/7');
    assert.equal(reviewPathOf('draft', 7), '/annotate/thesis/reviews/7');
    assert.equal(reviewPathOf('final', 7), '/annotate/thesis/finally/7');
    assert.equal(reviewPathOf('retest', 7), '/annotate/thesisRetest/7');
  });

  it('groups a batch by where its submissions stand', () => {
    const parts = progressParts({
      unassigned: 3,
      assigned: 2,
      reviewing: 1,
      returned: 1,
      passed: 4,
      failed: 1,
      awaiting_check: 2,
      checked: 1,
    });
    assert.deepEqual(
      parts.map((part) => [part.label, part.count]),
      [
        ['待分配', 3],
        ['评阅中', 3],
        ['待复核', 2],
        ['退回修改', 1],
        ['已完成', 6],
      ],
    );
    assert.equal(percentOf(3, 15), 20);
    assert.equal(percentOf(0, 0), 0);
  });

  it("gives a course's time, with the date when it is not today", () => {
    const start = Date.UTC(2026, 11, 10, 6, 0);
    assert.equal(courseTimeText(start, start + 2 * HOUR, NOW), withZoneNote('14:00–16:00', start));
    assert.equal(courseTimeText(start + DAY, start + DAY + HOUR, NOW), withZoneNote('12月11日 14:00–15:00', start));
    // A 00:30 class is on Beijing's next day, though it is still the 10th in UTC.
    const late = Date.UTC(2026, 11, 10, 16, 30);
    assert.ok(!isToday({ startAt: late, status: 'upcoming' }, NOW));
    assert.ok(isToday({ startAt: start, status: 'ended' }, NOW));
    assert.ok(!isToday({ startAt: start + DAY, status: 'upcoming' }, NOW));
    assert.ok(isToday({ startAt: start - DAY, status: 'live' }, NOW), 'a course still live counts as today');
  });

  it('counts practice theses in the list’s words: an open attempt is 未完成, not practised (issue 32 §3)', () => {
    const practised = { myAttempts: 2, openAttemptId: null };
    const open = { myAttempts: 0, openAttemptId: 7 };
    const untried = { myAttempts: 0, openAttemptId: null };
    // The demo teacher: three practised, one begun and not submitted, which the list calls 未完成.
    assert.equal(
      practiceSummaryText([practised, practised, practised, open]),
      '共 4 篇练习论文：已练习 3 篇，未完成 1 篇',
    );
    assert.equal(practiceSummaryText([practised, untried]), '共 2 篇练习论文：已练习 1 篇，未练习 1 篇');
    assert.equal(practiceSummaryText([practised, { myAttempts: 1, openAttemptId: 3 }]), '共 2 篇练习论文，都已练习过');
    assert.equal(practiceSummaryText([]), '共 0 篇练习论文');
  });
});
