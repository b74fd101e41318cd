import type { LiveCourseDto, LiveCourseStatus } from '@zikao/contract/student-info';

const RANK: Record<LiveCourseStatus, number> = { live: 0, upcoming: 1, ended: 2 };

/**
 * The candidate's courses in the order they matter: live now, then the next to start, then the
 * ended ones, latest first.
 */
export function orderCourses(list: readonly LiveCourseDto[]): LiveCourseDto[] {
  return [...list].sort((a, b) => {
    if (a.status !== b.status) return RANK[a.status] - RANK[b.status];
    return a.status === 'ended' ? b.startAt - a.startAt : a.startAt - b.startAt;
  });
}
