import {
  anchorMark,
  type DocumentText,
  type PageRect,
  readingPosition,
  readingOrder as sharedReadingOrder,
} from '@zikao/anchoring';
import { type AnnotationDto, isTextMark } from '@zikao/contract/annotation';
import type { DocumentPage } from '@zikao/contract/document';

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
  // The rule the annotated PDF places by (anchorMark): a drawn mark whose words are gone is an
  // orphan, listed as 原文已删除, not drawn over the new text (issue 32 §2.8).
  const found = anchorMark(doc, { textMark: isTextMark(annotation.kind), selectors: annotation.selectors });
  if (!found) return { kind: 'orphan' };
  if (found.kind === 'text') {
    return { kind: 'text', parts: found.parts, status: found.status, confidence: found.confidence };
  }
  return { kind: 'area', page: found.page, rect: found.rect ?? null };
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
 * The one numbering (`readingOrder` in @zikao/anchoring, issue 32 §1.1): by page, then the top of
 * the anchor, then from the left, creation and id; orphans last. A text mark's place on its page
 * is read from the page's text runs (`spots`), as the annotated PDF reads them.
 */
export function readingOrder<T extends AnnotationDto>(
  annotations: readonly T[],
  placements: ReadonlyMap<string, Placement>,
  pages: ReadonlyArray<Pick<DocumentPage, 'spots'>>,
): T[] {
  return sharedReadingOrder(annotations, (annotation) => {
    const placement = placements.get(annotation.id);
    if (!placement || placement.kind === 'orphan') return null;
    return readingPosition(placement, (page) => pages[page]?.spots);
  });
}
