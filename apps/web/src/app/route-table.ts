import { authRoutes } from '../features/auth/routes.ts';
import { classroomRoutes } from '../features/classroom/routes.ts';
import { consoleRoutes } from '../features/console/routes.ts';
import { documentRoutes } from '../features/documents/routes.ts';
import { homeRoutes } from '../features/home/routes.ts';
import { manualRoutes } from '../features/manual/routes.ts';
import { noticeRoutes } from '../features/notices/routes.ts';
import { practiceRoutes } from '../features/practice/routes.ts';
import { adminReviewRoutes } from '../features/review/admin-review-routes.ts';
import { historyRoutes } from '../features/review/history-routes.ts';
import { annotateRoutes } from '../features/review/routes.ts';
import { thesisViewRoutes } from '../features/review/thesis-view-routes.ts';
import { statisticsRoutes } from '../features/statistics/routes.ts';
import { studentRoutes } from '../features/student/routes.ts';
import { versionRoutes } from '../features/system/routes.ts';
import type { RouteDef } from '../shared/routing/route-def.ts';

export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  name: 'NotFound',
  title: '页面不存在',
  hidden: true,
  screen: () => import('./not-found-screen.tsx'),
};

/** Every route of seed section 2, in registration order. */
export const ROUTES: readonly RouteDef[] = [
  ...annotateRoutes,
  ...homeRoutes,
  ...adminReviewRoutes,
  ...thesisViewRoutes,
  ...manualRoutes,
  ...versionRoutes,
  ...historyRoutes,
  ...statisticsRoutes,
  ...classroomRoutes,
  ...practiceRoutes,
  ...noticeRoutes,
  ...authRoutes,
  ...studentRoutes,
  ...consoleRoutes,
  ...documentRoutes,
  NOT_FOUND_ROUTE,
];

/** Names of the pages kept alive when navigating away. */
export const CACHED_ROUTE_NAMES: readonly string[] = ROUTES.filter((route) => route.cached).map((route) => route.name);
