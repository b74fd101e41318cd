import type { RouteDef } from '../../shared/routing/route-def.ts';

export const versionRoutes: RouteDef[] = [
  {
    path: '/version',
    name: 'Version',
    title: '版本信息',
    public: true,
    layout: 'none',
    screen: () => import('./components/version-screen.tsx'),
  },
];
