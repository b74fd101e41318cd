import { type Anchor, type AnchorOptions, type AnchorStatus, anchor } from './anchor.ts';
import type { DocumentText } from './document.ts';
import type { Selector, SpecificResource } from './model.ts';
import { describeTextRange, selectorsOf } from './selectors.ts';

export interface AnchorableAnnotation {
  id: string;
  target: SpecificResource | readonly Selector[];
}

export type Reanchored =
  | {
      id: string;
      status: 'found' | 'moved';
      confidence: number;
      anchor: Anchor;
      /** The target described afresh in the new version, ready to be stored with it. */
      selectors: Selector[];
    }
  | {
      id: string;
      status: 'orphaned';
      confidence: 0;
      anchor: null;
      /** The old selectors, kept so that the orphan can still be shown with its quote. */
      selectors: Selector[];
    };

export interface ReanchorReport {
  /** One entry per annotation, in input order: none is ever dropped. */
  results: Reanchored[];
  counts: Record<AnchorStatus, number>;
}

/**
 * Carries annotations over to a new version of their document. Every annotation gets exactly one
 * status: `found` (the same text in much the same surroundings), `moved` (edited text, or the same
 * text in new surroundings, with a confidence) or `orphaned` (its text is gone; it is still listed).
 */
export function reanchor(
  doc: DocumentText,
  annotations: readonly AnchorableAnnotation[],
  options: AnchorOptions = {},
): ReanchorReport {
  const counts: Record<AnchorStatus, number> = { found: 0, moved: 0, orphaned: 0 };
  const results = new Array<Reanchored>(annotations.length);
  // Walk the annotations in document order, so that the shift of text measured at unchanged
  // annotations tells where to expect the next one (edits before it move it by the same amount).
  const hints = annotations.map((annotation) => hintOf(doc, annotation.target));
  const order = annotations.map((_, i) => i).sort((a, b) => (hints[a] ?? -1) - (hints[b] ?? -1));
  const recentShifts: number[] = [];
  for (const i of order) {
    const annotation = annotations[i] as AnchorableAnnotation;
    const hint = hints[i] ?? null;
    const expectedShift = median(recentShifts);
    const place = anchor(doc, annotation.target, { ...options, expectedShift });
    if (place === null) {
      counts.orphaned++;
      results[i] = {
        id: annotation.id,
        status: 'orphaned',
        confidence: 0,
        anchor: null,
        selectors: listOf(annotation.target),
      };
      continue;
    }
    counts[place.status]++;
    if (place.kind === 'text' && place.status === 'found' && hint !== null) {
      recentShifts.push(place.start - hint);
      if (recentShifts.length > SHIFT_SAMPLES) recentShifts.shift();
    }
    const selectors: Selector[] =
      place.kind === 'text' ? describeTextRange(doc, place.start, place.end) : listOf(annotation.target);
    results[i] = { id: annotation.id, status: place.status, confidence: place.confidence, anchor: place, selectors };
  }
  return { results, counts };
}

/** Recent shifts whose median is trusted: one far-moved paragraph does not mislead it. */
const SHIFT_SAMPLES = 5;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

/** The old position of a text target, in UTF-16 units of `doc`, as anchor() computes it. */
function hintOf(doc: DocumentText, target: SpecificResource | readonly Selector[]): number | undefined {
  const { position, page } = selectorsOf(target);
  if (position) return doc.fromCodePointOffset(position.start);
  if (page && page.index < doc.pageCount) return doc.toGlobalOffset(page.index, 0);
  return undefined;
}

function listOf(target: SpecificResource | readonly Selector[]): Selector[] {
  const { quote, position, page, fragment } = selectorsOf(target);
  return [quote, position, page, fragment].filter((selector) => selector !== undefined);
}
