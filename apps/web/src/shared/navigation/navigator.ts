type NavigateImpl = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateImpl | null = null;
let routerBase = '';

/** The router registers itself so non-React code (the request client) can navigate. */
export function bindNavigator(impl: NavigateImpl, base: string): void {
  navigateImpl = impl;
  routerBase = base;
}

export function navigateTo(to: string, replace = false): void {
  if (navigateImpl) navigateImpl(to, { replace });
  else window.location.assign(`${routerBase}${to}`);
}

/** The current in-app path with its query, without the router base. */
export function currentAppPath(): string {
  const { pathname, search } = window.location;
  const path = routerBase && pathname.startsWith(routerBase) ? pathname.slice(routerBase.length) || '/' : pathname;
  return `${path}${search}`;
}
