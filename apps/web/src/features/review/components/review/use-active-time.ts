import { useCallback, useEffect, useRef } from 'react';

/**
 * Milliseconds this screen has been in front of the reviewer while `active`: time in a hidden tab
 * does not count. Returns a reader, so the caller decides when to look (on save, on a tick).
 */
export function useActiveTime(active: boolean): () => number {
  const total = useRef(0);
  const since = useRef<number | null>(null);

  useEffect(() => {
    if (!active) return;
    const start = () => {
      if (since.current === null && document.visibilityState === 'visible') since.current = performance.now();
    };
    const stop = () => {
      if (since.current !== null) total.current += performance.now() - since.current;
      since.current = null;
    };
    const change = () => (document.visibilityState === 'visible' ? start() : stop());
    start();
    document.addEventListener('visibilitychange', change);
    return () => {
      document.removeEventListener('visibilitychange', change);
      stop();
    };
  }, [active]);

  return useCallback(() => total.current + (since.current === null ? 0 : performance.now() - since.current), []);
}
