import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COURSE_MAX_DURATION_MS, liveCourseStatus } from '@zikao/contract/course';
import { type CourseSlot, DEMO_LIVE_AHEAD_MS, demoCourseSchedule } from './course-schedule.ts';

const HOUR = 3_600_000;

/** The Beijing date and time of an instant, as Intl reads Asia/Shanghai: `2026-12-08 00:10`. */
const beijing = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
const dateOf = (ms: number) => beijing(ms).slice(0, 10);
const clockOf = (ms: number) => beijing(ms).slice(11);

/** 2026-12-08 at a Beijing time, e.g. `00:10`. */
const beijingAt = (clock: string) => Date.parse(`2026-12-08T${clock}:00+08:00`);

const status = (slot: CourseSlot, now: number) => liveCourseStatus({ ...slot, startedAt: null, endedAt: null }, now);

describe('the demo’s course timetable', () => {
  for (const clock of ['00:00', '00:10', '00:59', '07:30', '12:00', '12:59', '23:30', '23:50', '23:59']) {
    const now = beijingAt(clock);
    const schedule = demoCourseSchedule(now);

    it(`seeded at ${clock} Beijing time: the live course is live, today, and stays live for hours`, () => {
      const { live } = schedule;
      assert.equal(status(live, now), 'live');
      assert.ok(live.endAt - now >= DEMO_LIVE_AHEAD_MS, `ends ${(live.endAt - now) / HOUR} h after the seed`);
      assert.ok(DEMO_LIVE_AHEAD_MS >= 2 * HOUR);
      assert.equal(status(live, now + DEMO_LIVE_AHEAD_MS - 1), 'live');
      assert.equal(dateOf(live.startAt), '2026-12-08', 'it started on today’s Beijing date');
      assert.match(clockOf(live.startAt), /^\d{2}:00$/, 'on the hour');
      assert.match(clockOf(live.endAt), /^\d{2}:00$/, 'on the hour');
      assert.ok(live.endAt - live.startAt <= COURSE_MAX_DURATION_MS);
    });

    it(`seeded at ${clock} Beijing time: every other course is on another day, at the same time of day`, () => {
      const { live, ...others } = schedule;
      const seen = Object.fromEntries(
        Object.entries(others).map(([name, slot]) => [
          name,
          `${dateOf(slot.startAt)} ${clockOf(slot.startAt)}–${clockOf(slot.endAt)} ${status(slot, now)}`,
        ]),
      );
      assert.deepEqual(seen, {
        next: '2026-12-09 10:00–11:30 upcoming',
        revision: '2026-12-10 14:00–15:00 upcoming',
        defence: '2026-12-11 10:00–11:00 upcoming',
        ended: '2026-12-05 14:00–15:00 ended',
        cancelled: '2026-12-13 10:00–11:00 upcoming',
      });
    });
  }
});
