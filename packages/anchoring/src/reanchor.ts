import {
  type Anchor,
  type AnchorCandidate,
  type AnchorOptions,
  type AnchorStatus,
  locate,
  RELOCATION_DISTANCE,
} from './anchor.ts';
import type { DocumentText } from './document.ts';
import type { Selector, SpecificResource } from './model.ts';
import { placeByOldText } from './old-version.ts';
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
      /**
       * Places its text may now be, too weak or too ambiguous to be placed (可能的位置), best first,
       * each with the selectors that would describe it: the reviewer confirms one or dismisses them.
       */
      candidates: Array<AnchorCandidate & { selectors: Selector[] }>;
    };

export interface ReanchorOptions extends AnchorOptions {
  /**
   * The version the annotations' selectors were made on (the server has it when it carries them
   * over). With it, an orphan is placed on a copy of its quote where the old text around it reads
   * on unchanged, character for character, for VERBATIM_RUN units or up to the nearest annotation
   * found unchanged: that is its own text, however often the quote occurs and whatever was
   * rewritten on one side of it (`found` near where its neighbours put it, else `moved`); else on
   * the copy of the same rank between its nearest neighbours found unchanged, when its quote occurs
   * there as often in the new text as in the old (none of its copies there deleted or added).
   */
  previous?: DocumentText;
}

export interface ReanchorReport {
  /** One entry per annotation, in input order: none is ever dropped. */
  results: Reanchored[];
  counts: Record<AnchorStatus, number>;
}

/**
 * Carries annotations over to a new version of their document. Every annotation gets exactly one
 * status: `found` (the same text, in much the same surroundings, where its neighbours suggest),
 * `moved` (edited text, or the same text in new surroundings or relocated, with a confidence) or
 * `orphaned` (its text is gone; it is still listed). Pass the version the annotations were made on
 * (`previous`) when it is at hand: placements are then checked against its text (adr/017).
 */
export function reanchor(
  doc: DocumentText,
  annotations: readonly AnchorableAnnotation[],
  reanchorOptions: ReanchorOptions = {},
): ReanchorReport {
  const { previous, ...options } = reanchorOptions;
  // Walk the annotations in document order, so that the shift of text measured at unchanged
  // annotations tells where to expect the next one (edits before it move it by the same amount).
  const hints = annotations.map((annotation) => hintOf(doc, annotation.target));
  const order = annotations.map((_, i) => i).sort((a, b) => (hints[a] ?? -1) - (hints[b] ?? -1));
  const places = new Array<Anchor | null>(annotations.length).fill(null);
  const candidates = new Array<AnchorCandidate[]>(annotations.length);
  const unchanged: Array<{ index: number; shift: number }> = [];
  const recentShifts: number[] = [];
  for (const i of order) {
    const hint = hints[i];
    const expectedShift = median(recentShifts);
    const located = locate(doc, (annotations[i] as AnchorableAnnotation).target, { ...options, expectedShift });
    const place = located.anchor;
    places[i] = place;
    candidates[i] = located.candidates;
    if (place?.kind === 'text' && place.exact && place.contextSimilarity === 1 && hint !== undefined) {
      unchanged.push({ index: i, shift: place.start - hint });
      recentShifts.push(place.start - hint);
      if (recentShifts.length > SHIFT_SAMPLES) recentShifts.shift();
    }
  }
  // With the old text, every placement that is not certain is checked against it (placeByOldText).
  const gap = previous ? Number.POSITIVE_INFINITY : NEIGHBOUR_GAP;
  lookAgainBetweenNeighbours(doc, annotations, hints, places, candidates, unchanged, options, gap);
  if (previous) placeByOldText(doc, previous, annotations, places, candidates, unchanged);
  confirmShiftsWithNeighbours(places, unchanged);

  const counts: Record<AnchorStatus, number> = { found: 0, moved: 0, orphaned: 0 };
  const results = annotations.map((annotation, i): Reanchored => {
    const place = places[i] ?? null;
    if (place === null) {
      counts.orphaned++;
      const selectors = listOf(annotation.target);
      const options = (candidates[i] ?? []).map((candidate) => ({
        ...candidate,
        selectors: describeTextRange(doc, candidate.start, candidate.end) as Selector[],
      }));
      return { id: annotation.id, status: 'orphaned', confidence: 0, anchor: null, selectors, candidates: options };
    }
    counts[place.status]++;
    const selectors: Selector[] =
      place.kind === 'text' ? describeTextRange(doc, place.start, place.end) : listOf(annotation.target);
    return { id: annotation.id, status: place.status, confidence: place.confidence, anchor: place, selectors };
  });
  return { results, counts };
}

