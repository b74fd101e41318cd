import { Activity, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useOutlet } from 'react-router';
import { useCurrentRoute } from '../../shared/routing/route-meta-context.ts';
import { useAppStore } from '../../shared/stores/app-store.ts';

/**
 * Keeps cached screens alive (seed 2 "cached") with React's <Activity>: a cached screen that is
 * left stays mounted but hidden, so its state (search text, page) survives, and its scroll
 * position in the layout's scroll container is restored on return. Which screens are kept is
 * driven by the app store's `needInclude` list of route names.
 */
export function KeepAliveOutlet({ scrollRef }: { scrollRef: RefObject<HTMLElement | null> }) {
  const outlet = useOutlet();
  const { route } = useCurrentRoute();
  const needInclude = useAppStore((state) => state.needInclude);
  const include = useAppStore((state) => state.include);
  const cache = useRef(new Map<string, ReactNode>());
  const scrollPositions = useRef(new Map<string, number>());
  const activeKey = route?.cached ? route.name : `page:${route?.name ?? ''}`;
  const cachedActive = Boolean(route?.cached);
  const activeKeyRef = useRef(activeKey);

  if (route?.cached) cache.current.set(route.name, outlet);
  for (const name of cache.current.keys()) {
    if (name !== route?.name && !needInclude.includes(name)) cache.current.delete(name);
  }

  useEffect(() => {
    if (route?.cached) include(route.name);
  }, [route, include]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const remember = () => scrollPositions.current.set(activeKeyRef.current, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [scrollRef]);

  useLayoutEffect(() => {
    activeKeyRef.current = activeKey;
    const element = scrollRef.current;
    if (element) element.scrollTop = cachedActive ? (scrollPositions.current.get(activeKey) ?? 0) : 0;
  }, [activeKey, cachedActive, scrollRef]);

  return (
    <>
      {[...cache.current.entries()].map(([name, element]) => (
        <Activity key={name} mode={name === route?.name ? 'visible' : 'hidden'} name={name}>
          {element}
        </Activity>
      ))}
      {route?.cached ? null : outlet}
    </>
  );
}
