import type { RouteDef } from '../../shared/routing/route-def.ts';

export const statisticsRoutes: RouteDef[] = [
  { path: '/data', name: 'Data', title: '数据统计', redirect: '/data/index' },
  {
    path: '/data/index',
    name: 'DataIndex',
    title: '数据统计',
    screen: () => import('./components/statistics-screen.tsx'),
  },
];
