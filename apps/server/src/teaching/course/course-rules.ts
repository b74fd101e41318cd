import { Role } from '@zikao/contract/roles';

/**
 * Who may do what with a course (issue 14), as pure functions the services apply to rows they
 * already hold. Admins see and run every course; a lecturer sees and runs their own; any other
 * teacher-side account sees none of it (1030003).
 */
export interface CourseOwnership {
  lecturer_id: number;
}

export interface CourseCaller {
  id: number;
  role: Role;
}

/** Open the course, see its courseware, attendance and hand-ins. */
export function mayViewCourse(user: CourseCaller, course: CourseOwnership): boolean {
  return user.role === Role.admin || course.lecturer_id === user.id;
}

/** 开始 / 结束, courseware, the links: the lecturer, or an admin. */
export function mayManageCourse(user: CourseCaller, course: CourseOwnership): boolean {
  return user.role === Role.admin || course.lecturer_id === user.id;
}

/** Create, edit, cancel: admins only (the endpoint's access says so too). */
export function mayEditSchedule(user: CourseCaller): boolean {
  return user.role === Role.admin;
}

/** Who may lecture: an enabled teacher or reviewer account that is not an external expert. */
export function mayLecture(person: { role: Role; disabled: boolean; external: boolean }): boolean {
  return (person.role === Role.teacher || person.role === Role.reviewer) && !person.disabled && !person.external;
}

/** Whether a teacher-side caller's list is limited to their own courses. */
export function seesOnlyOwnCourses(user: CourseCaller): boolean {
  return user.role !== Role.admin;
}
