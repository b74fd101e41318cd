import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteDef } from '../shared/routing/route-def.ts';
import { BootScreen } from './boot-screen.tsx';
import { guardLoader } from './guard-loader.ts';
import { RootShell } from './root-shell.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { ROUTES } from './route-table.ts';

/**
 * React Router cannot express a parameter inside a segment (`detail:id`), and a path registered
 * twice always resolves to the first registration. Those routes are served by their sibling
 * (`:id`) or first registration, whose screen reads the prefix or the query; the route table
 * keeps every reading for titles, names and breadcrumbs.
 */
function registrable(route: RouteDef, index: number, all: readonly RouteDef[]): boolean {
  if (/[^/]:/.test(route.path)) return false;
  return all.findIndex((other) => other.path === route.path) === index;
}

/** Redirect routes have no loader of their own: the guard resolves them after its checks. */
function toRouteObject(route: RouteDef): RouteObject {
  const { screen } = route;
  const base = route.path === '/' ? { index: true as const } : { path: route.path };
  return {
    ...base,
    id: route.name,
    handle: route,
    lazy: screen ? async () => ({ Component: (await screen()).default }) : undefined,
  };
}

export function createAppRouter(basename: string) {
  const routes = ROUTES.filter(registrable);
  const framed = routes.filter((route) => (route.layout ?? 'main') !== 'none');
  const bare = routes.filter((route) => route.layout === 'none' && !route.plain);
  const plain = routes.filter((route) => route.layout === 'none' && route.plain);
  return createBrowserRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: guardLoader,
        // The guard runs on every navigation, not only when the root's params change.
        shouldRevalidate: () => true,
        Component: RootShell,
        ErrorBoundary: RouteErrorScreen,
        HydrateFallback: BootScreen,
        children: [
          ...plain.map(toRouteObject),
          {
            id: 'providers',
            // antd's and TanStack Query's providers are not needed on /login (adr/025): they load
            // beside the first other screen, as the layout does.
            lazy: async () => ({ Component: (await import('./providers-shell.tsx')).ProvidersShell }),
            children: [
              ...bare.map(toRouteObject),
              {
                id: 'layout',
                // The layout (menu, drawer, header) is not needed on /login: load it with the first framed page.
                lazy: async () => ({ Component: (await import('./layout/main-layout.tsx')).MainLayout }),
                children: framed.map(toRouteObject),
              },
            ],
          },
        ],
      },
    ],
    { basename: basename || '/' },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
