import { useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteMetaContext } from '../shared/routing/route-meta-context.ts';
import { usePermissionStore } from '../shared/stores/permission-store.ts';
import { pageTitle } from '../shared/utils/page-title.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { breadcrumbFor, matchRoute } from './route-match.ts';
import { ROUTES } from './route-table.ts';

/** Resolves the current route's meta once, sets the document title and drives the progress bar. */
export function RootShell() {
  const location = useLocation();
  const menu = usePermissionStore((state) => state.routes);
  const current = useMemo(() => {
    const match = matchRoute(ROUTES, location.pathname, location.search);
    return {
      route: match?.route ?? null,
      params: match?.params ?? {},
      crumbs: match ? breadcrumbFor(ROUTES, menu, match.route) : [],
    };
  }, [location.pathname, location.search, menu]);

  useEffect(() => {
    document.title = pageTitle(current.route?.title);
  }, [current.route]);

  return (
    <RouteMetaContext value={current}>
      <NavigationProgress />
      <Outlet />
    </RouteMetaContext>
  );
}
