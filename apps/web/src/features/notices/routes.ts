import type { RouteDef } from '../../shared/routing/route-def.ts';

export const noticeRoutes: RouteDef[] = [
  {
    path: '/notice',
    name: 'Notice',
    title: '通知公告',
    hidden: true,
    screen: () => import('./components/notice-screen.tsx'),
  },
  {
    path: '/student/notice',
    name: 'StudentNotice',
    title: '通知公告',
    hidden: true,
    screen: () => import('./components/student-notice-screen.tsx').then((m) => ({ default: m.StudentNoticeScreen })),
  },
];
