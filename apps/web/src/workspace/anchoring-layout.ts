import type { PageRect } from '@zikao/anchoring';
import { anchor, type DocumentText, parseArea } from '@zikao/anchoring';
import { type AnnotationDto, isTextMark } from '@zikao/contract/annotation';

/** Where an annotation sits in this document, or that its text is gone. */
export type Placement =
  | {
      kind: 'text';
      parts: Array<{ page: number; start: number; end: number }>;
      status: 'found' | 'moved';
      confidence: number;
    }
  | { kind: 'area'; page: number; rect: PageRect | null }
  | { kind: 'orphan' };

/**
 * Anchors every annotation against the page texts: text marks (highlight, underline, strike-out,
 * replace, insert) by quote, position and page hint (fuzzy when the text changed); areas, notes,
 * stamps and drawn marks by their page fragment.
 */
export function placeAnnotations(doc: DocumentText, annotations: readonly AnnotationDto[]): Map<string, Placement> {
  const placements = new Map<string, Placement>();
  for (const annotation of annotations) {
    placements.set(annotation.id, place(doc, annotation));
  }
  return placements;
}

export function place(doc: DocumentText, annotation: AnnotationDto): Placement {
  if (isTextMark(annotation.kind)) {
    const result = anchor(doc, annotation.selectors);
    if (result?.kind !== 'text') return { kind: 'orphan' };
    return { kind: 'text', parts: result.parts, status: result.status, confidence: result.confidence };
  }
  const fragment = annotation.selectors.find((selector) => selector.type === 'FragmentSelector');
  const area = fragment ? parseArea(fragment.value) : null;
  if (!area || area.page >= Math.max(1, doc.pageCount)) return { kind: 'orphan' };
  return { kind: 'area', page: area.page, rect: area.rect ?? null };
}

/** The annotations to draw on each page. */
export function byPage(placements: ReadonlyMap<string, Placement>): Map<number, string[]> {
  const pages = new Map<number, string[]>();
  const add = (page: number, id: string) => {
    const list = pages.get(page);
    if (list) list.push(id);
    else pages.set(page, [id]);
  };
  for (const [id, placement] of placements) {
    if (placement.kind === 'text') for (const part of placement.parts) add(part.page, id);
    else if (placement.kind === 'area') add(placement.page, id);
  }
  return pages;
}

/**
 * Reading order, as the annotated PDF numbers its markers: by page, then from the top of the page;
 * orphans last. A highlight's height on its page is estimated from where its text starts in the
 * page text, which follows the page from top to bottom.
 */
export function readingOrder<T extends AnnotationDto>(
  annotations: readonly T[],
  placements: ReadonlyMap<string, Placement>,
  pages: ReadonlyArray<{ text: string; height: number }>,
): T[] {
  const key = (annotation: T): [number, number] => {
    const placement = placements.get(annotation.id);
    if (!placement || placement.kind === 'orphan') return [Number.MAX_SAFE_INTEGER, annotation.createdAt];
    if (placement.kind === 'area') return [placement.page, placement.rect?.y ?? 0];
    const first = placement.parts[0];
    if (!first) return [annotation.pageIndex, 0];
    const page = pages[first.page];
    const share = page && page.text.length > 0 ? first.start / page.text.length : 0;
    return [first.page, share * (page?.height || 842)];
  };
  const keyed = annotations.map((annotation) => ({ annotation, key: key(annotation) }));
  keyed.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.annotation.createdAt - b.annotation.createdAt);
  return keyed.map((item) => item.annotation);
}
