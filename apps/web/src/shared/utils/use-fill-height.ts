import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height that fills the window below the element's top (at least `min`), re-measured on
 * resize and when `key` changes: the review workbench, the practice attempt and result, and the
 * console's reference editor size their workspaces with it.
 */
export function useFillHeight(key: unknown, min = 480, bottomGap = 24) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for whatever moves the element
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottomGap)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [key, min, bottomGap]);
  return { ref, height };
}
