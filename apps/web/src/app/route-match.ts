import type { MenuItem } from '@zikao/contract/auth';
import type { Crumb, RouteDef } from '../shared/routing/route-def.ts';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string; prefix: string } | { kind: 'splat' };

function compile(path: string): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((part): Segment => {
      if (part === '*') return { kind: 'splat' };
      const colon = part.indexOf(':');
      if (colon === -1) return { kind: 'static', text: part };
      return { kind: 'param', name: part.slice(colon + 1), prefix: part.slice(0, colon) };
    });
}

/** Scores a match the way routers rank them: static beats prefixed parameter beats parameter beats splat. */
function matchOne(route: RouteDef, parts: string[]): { score: number; params: Record<string, string> } | null {
  const segments = compile(route.path);
  const params: Record<string, string> = {};
  let score = 0;
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === 'splat') return { score, params: { ...params, '*': parts.slice(index).join('/') } };
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.kind === 'static') {
      if (segment.text !== part) return null;
      score += 10;
    } else {
      if (!part.startsWith(segment.prefix) || part.length === segment.prefix.length) return null;
      params[segment.name] = decodeURIComponent(part.slice(segment.prefix.length));
      score += segment.prefix ? 6 : 3;
    }
  }
  return parts.length === segments.length ? { score: score + 1, params } : null;
}

/**
 * The route a path shows. For a path registered twice, the reading whose query pair is present
 * wins; otherwise the first registration does.
 */
export function matchRoute(routes: readonly RouteDef[], pathname: string, search = ''): RouteMatch | null {
  const parts = pathname.split('/').filter(Boolean);
  const query = new URLSearchParams(search);
  let best: (RouteMatch & { score: number }) | null = null;
  for (const route of routes) {
    if (route.reading && query.get(route.reading.key) !== route.reading.value) continue;
    const result = matchOne(route, parts);
    if (!result) continue;
    const score = result.score + (route.reading ? 1 : 0);
    if (!best || score > best.score) best = { route, params: result.params, score };
  }
  return best ? { route: best.route, params: best.params } : null;
}

/** Builds a concrete path for a route name, e.g. pathFor('AnnotateThesisRetestDetail', { id: 5 }). */
export function pathFor(
  routes: readonly RouteDef[],
  name: string,
  params: Record<string, string | number> = {},
): string {
  const route = routes.find((item) => item.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
  return route.reading ? `${path}?${route.reading.key}=${route.reading.value}` : path;
}

function menuTrail(items: readonly MenuItem[], name: string): MenuItem[] | null {
  for (const item of items) {
    if (item.name === name) return [item];
    const below = item.children ? menuTrail(item.children, name) : null;
    if (below) return [item, ...below];
  }
  return null;
}

/** Breadcrumb: the menu's ancestors of the page (or of the page it was opened from), then the page. */
export function breadcrumbFor(routes: readonly RouteDef[], menu: readonly MenuItem[], route: RouteDef): Crumb[] {
  const own = menuTrail(menu, route.name);
  if (own) return own.map((item) => ({ title: item.title }));
  const crumbs: Crumb[] = [];
  const parent = route.parent ? routes.find((item) => item.name === route.parent) : undefined;
  if (parent) {
    const trail = menuTrail(menu, parent.name);
    if (trail) crumbs.push(...trail.slice(0, -1).map((item) => ({ title: item.title })));
    crumbs.push({ title: parent.title ?? parent.name, path: parent.path });
  }
  crumbs.push({ title: route.title ?? '' });
  return crumbs;
}
