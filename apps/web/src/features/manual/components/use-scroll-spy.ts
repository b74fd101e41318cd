import { type RefObject, useEffect, useState } from 'react';
import { currentSectionId } from './scroll-spy.ts';

/** How far below where a jump puts a heading (its scroll-margin-top) it still counts as passed. */
const SLACK = 24;

/** The element that scrolls the page: the layout's scroll box, or the document. */
export function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const overflowY = getComputedStyle(node).overflowY;
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * The id of the section in view, following the scroll of whatever box scrolls `container`.
 * `key` changes when the sections shown change (a search), so the headings are looked up again.
 */
export function useScrollSpy(container: RefObject<HTMLElement | null>, key: string): string | null {
  const [active, setActive] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key means other headings are shown; look them up again.
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const scroller = scrollParent(root);
    const target: HTMLElement | Window = scroller ?? window;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const viewTop = scroller ? scroller.getBoundingClientRect().top : 0;
      const viewHeight = scroller ? scroller.clientHeight : window.innerHeight;
      const scrollTop = scroller ? scroller.scrollTop : window.scrollY;
      const scrollHeight = scroller ? scroller.scrollHeight : document.documentElement.scrollHeight;
      const elements = [...root.querySelectorAll<HTMLElement>('.hb-heading')];
      const margin = elements[0] ? Number.parseFloat(getComputedStyle(elements[0]).scrollMarginTop) || 0 : 0;
      const headings = elements.map((heading) => ({
        id: heading.id,
        top: heading.getBoundingClientRect().top - viewTop,
      }));
      setActive(
        currentSectionId(headings, {
          threshold: margin + SLACK,
          viewHeight,
          atEnd: scrollTop > 0 && scrollTop + viewHeight >= scrollHeight - 2,
        }),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    target.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      target.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [container, key]);
  return active;
}
