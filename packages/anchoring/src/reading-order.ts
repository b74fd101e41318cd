import { type Anchor, anchor } from './anchor.ts';
import type { DocumentText, PagePart } from './document.ts';
import type { PageRect, Selector } from './model.ts';
import { parseArea } from './selectors.ts';

/**
 * One run of a page's text on one line, for numbering marks (issue 32 §1.1): `[start, end, left,
 * top, width]`, the run's page-local UTF-16 offsets and, in whole PDF points from the page's
 * top-left corner, its left edge, its top and its width. The server makes them from the text items'
 * boxes (`textSpots`) and sends them with the page texts, so the workspace and the annotated PDF
 * read the same positions.
 */
export type TextSpot = readonly [number, number, number, number, number];

/**
 * The runs of a page from its text items' boxes `[start, end, x, y, width, height]` (user space, y
 * up, as extracted). Items that follow each other on one line are merged into one run.
 */
export function textSpots(boxes: ReadonlyArray<readonly number[]>, pageHeight: number): TextSpot[] {
  const spots: Array<[number, number, number, number, number]> = [];
  for (const [start = 0, end = 0, x = 0, y = 0, width = 0, height = 0] of boxes) {
    if (end <= start) continue;
    const left = Math.round(x);
    const top = Math.round(pageHeight - (y + height));
    const right = Math.round(x + width);
    const last = spots[spots.length - 1];
    if (last && last[3] === top && start >= last[1] && start - last[1] <= 1 && left >= last[2]) {
      last[1] = end;
      last[4] = Math.max(last[4], right - last[2]);
    } else spots.push([start, end, left, top, Math.max(0, right - left)]);
  }
  return spots;
}

/** Where a mark sits, for numbering: its page (0-based) and its anchor's top-left corner in points. */
export interface ReadingPosition {
  page: number;
  top: number;
  left: number;
}

/** What `anchorMark` needs of a mark. */
export interface MarkTarget {
  /** A text mark (highlight, underline, strike-out, replace, insert): placed on its words only. */
  textMark: boolean;
  selectors: readonly Selector[];
}

/**
 * Where a mark is in this document, or null when it cannot be placed (its text is gone: 原文已删除).
 * Text marks are placed on their words. Page marks (area, note, stamp, drawn) are placed by their
 * page fragment; one that also quotes the words under it (a drawn mark over text, carried over)
 * is placed only while those words are still found, so a mark whose text was deleted is listed,
 * never drawn over the new text (issue 32 §2.8).
 */
export function anchorMark(doc: DocumentText, mark: MarkTarget): Anchor | null {
  if (mark.textMark) {
    const found = anchor(doc, mark.selectors);
    return found?.kind === 'text' ? found : null;
  }
  const fragment = mark.selectors.find((selector) => selector.type === 'FragmentSelector');
  const area = fragment?.type === 'FragmentSelector' ? parseArea(fragment.value) : null;
  if (!area || area.page >= doc.pageCount) return null;
  if (mark.selectors.some((selector) => selector.type === 'TextQuoteSelector')) {
    const words = mark.selectors.filter((selector) => selector.type !== 'FragmentSelector');
    if (anchor(doc, words)?.kind !== 'text') return null;
  }
  return { kind: 'area', status: 'found', confidence: 1, ...area };
}

/** What `readingPosition` needs of an anchor (an `Anchor` will do). */
export type PlacedMark =
  | { kind: 'area'; page: number; rect?: PageRect | null }
  | { kind: 'text'; parts: readonly PagePart[] };

/**
 * The reading position of an anchored mark: a page mark's box corner (a page note without a box:
 * the page's top-left); a text mark's first character, from the page's text runs. Without runs
 * (structured text, a page with no text layer) the character's offset stands for its place.
 */
export function readingPosition(
  found: PlacedMark | null,
  spotsOf: (page: number) => readonly TextSpot[] | undefined,
): ReadingPosition | null {
  if (!found) return null;
  if (found.kind === 'area') {
    return { page: found.page, top: Math.round(found.rect?.y ?? 0), left: Math.round(found.rect?.x ?? 0) };
  }
  const part = found.parts[0];
  if (!part) return null;
  const spots = spotsOf(part.page) ?? [];
  const spot = spots.find(([, end]) => end > part.start);
  if (!spot) {
    const last = spots[spots.length - 1];
    return last
      ? { page: part.page, top: last[3], left: last[2] + last[4] }
      : { page: part.page, top: 0, left: part.start };
  }
  const [start, end, left, top, width] = spot;
  const within = Math.min(1, Math.max(0, (part.start - start) / Math.max(1, end - start)));
  return { page: part.page, top, left: Math.round(left + width * within) };
}

/** What `readingOrder` needs of a mark besides its position. */
export interface Orderable {
  id: string;
  createdAt: number;
  /** The page the mark was made on: orders the marks that cannot be placed. */
  pageIndex: number;
}

/**
 * THE numbering of a document's marks (issue 32 §1.1, adr/022): the workspace's list and markers,
 * the candidate's view, the carried-over check, the print view and the annotated PDF with its index
 * all number marks in this order, #1 first. Placed marks come by page, then by the top of their
 * anchor, then from the left, then by creation time and id; the marks that cannot be placed
 * (原文已删除, `position` null) follow all of them, by the page they were made on, creation and id.
 */
export function readingOrder<T extends Orderable>(
  marks: readonly T[],
  positionOf: (mark: T) => ReadingPosition | null,
): T[] {
  const keyed = marks.map((mark) => ({ mark, at: positionOf(mark) }));
  keyed.sort((a, b) => {
    if (a.at && b.at) {
      const order = a.at.page - b.at.page || a.at.top - b.at.top || a.at.left - b.at.left;
      if (order !== 0) return order;
    } else if (a.at || b.at) return a.at ? -1 : 1;
    else if (a.mark.pageIndex !== b.mark.pageIndex) return a.mark.pageIndex - b.mark.pageIndex;
    return a.mark.createdAt - b.mark.createdAt || (a.mark.id < b.mark.id ? -1 : a.mark.id > b.mark.id ? 1 : 0);
  });
  return keyed.map((item) => item.mark);
}

/** Each mark's number in `readingOrder`, from 1. */
export function numberMarks<T extends Orderable>(
  marks: readonly T[],
  positionOf: (mark: T) => ReadingPosition | null,
): Map<string, number> {
  return new Map(readingOrder(marks, positionOf).map((mark, i) => [mark.id, i + 1]));
}
