import { createContext, useContext } from 'react';
import type { Crumb, RouteDef } from './route-def.ts';

export interface CurrentRoute {
  route: RouteDef | null;
  params: Record<string, string>;
  crumbs: Crumb[];
}

export const RouteMetaContext = createContext<CurrentRoute>({ route: null, params: {}, crumbs: [] });

/** The current route's meta (title, name, breadcrumb), resolved once by the app shell. */
export function useCurrentRoute(): CurrentRoute {
  return useContext(RouteMetaContext);
}
