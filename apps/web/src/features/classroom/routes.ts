import type { RouteDef } from '../../shared/routing/route-def.ts';

export const classroomRoutes: RouteDef[] = [
  { path: '/classroom', name: 'Classroom', title: '直播课程', redirect: '/classroom/list' },
  {
    path: '/classroom/list',
    name: 'ClassroomList',
    title: '直播课程',
    cached: true,
    screen: () => import('./components/classroom-list-screen.tsx'),
  },
  {
    path: '/board',
    name: 'Board',
    title: '直播课程',
    hidden: true,
    public: true,
    layout: 'none',
    screen: () => import('./components/board-screen.tsx'),
  },
];
