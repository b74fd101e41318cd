import type { RouteDef } from '../../shared/routing/route-def.ts';
import { STAFF_HOME_PATH } from './home-path.ts';

/**
 * 首页 of the staff roles (issue 21 §3): first in each staff menu, not cached, so it is fresh on
 * every visit. '/' stays the seed's redirect (to /annotate for reviewers and admins).
 */
export const homeRoutes: RouteDef[] = [
  {
    path: STAFF_HOME_PATH,
    name: 'Home',
    title: '首页',
    screen: () => import('./components/home-screen.tsx'),
  },
];
