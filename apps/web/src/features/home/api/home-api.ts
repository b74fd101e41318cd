import type { BoardRole, CourseListQuery } from '@zikao/contract/course';
import { courseEndpoints, homeEndpoints, practiceEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

/** Query keys of the homes; not cached between visits (the route is not kept alive), refetched on return. */
export const homeKeys = {
  all: ['home'] as const,
  reviewer: ['home', 'reviewer'] as const,
  admin: ['home', 'admin'] as const,
  courses: (query: CourseListQuery) => ['home', 'courses', query] as const,
  practiceCard: ['home', 'practice', 'card'] as const,
  practiceTheses: ['home', 'practice', 'theses'] as const,
};

/**
 * The homes' calls. Loads are silent: each card shows its own error state. The teacher's home
 * reads the course and practice calls as their own screens do (features do not share modules).
 */
export const homeApi = {
  reviewer: (signal?: AbortSignal) => call(homeEndpoints.homeReviewer, {}, { silent: true, signal }),
  admin: (signal?: AbortSignal) => call(homeEndpoints.homeAdmin, {}, { silent: true, signal }),
  courses: (query: CourseListQuery, signal?: AbortSignal) =>
    call(courseEndpoints.courseList, query, { silent: true, signal }),
  /** A signed board link; silent: the caller says what went wrong. */
  boardLink: (courseId: number, role: BoardRole) =>
    call(courseEndpoints.courseBoardLink, { courseId, role }, { silent: true }),
  practiceCard: (signal?: AbortSignal) => call(practiceEndpoints.practiceCard, {}, { silent: true, signal }),
  /** Enough practice theses to find an open attempt or an untried one. */
  practiceTheses: (signal?: AbortSignal) =>
    call(practiceEndpoints.practiceList, { page: 1, pageSize: 50 }, { silent: true, signal }),
};
