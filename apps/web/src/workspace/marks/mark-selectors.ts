import { type DocumentText, describeArea, describeTextRange } from '@zikao/anchoring';
import type { AnnotationInput, AnnotationShape, DrawnKind } from '@zikao/contract/annotation';
import { pointFromDom } from '../text-layer-dom.ts';
import { pointOffset, trimRange } from '../text-offsets.ts';
import { type PageSize, shapeBounds } from './draw-geometry.ts';
import { insertQuoteRange } from './text-marks.ts';
import { caretInTextLayer, textUnder } from './text-under.ts';

/** Text of more than this many characters under a drawn mark is not quoted (a whole page circled). */
const DRAWN_QUOTE_MAX = 4000;

/**
 * A drawn mark's selectors: the page fragment bounding it (PDF points, as area boxes write theirs),
 * and, when the page is rendered and there are words under it that read as the server's page
 * text, their quote and position, so the mark can be carried over by its text.
 */
export function drawnSelectors(
  doc: DocumentText | null,
  pageElement: HTMLElement | null | undefined,
  page: number,
  kind: DrawnKind,
  shape: AnnotationShape,
  size: PageSize,
): { selectors: AnnotationInput['selectors']; bounds: ReturnType<typeof shapeBounds> } {
  const bounds = shapeBounds(kind, shape, size);
  const selectors: AnnotationInput['selectors'] = [describeArea(page, bounds)];
  if (!pageElement || !doc) return { selectors, bounds };
  const scale = pageElement.getBoundingClientRect().width / size.width;
  const under = textUnder(pageElement, {
    left: bounds.x * scale,
    top: bounds.y * scale,
    width: bounds.width * scale,
    height: bounds.height * scale,
  });
  if (!under) return { selectors, bounds };
  const start = (doc.pageStarts[page] as number) + under.start;
  const trimmed = trimRange(doc.text, start, start + under.end - under.start);
  if (
    trimmed &&
    trimmed.end - trimmed.start <= DRAWN_QUOTE_MAX &&
    doc.text.slice(trimmed.start, trimmed.end).replace(/\s/g, '') === under.text.replace(/\s/g, '')
  ) {
    const [quote, position] = describeTextRange(doc, trimmed.start, trimmed.end);
    selectors.push(quote, position);
  }
  return { selectors, bounds };
}

/** The text position under a point of the window (where a click puts the caret). */
function caretAtPoint(x: number, y: number): { node: Node; offset: number } | null {
  const withPosition = document as Document & {
    caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null;
  };
  if (withPosition.caretPositionFromPoint) {
    const position = withPosition.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * The global offset of the caret a click at (x, y) puts in the document's text; 'mismatch' when
 * the text layer does not read as the server's text just before it; null away from the words.
 */
export function insertCaretAt(
  doc: DocumentText,
  pageElement: HTMLElement | null | undefined,
  x: number,
  y: number,
): number | 'mismatch' | null {
  const spot = (pageElement ? caretInTextLayer(pageElement, x, y) : null) ?? caretAtPoint(x, y);
  if (!spot) return null;
  const point = pointFromDom(spot.node, spot.offset, true);
  if (!point) return null;
  const caretAt = (doc.pageStarts[point.page] as number) + pointOffset(point);
  const before =
    spot.node.nodeType === Node.TEXT_NODE ? (spot.node as Text).data.slice(0, spot.offset).trim().at(-1) : undefined;
  const range = insertQuoteRange(doc.text, caretAt);
  if (before && range && doc.text.slice(range.start, range.end).at(-1) !== before) return 'mismatch';
  return caretAt;
}
