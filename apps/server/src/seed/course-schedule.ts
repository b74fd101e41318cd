const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The app's users read the time in China Standard Time: UTC+8 all year. */
const BEIJING_OFFSET = 8 * HOUR;

/** How long after the seed the demo's live course is still live, at the least. */
export const DEMO_LIVE_AHEAD_MS = 3 * HOUR;

export interface CourseSlot {
  startAt: number;
  endAt: number;
}

/** When each of the demo's courses is (course-demo.ts). */
export interface DemoCourseSchedule {
  /** Live now: since a whole hour today (Beijing time), until three hours from now or more. */
  live: CourseSlot;
  /** The next of the teacher's lectures: tomorrow morning. */
  next: CourseSlot;
  /** 陈评阅's course, the day after tomorrow. */
  revision: CourseSlot;
  /** The teacher's third lecture, in three days. */
  defence: CourseSlot;
  /** Ended three days ago, with its playback. */
  ended: CourseSlot;
  /** Cancelled, in five days. */
  cancelled: CourseSlot;
}

/**
 * The demo's timetable for a seed made at `now`. What the homes and 课程 show does not depend on
 * the hour it is made: the live course started today and stays live for hours (long enough for a
 * person to join, or for the browser suite, which starts every server from a seed made when the
 * suite began); every other course is on another day, at a set Beijing time. So today is the live
 * course and nothing else, at 00:10 as at 23:50.
 */
export function demoCourseSchedule(now: number): DemoCourseSchedule {
  const today = Math.floor((now + BEIJING_OFFSET) / DAY) * DAY - BEIJING_OFFSET;
  // Whole hours, so that the schedule reads like a timetable (Beijing's hours are UTC's).
  const hour = Math.floor(now / HOUR) * HOUR;
  const on = (day: number, clock: number, hours: number): CourseSlot => ({
    startAt: today + day * DAY + clock * HOUR,
    endAt: today + day * DAY + (clock + hours) * HOUR,
  });
  return {
    live: { startAt: Math.max(today, hour - HOUR), endAt: hour + HOUR + DEMO_LIVE_AHEAD_MS },
    next: on(1, 10, 1.5),
    revision: on(2, 14, 1),
    defence: on(3, 10, 1),
    ended: on(-3, 14, 1),
    cancelled: on(5, 10, 1),
  };
}
