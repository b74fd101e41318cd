import { offsetsInside } from './draw-geometry.ts';

/** Text this many CSS px around a drawn mark still counts as under it (a line drawn under words). */
const REACH_PX = 6;

/**
 * The page-local text under a drawn mark on a rendered page: the characters of the text layer
 * whose centres lie in `rect` (CSS px relative to the page, widened a little), as offsets and as
 * the text layer reads them (to check against the server's page text). Null when there is none.
 */
export function textUnder(
  pageElement: HTMLElement,
  rect: { left: number; top: number; width: number; height: number },
): { start: number; end: number; text: string } | null {
  const origin = pageElement.getBoundingClientRect();
  const bounds = {
    left: rect.left - REACH_PX,
    top: rect.top - REACH_PX,
    right: rect.left + rect.width + REACH_PX,
    bottom: rect.top + rect.height + REACH_PX,
  };
  const characters: Array<{ offset: number; x: number; y: number }> = [];
  const texts: Array<{ start: number; data: string }> = [];
  const range = document.createRange();
  for (const span of pageElement.querySelectorAll<HTMLElement>('.aw-text-layer span[data-offset]')) {
    const text = span.firstChild;
    if (!(text instanceof Text)) continue;
    const start = Number(span.dataset.offset);
    texts.push({ start, data: text.data });
    const box = span.getBoundingClientRect();
    // Spans wholly outside the mark are skipped before measuring their characters.
    if (
      box.right - origin.left < bounds.left ||
      box.left - origin.left > bounds.right ||
      box.bottom - origin.top < bounds.top ||
      box.top - origin.top > bounds.bottom
    ) {
      continue;
    }
    for (let i = 0; i < text.data.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const r = range.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      characters.push({
        offset: start + i,
        x: r.left + r.width / 2 - origin.left,
        y: r.top + r.height / 2 - origin.top,
      });
    }
  }
  const found = offsetsInside(characters, bounds);
  if (!found) return null;
  // What the text layer reads over the whole range, line ends included (checked against the server's text).
  const text = texts
    .sort((a, b) => a.start - b.start)
    .map(({ start, data }) => data.slice(Math.max(0, found.start - start), Math.max(0, found.end - start)))
    .join('');
  return { ...found, text };
}

/**
 * The caret a click at (x, y) (window px) puts in a page's text layer, found from the characters'
 * boxes rather than by hit testing, so marks and badges drawn over the words do not get in the way.
 */
export function caretInTextLayer(
  pageElement: HTMLElement,
  x: number,
  y: number,
): { node: Text; offset: number } | null {
  const range = document.createRange();
  for (const span of pageElement.querySelectorAll<HTMLElement>('.aw-text-layer span[data-offset]')) {
    const text = span.firstChild;
    if (!(text instanceof Text) || text.data.length === 0) continue;
    const box = span.getBoundingClientRect();
    if (y < box.top || y > box.bottom || x < box.left - 2 || x > box.right + 2) continue;
    for (let i = 0; i < text.data.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const r = range.getBoundingClientRect();
      if (x < r.left + r.width / 2) return { node: text, offset: i };
    }
    return { node: text, offset: text.data.length };
  }
  return null;
}
