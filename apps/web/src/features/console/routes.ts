import type { RouteDef } from '../../shared/routing/route-def.ts';

/** The management console (issue 6): admin reviewers only, reached from the server menu. Not cached: seed section 2 names every kept-alive page. */
export const consoleRoutes: RouteDef[] = [
  { path: '/console', name: 'Console', title: '管理控制台', redirect: '/console/batch' },
  {
    path: '/console/batch',
    name: 'ConsoleBatch',
    title: '批次管理',
    screen: () => import('./components/batch-screen.tsx'),
  },
  {
    path: '/console/account',
    name: 'ConsoleAccount',
    title: '账号管理',
    screen: () => import('./components/account-screen.tsx'),
  },
  {
    path: '/console/import',
    name: 'ConsoleImport',
    title: '考生导入',
    screen: () => import('./components/import-screen.tsx'),
  },
  {
    path: '/console/assignment',
    name: 'ConsoleAssignment',
    title: '评阅分配',
    screen: () => import('./components/assignment-screen.tsx'),
  },
  {
    path: '/console/review-link',
    name: 'ConsoleReviewLink',
    title: '评阅链接',
    screen: () => import('./components/review-link-screen.tsx'),
  },
  {
    path: '/console/course',
    name: 'ConsoleCourse',
    title: '课程管理',
    screen: () => import('./components/course/course-screen.tsx'),
  },
  {
    path: '/console/comment-bank',
    name: 'ConsoleCommentBank',
    title: '公共评语库',
    screen: () => import('./components/comment-bank-screen.tsx'),
  },
  {
    path: '/console/audit',
    name: 'ConsoleAudit',
    title: '审计日志',
    screen: () => import('./components/audit-screen.tsx'),
  },
  // Annotation practice (issue 15): practice theses, their reference points and how markers fared.
  {
    path: '/console/practice',
    name: 'ConsolePractice',
    title: '练习论文',
    screen: () => import('./components/practice/practice-screen.tsx'),
  },
  {
    path: '/console/practice/:id',
    name: 'ConsolePracticeDetail',
    title: '练习论文详情',
    hidden: true,
    parent: 'ConsolePractice',
    screen: () => import('./components/practice/practice-detail-screen.tsx'),
  },
];
