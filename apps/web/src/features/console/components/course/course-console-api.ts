import type { CourseCreateInput, CourseListQuery, CourseUpdateInput } from '@zikao/contract/course';
import { courseEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../../shared/request/call.ts';

/** The console's course calls (课程管理, admins). */
export const courseConsoleApi = {
  list: (query: CourseListQuery, signal?: AbortSignal) => call(courseEndpoints.courseList, query, { signal }),
  options: (signal?: AbortSignal) => call(courseEndpoints.courseOptions, {}, { signal }),
  create: (input: CourseCreateInput) => call(courseEndpoints.courseCreate, input),
  update: (input: CourseUpdateInput) => call(courseEndpoints.courseUpdate, input),
  cancel: (id: number, reason: string) => call(courseEndpoints.courseCancel, { id, reason }),
};

export const courseConsoleKeys = {
  all: ['console', 'course'] as const,
  list: (query: CourseListQuery) => [...courseConsoleKeys.all, 'list', query] as const,
  options: () => [...courseConsoleKeys.all, 'options'] as const,
};
