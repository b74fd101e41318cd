import type { BoardRole, CourseListQuery } from '@zikao/contract/course';
import { courseEndpoints } from '@zikao/contract/endpoints';
import { call, callWithForm, endpointUrl } from '../../../shared/request/call.ts';

/** Query keys of the course calls: the list's and a course's courseware. */
export const courseKeys = {
  all: ['course'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (query: CourseListQuery) => [...courseKeys.lists(), query] as const,
  courseware: (courseId: number) => [...courseKeys.all, 'courseware', courseId] as const,
};

/** The teacher side's course calls (/classroom/list): the service answers a teacher's own courses, an admin's all. */
export const courseApi = {
  list: (query: CourseListQuery, signal?: AbortSignal) => call(courseEndpoints.courseList, query, { signal }),
  start: (id: number) => call(courseEndpoints.courseStart, { id }),
  end: (id: number) => call(courseEndpoints.courseEnd, { id }),
  links: (id: number, streamUrl: string, playbackUrl: string) =>
    call(courseEndpoints.courseLinks, { id, streamUrl, playbackUrl }),
  /** A signed board link (a path with its query); silent: the caller says what went wrong. */
  boardLink: (courseId: number, role: BoardRole) =>
    call(courseEndpoints.courseBoardLink, { courseId, role }, { silent: true }),
  courseware: (courseId: number, signal?: AbortSignal) =>
    call(courseEndpoints.coursewareList, { courseId }, { signal }),
  uploadCourseware: (courseId: number, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) =>
    callWithForm(courseEndpoints.coursewareUpload, { courseId }, file, { onProgress, signal, silent: true }),
  deleteCourseware: (id: number) => call(courseEndpoints.coursewareDelete, { id }),
  sortCourseware: (courseId: number, ids: number[]) => call(courseEndpoints.coursewareSort, { courseId, ids }),
  /** A page image of a courseware file, for the preview (the session's cookie authorises it). */
  pageUrl: (fileId: number, pageNo: number) => endpointUrl(courseEndpoints.coursewarePage, { fileId, pageNo }),
};
