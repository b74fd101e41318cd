import type { TextLayerItem } from '@zikao/contract/document';

/**
 * Page-local offset at which each text-layer item starts, following `pageTextFromItems`: an
 * item's string, then one '\n' when it ends a line. `starts[i]` belongs to the i-th item that
 * has a string (pdf.js makes one text div for each of them, in the same order).
 */
export function itemStarts(items: readonly TextLayerItem[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const item of items) {
    starts.push(offset);
    offset += item.str.length + (item.hasEOL ? 1 : 0);
  }
  return starts;
}

/** One piece of a page range inside one item: characters [from, to) of item `item`. */
export interface ItemSlice {
  item: number;
  from: number;
  to: number;
}

/**
 * The items a page-local range [start, end) covers, clipped to each item's string. Line-break
 * characters have no glyphs, so they produce no slice.
 */
export function itemSlices(
  starts: readonly number[],
  lengths: readonly number[],
  start: number,
  end: number,
): ItemSlice[] {
  const slices: ItemSlice[] = [];
  if (end <= start) return slices;
  // First item that ends after `start`.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) + (lengths[mid] as number) <= start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < starts.length; i++) {
    const itemStart = starts[i] as number;
    if (itemStart >= end) break;
    const length = lengths[i] as number;
    const from = Math.max(0, start - itemStart);
    const to = Math.min(length, end - itemStart);
    if (to > from) slices.push({ item: i, from, to });
  }
  return slices;
}

/** A point of a DOM selection, reduced to what the mapping needs. */
export interface LayerPoint {
  page: number;
  /** Page-local offset of the item's first character. */
  itemStart: number;
  /** Offset inside the item's string, clamped to it. */
  offset: number;
  length: number;
}

/** Page-local offset of a selection point. */
export function pointOffset(point: LayerPoint): number {
  return point.itemStart + Math.max(0, Math.min(point.offset, point.length));
}

/**
 * The global [start, end) of a selection between two text-layer points, ordered whichever way the
 * user dragged; `pageStarts[p]` is the global offset of page p. Null for an empty selection.
 */
export function selectionRange(
  a: LayerPoint,
  b: LayerPoint,
  pageStarts: ArrayLike<number>,
): { start: number; end: number } | null {
  const x = (pageStarts[a.page] as number) + pointOffset(a);
  const y = (pageStarts[b.page] as number) + pointOffset(b);
  const start = Math.min(x, y);
  const end = Math.max(x, y);
  return end > start ? { start, end } : null;
}

/** Drops whitespace at both ends of a selected range, as readers expect of a highlight. */
export function trimRange(text: string, start: number, end: number): { start: number; end: number } | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from] as string)) from++;
  while (to > from && /\s/.test(text[to - 1] as string)) to--;
  return to > from ? { start: from, end: to } : null;
}
