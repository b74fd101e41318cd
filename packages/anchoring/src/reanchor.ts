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
 * status: `found` (quote and context unchanged), `moved` (found elsewhere or in edited text, with
 * a confidence) or `orphaned` (its text is gone; it is still listed).
 */
export function reanchor(
  doc: DocumentText,
  annotations: readonly AnchorableAnnotation[],
  options: AnchorOptions = {},
): ReanchorReport {
  const counts: Record<AnchorStatus, number> = { found: 0, moved: 0, orphaned: 0 };
  const results = annotations.map((annotation): Reanchored => {
    const place = anchor(doc, annotation.target, options);
    if (place === null) {
      counts.orphaned++;
      return {
        id: annotation.id,
        status: 'orphaned',
        confidence: 0,
        anchor: null,
        selectors: listOf(annotation.target),
      };
    }
    counts[place.status]++;
    const selectors: Selector[] =
      place.kind === 'text' ? describeTextRange(doc, place.start, place.end) : listOf(annotation.target);
    return { id: annotation.id, status: place.status, confidence: place.confidence, anchor: place, selectors };
  });
  return { results, counts };
}

function listOf(target: SpecificResource | readonly Selector[]): Selector[] {
  const { quote, position, page, fragment } = selectorsOf(target);
  return [quote, position, page, fragment].filter((selector) => selector !== undefined);
}
