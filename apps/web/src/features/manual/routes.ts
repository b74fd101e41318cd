import type { RouteDef } from '../../shared/routing/route-def.ts';

export const manualRoutes: RouteDef[] = [
  {
    path: '/thesis/reviewsManual',
    name: 'ThesisReviewsManual',
    title: '使用手册',
    screen: () => import('./components/manual-screen.tsx'),
  },
];
