/** userRole values; 0 means not logged in. */
export const Role = {
  none: 0,
  student: 1,
  teacher: 2,
  reviewer: 3,
  admin: 4,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ROLE_LABELS: Record<Role, string> = {
  0: '未登录',
  1: '考生',
  2: '教师',
  3: '评阅教师',
  4: '管理员',
};

/** Roles that sign in on the teacher side (/v1/teacher/...). */
export const TEACHER_SIDE_ROLES: readonly Role[] = [Role.teacher, Role.reviewer, Role.admin];
