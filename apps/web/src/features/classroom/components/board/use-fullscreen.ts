import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * The Fullscreen API on one element: whether it is full screen now, and a toggle. Leaving with
 * Esc (the browser's own) is noticed through `fullscreenchange`.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled;

  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);

  const toggle = useCallback(() => {
    const element = target.current;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.requestFullscreen().catch(() => undefined);
  }, [target]);

  return { active, supported, toggle };
}
