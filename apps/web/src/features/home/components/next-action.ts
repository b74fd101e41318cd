import type { CourseDto } from '@zikao/contract/course';
import type { AdminHome, HomeCheckItem } from '@zikao/contract/home';
import type { PracticeThesisDto } from '@zikao/contract/practice';

/** The one next action of a teacher's home. */
export type TeacherNext =
  /** A course of theirs is live: open its board as the presenter. */
  | { kind: 'board'; course: CourseDto }
  /** A course of theirs starts later today: get it ready (courseware, links). */
  | { kind: 'prepare'; course: CourseDto }
  /** An annotation practice attempt is open: carry on with it. */
  | { kind: 'resume'; thesis: PracticeThesisDto }
  /** A practice thesis they have not tried. */
  | { kind: 'start'; thesis: PracticeThesisDto }
  | { kind: 'practice' };

/**
 * A live class comes first (students are waiting), then today's next class, then the open
 * practice attempt, then a practice thesis not yet tried.
 */
export function teacherNext(today: readonly CourseDto[], theses: readonly PracticeThesisDto[]): TeacherNext {
  const live = today.find((course) => course.status === 'live' && course.canManage && !course.cancelled);
  if (live) return { kind: 'board', course: live };
  const upcoming = today
    .filter((course) => course.status === 'upcoming' && course.canManage && !course.cancelled)
    .sort((a, b) => a.startAt - b.startAt)[0];
  if (upcoming) return { kind: 'prepare', course: upcoming };
  const open = theses.find((thesis) => thesis.openAttemptId !== null);
  if (open) return { kind: 'resume', thesis: open };
  const untried = theses.find((thesis) => thesis.myAttempts === 0);
  if (untried) return { kind: 'start', thesis: untried };
  return { kind: 'practice' };
}

/** The one next action of the admin's home. */
export type AdminNext =
  | { kind: 'assign'; count: number; released: number }
  | { kind: 'check'; item: HomeCheckItem; count: number }
  | { kind: 'overdue'; count: number }
  | { kind: 'statistics' };

/**
 * Unassigned work first (nothing moves until it has a reviewer), then verdicts waiting for the
 * check (candidates are waiting for them), then overdue reviews to chase.
 */
export function adminNext(home: Pick<AdminHome, 'totals' | 'awaitingCheck'>): AdminNext {
  if (home.totals.unassigned > 0) {
    return { kind: 'assign', count: home.totals.unassigned, released: home.totals.released };
  }
  const check = home.awaitingCheck[0];
  if (check) return { kind: 'check', item: check, count: home.totals.awaitingCheck };
  if (home.totals.overdue > 0) return { kind: 'overdue', count: home.totals.overdue };
  return { kind: 'statistics' };
}
