import { anchor, type DocumentText, parseArea, selectorsOf } from '@zikao/anchoring';
import { type AnnotationDto, isDrawnMark } from '@zikao/contract/annotation';
import type { Region, ScoredAnnotation } from './scoring.ts';

/**
 * Where an annotation lies in the attempt's text, for scoring. Highlights are anchored on the
 * server's page texts (the quote, placed by its position, so the same words elsewhere in the
 * thesis are not taken for it), and so are the other text marks (underline, strike-out, replace,
 * insert: issue 24); area boxes are boxes, notes and stamps pins, a note with no spot covers its
 * page. Drawn marks (pen, line, arrow, ellipse) are boxes too: their page fragment's viewrect,
 * their bounding box, even when they carry the text under them (adr/023). An attempt's document
 * is a copy of the reference document, so both sides are anchored on the same text.
 */
export function regionOf(annotation: Pick<AnnotationDto, 'kind' | 'selectors'>, doc: DocumentText): Region {
  if (isDrawnMark(annotation.kind)) {
    const fragment = selectorsOf(annotation.selectors).fragment;
    const area = fragment ? parseArea(fragment.value) : null;
    if (!area?.rect || area.page >= doc.pageCount) return { kind: 'none' };
    return { kind: 'box', page: area.page, rect: area.rect };
  }
  const found = anchor(doc, annotation.selectors);
  if (!found) return { kind: 'none' };
  if (found.kind === 'text')
    return found.end > found.start ? { kind: 'text', start: found.start, end: found.end } : { kind: 'none' };
  if (!found.rect) return { kind: 'page', page: found.page };
  return { kind: annotation.kind === 'area' ? 'box' : 'pin', page: found.page, rect: found.rect };
}

export const toScored = (annotation: AnnotationDto, doc: DocumentText): ScoredAnnotation => ({
  id: annotation.id,
  category: annotation.category,
  region: regionOf(annotation, doc),
});