/**
 * How near (old UTF-16 units) a neighbour must be for its shift to place an orphan when the old
 * text is not at hand: farther away, edits between them make it no better a guess than the median,
 * and a deleted passage's look-alike happens to lie where it points (on other seeds of the corpus).
 * With the old text, placements are checked against it instead (see placeByOldText).
 */
const NEIGHBOUR_GAP = 512;

/**
 * The first pass expects each annotation where the median of the last few unchanged ones put
 * theirs: robust to one paragraph moved far away, but a step behind an insertion or deletion just
 * before, and blind to the unchanged annotations after it. An orphan is looked at again where its
 * nearest unchanged neighbour on each side says it is (their shift applied to its position), its
 * exact occurrences only: a short quote that occurs many times with one side of its context
 * rewritten is placed when it lies where they say (AT_HINT), the first annotation of a moved
 * paragraph when the next one in it was found there. Only neighbours within `maxGap` count.
 */
function lookAgainBetweenNeighbours(
  doc: DocumentText,
  annotations: readonly AnchorableAnnotation[],
  hints: ReadonlyArray<number | undefined>,
  places: Array<Anchor | null>,
  candidates: AnchorCandidate[][],
  unchanged: ReadonlyArray<{ index: number; shift: number }>,
  options: AnchorOptions,
  maxGap: number,
): void {
  // `unchanged` is in document order of the old positions (the order of the first pass).
  const positions = unchanged.map(({ index }) => hints[index] as number);
  annotations.forEach((annotation, i) => {
    const hint = hints[i];
    if (places[i] !== null || hint === undefined || unchanged.length === 0) return;
    let right = 0;
    let high = positions.length;
    while (right < high) {
      const mid = (right + high) >> 1;
      if ((positions[mid] as number) <= hint) right = mid + 1;
      else high = mid;
    }
    const shifts = new Set<number>();
    if (right > 0 && hint - (positions[right - 1] as number) <= maxGap) {
      shifts.add((unchanged[right - 1] as { shift: number }).shift);
    }
    if (right < unchanged.length && (positions[right] as number) - hint <= maxGap) {
      shifts.add((unchanged[right] as { shift: number }).shift);
    }
    for (const expectedShift of shifts) {
      const located = locate(doc, annotation.target, { ...options, expectedShift, exactOnly: true });
      if (located.anchor) {
        places[i] = located.anchor;
        candidates[i] = [];
        return;
      }
    }
  });
}

/**
 * An unchanged passage far from where its predecessors led us to expect it is `found` after all
 * when the annotations after it moved by as much: text was inserted or removed before all of
 * them. A paragraph moved elsewhere keeps `moved`, since most of its neighbours did not follow.
 */
function confirmShiftsWithNeighbours(
  places: Array<Anchor | null>,
  unchanged: ReadonlyArray<{ index: number; shift: number }>,
): void {
  for (let u = 0; u < unchanged.length; u++) {
    const { index, shift } = unchanged[u] as { index: number; shift: number };
    const place = places[index];
    if (place?.kind !== 'text' || place.status !== 'moved') continue;
    const around = [
      ...unchanged.slice(Math.max(0, u - NEIGHBOURS), u),
      ...unchanged.slice(u + 1, u + 1 + NEIGHBOURS),
    ].map((neighbour) => neighbour.shift);
    if (around.length > 0 && Math.abs(shift - median(around)) <= RELOCATION_DISTANCE) {
      places[index] = { ...place, status: 'found', confidence: 1 };
    }
  }
}

/** Unchanged annotations on each side whose shifts vote on whether a passage was relocated. */
const NEIGHBOURS = 4;

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
