import { useEffect, useRef } from 'react';
import type { CoursewarePage } from './courseware-viewer.tsx';

/** The page switcher: a thumbnail per page, the current one marked and kept in sight. */
export function PageStrip({
  pages,
  current,
  onPick,
}: {
  pages: CoursewarePage[];
  current: number;
  onPick(page: number): void;
}) {
  const strip = useRef<HTMLElement>(null);

  // Keeps the current thumbnail in sight by scrolling the strip alone (scrollIntoView would move the page too).
  useEffect(() => {
    const nav = strip.current;
    const item = nav?.querySelector<HTMLElement>(`[data-page="${current}"]`);
    if (!nav || !item) return;
    const margin = 8;
    if (item.offsetTop < nav.scrollTop) nav.scrollTop = item.offsetTop - margin;
    else if (item.offsetTop + item.offsetHeight > nav.scrollTop + nav.clientHeight) {
      nav.scrollTop = item.offsetTop + item.offsetHeight - nav.clientHeight + margin;
    }
    if (item.offsetLeft < nav.scrollLeft) nav.scrollLeft = item.offsetLeft - margin;
    else if (item.offsetLeft + item.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = item.offsetLeft + item.offsetWidth - nav.clientWidth + margin;
    }
  }, [current]);

  return (
    <nav ref={strip} className="bd-strip" aria-label="页面缩略图">
      <ol>
        {pages.map((item) => (
          <li key={item.page} data-page={item.page}>
            <button
              type="button"
              className={item.page === current ? 'is-current' : undefined}
              aria-current={item.page === current ? 'page' : undefined}
              aria-label={`第 ${item.page} 页`}
              onClick={() => onPick(item.page)}
            >
              <img src={item.thumb} alt="" loading="lazy" draggable={false} />
              <span aria-hidden>{item.page}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
