import {
  type FragmentSelector,
  type PagePart,
  PDF_FRAGMENT_SPEC,
  parseArea,
  type Selector,
  selectorsOf,
} from '@zikao/anchoring';
import type { AnnotationShape } from '@zikao/contract';
import type { ItemBox } from '../../documents/document/pdf-worker.ts';

/** A page of a document as the carry-over moves drawn marks on it: its size in points and its text boxes. */
export interface PageBoxes {
  width: number;
  height: number;
  boxes: readonly ItemBox[];
}

/** A point on a page as fractions of its width and height from its top-left corner. */
export interface PagePoint {
  page: number;
  x: number;
  y: number;
}

/**
 * Where the text at a page-local offset begins: the left edge of its character on the baseline of
 * its line, as fractions of the page from the top-left corner (PDF y grows upwards, hence 1 − y/h).
 * Null when the page or no text box holding the offset is known.
 */
export function textPoint(pages: readonly PageBoxes[], part: PagePart): PagePoint | null {
  const page = pages[part.page];
  if (!page || page.width <= 0 || page.height <= 0) return null;
  for (const [start, end, x, y, width] of page.boxes) {
    if (part.start < start || part.start >= end) continue;
    const left = x + (width * (part.start - start)) / Math.max(1, end - start);
    return { page: part.page, x: left / page.width, y: 1 - y / page.height };
  }
  return null;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The shape with every point moved by (dx, dy) page fractions, kept on the page; pressure kept. */
export function displaceShape(shape: AnnotationShape, dx: number, dy: number): AnnotationShape {
  return {
    ...shape,
    strokes: shape.strokes.map((stroke) =>
      stroke.map(([x = 0, y = 0, ...pressure]) => [round(clamp(x + dx)), round(clamp(y + dy)), ...pressure]),
    ),
  };
}

/**
 * A drawn mark's page fragment moved by (dx, dy) page fractions onto `toPage` (0-based): the
 * viewrect, in PDF points from the top-left corner, is converted through fractions so that it
 * follows the mark onto a page of another size too.
 */
export function displaceFragment(
  fragment: FragmentSelector,
  from: PageBoxes | undefined,
  toPage: number,
  to: PageBoxes | undefined,
  dx: number,
  dy: number,
): FragmentSelector {
  const area = parseArea(fragment.value);
  let value = `page=${toPage + 1}`;
  if (area?.rect && from && to && from.width > 0 && from.height > 0) {
    const left = clamp(area.rect.x / from.width + dx);
    const top = clamp(area.rect.y / from.height + dy);
    const width = Math.min(area.rect.width / from.width, 1 - left);
    const height = Math.min(area.rect.height / from.height, 1 - top);
    const points = [left * to.width, top * to.height, width * to.width, height * to.height];
    value += `&viewrect=${points.map((n) => String(Math.round(n * 100) / 100)).join(',')}`;
  } else if (area?.rect) {
    const { x, y, width, height } = area.rect;
    value += `&viewrect=${[x, y, width, height].join(',')}`;
  }
  return { type: 'FragmentSelector', conformsTo: PDF_FRAGMENT_SPEC, value };
}

/**
 * A carried drawn mark whose text was found again: its new selectors (the text ones as re-anchored,
 * plus its page fragment moved by as much as the text moved) and its moved shape. `oldPart` and
 * `newPart` are where the text under it starts in the old and the new version.
 */
export function followText(input: {
  oldSelectors: readonly Selector[];
  newTextSelectors: readonly Selector[];
  shape: AnnotationShape;
  oldPages: readonly PageBoxes[];
  newPages: readonly PageBoxes[];
  oldPart: PagePart | undefined;
  newPart: PagePart;
}): { selectors: Selector[]; shape: AnnotationShape; pageIndex: number } {
  const fragment = selectorsOf(input.oldSelectors).fragment;
  const before = input.oldPart ? textPoint(input.oldPages, input.oldPart) : null;
  const after = textPoint(input.newPages, input.newPart);
  const oldPage = fragment ? (parseArea(fragment.value)?.page ?? 0) : 0;
  // Without the geometry of both places the mark stays where it was on the page of its text.
  const dx = before && after ? after.x - before.x : 0;
  const dy = before && after ? after.y - before.y : 0;
  const page = input.newPart.page;
  const selectors = [...input.newTextSelectors];
  if (fragment) {
    selectors.push(displaceFragment(fragment, input.oldPages[oldPage], page, input.newPages[page], dx, dy));
  }
  return { selectors, shape: displaceShape(input.shape, dx, dy), pageIndex: page };
}
