/** Vertical layout of a document's pages at one scale: the same for rendered pages and placeholders. */
export interface PageLayout {
  tops: number[];
  heights: number[];
  widths: number[];
  total: number;
  maxWidth: number;
}

export const PAGE_GAP = 16;
export const PAGE_PADDING = 16;

export function layoutPages(sizes: ReadonlyArray<{ width: number; height: number }>, scale: number): PageLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  const widths: number[] = [];
  let y = PAGE_PADDING;
  let maxWidth = 0;
  for (const size of sizes) {
    tops.push(y);
    const h = size.height * scale;
    heights.push(h);
    widths.push(size.width * scale);
    maxWidth = Math.max(maxWidth, size.width * scale);
    y += h + PAGE_GAP;
  }
  return { tops, heights, widths, total: y - PAGE_GAP + PAGE_PADDING, maxWidth };
}

/** The page at a vertical position (the last page whose top is at or above it). */
export function pageAtY(layout: PageLayout, y: number): number {
  let lo = 0;
  let hi = layout.tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((layout.tops[mid] as number) <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** Pages to keep rendered for a viewport: the visible ones plus `overscan` on each side. */
export function pagesInView(layout: PageLayout, scrollTop: number, viewHeight: number, overscan = 1): number[] {
  if (layout.tops.length === 0) return [];
  const first = pageAtY(layout, scrollTop);
  const last = pageAtY(layout, scrollTop + viewHeight);
  const pages: number[] = [];
  for (let p = Math.max(0, first - overscan); p <= Math.min(layout.tops.length - 1, last + overscan); p++)
    pages.push(p);
  return pages;
}
