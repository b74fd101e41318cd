import { codePointsAfter, codePointsBefore, type DocumentText } from './document.ts';
import {
  type FragmentSelector,
  type PageRect,
  type PageSelector,
  PDF_FRAGMENT_SPEC,
  type Selector,
  type SpecificResource,
  type TextPositionSelector,
  type TextQuoteSelector,
} from './model.ts';

/** Code points of context kept on each side of a quote. */
export const CONTEXT_LENGTH = 32;

/**
 * Describes the selection [start, end) of a document (global UTF-16 offsets, as a text layer
 * reports them) by a quote with context, a code-point position and a page hint. The selection may
 * run across page breaks. Offsets inside a surrogate pair are widened to whole characters. The
 * quote and context are the document's body text (DocumentText.body); the position counts code
 * points of the document's own text, as a W3C consumer extracting it would.
 */
export function describeTextRange(
  doc: DocumentText,
  start: number,
  end: number,
): [TextQuoteSelector, TextPositionSelector, PageSelector] {
  if (!(start >= 0 && end >= start && end <= doc.length)) {
    throw new RangeError(`range ${start}–${end} is outside the document (length ${doc.length})`);
  }
  const from = doc.snapStart(start);
  const to = doc.snapEnd(end);
  // The quote and its context come from the body (the author's text: no running headers, footers,
  // page numbers or line breaks); a selection of furniture alone is quoted as it stands.
  const body = doc.body;
  const bodyStart = body.toBody(from);
  const bodyEnd = body.toBody(to);
  const source = bodyEnd > bodyStart ? body.doc : doc;
  const [quoteFrom, quoteTo] = bodyEnd > bodyStart ? [bodyStart, bodyEnd] : [from, to];
  const text = source.text;
  const quote: TextQuoteSelector = {
    type: 'TextQuoteSelector',
    exact: text.slice(quoteFrom, quoteTo),
    prefix: codePointsBefore(text, quoteFrom, CONTEXT_LENGTH),
    suffix: codePointsAfter(text, quoteTo, CONTEXT_LENGTH),
  };
  const position: TextPositionSelector = {
    type: 'TextPositionSelector',
    start: doc.toCodePointOffset(from),
    end: doc.toCodePointOffset(to),
  };
  const page: PageSelector = { type: 'PageSelector', index: doc.pageAt(from) };
  const lastPage = to > from ? doc.pageAt(to - 1) : page.index;
  if (lastPage !== page.index) page.endIndex = lastPage;
  return [quote, position, page];
}

/** A page (0-based) or an area of it, as an RFC 3778 fragment: `page=3&viewrect=left,top,width,height`. */
export function describeArea(page: number, rect?: PageRect): FragmentSelector {
  if (!Number.isInteger(page) || page < 0) throw new RangeError(`page ${page} is not a page index`);
  let value = `page=${page + 1}`;
  if (rect) value += `&viewrect=${[rect.x, rect.y, rect.width, rect.height].map(formatPoints).join(',')}`;
  return { type: 'FragmentSelector', conformsTo: PDF_FRAGMENT_SPEC, value };
}

function formatPoints(points: number): string {
  if (!Number.isFinite(points)) throw new RangeError(`${points} is not a length in points`);
  return String(Math.round(points * 100) / 100);
}

export interface PageArea {
  /** 0-based page index. */
  page: number;
  rect?: PageRect;
}

/** Reads a fragment written by `describeArea`; also accepts the media-fragment spelling `xywh=`. */
export function parseArea(value: string): PageArea | null {
  const params = new URLSearchParams(value.startsWith('#') ? value.slice(1) : value);
  const page = Number(params.get('page'));
  if (!Number.isInteger(page) || page < 1) return null;
  const area: PageArea = { page: page - 1 };
  const rect = params.get('viewrect') ?? params.get('xywh');
  if (rect !== null) {
    const numbers = rect.split(',').map(Number);
    if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return null;
    const [x, y, width, height] = numbers as [number, number, number, number];
    area.rect = { x, y, width, height };
  }
  return area;
}

/** The selectors of a target, sorted by kind. W3C allows one selector or a list of equivalent ones. */
export interface TargetSelectors {
  quote?: TextQuoteSelector;
  position?: TextPositionSelector;
  page?: PageSelector;
  fragment?: FragmentSelector;
}

export function selectorsOf(target: SpecificResource | Selector | readonly Selector[]): TargetSelectors {
  const list = Array.isArray(target)
    ? target
    : 'source' in target
      ? Array.isArray(target.selector)
        ? target.selector
        : [target.selector]
      : [target];
  const found: TargetSelectors = {};
  for (const selector of list as Selector[]) {
    if (selector.type === 'TextQuoteSelector') found.quote ??= selector;
    else if (selector.type === 'TextPositionSelector') found.position ??= selector;
    else if (selector.type === 'PageSelector') found.page ??= selector;
    else if (selector.type === 'FragmentSelector') found.fragment ??= selector;
  }
  return found;
}
