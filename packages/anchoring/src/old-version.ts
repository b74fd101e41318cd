import { type Anchor, type AnchorCandidate, anchorInPlace, RELOCATION_DISTANCE } from './anchor.ts';
import type { DocumentText } from './document.ts';
import type { AnchorableAnnotation } from './reanchor.ts';
import { CONTEXT_LENGTH, selectorsOf } from './selectors.ts';
import type { TextIndex } from './text-index.ts';

/*
 * Re-anchoring with the version the annotations were made on (ReanchorOptions.previous, adr/017):
 * its text says where an orphan's quote reads on as it did, and which old copy a placed quote is.
 */

/**
 * Verbatim runs of old text at least this long (the quote with the text around it, in body units)
 * mark the quote's own place: the longest look-alike runs on the corpus are a duplicated sentence
 * (71) and a deleted sentence's near-duplicate (60), each bounded by its sentence.
 */
export const VERBATIM_RUN = 128;
/** Copies of one quote whose runs are all read; beyond, only those within RELOCATION_DISTANCE. */
const MAX_RUN_CHECKS = 256;
/** How far runs are read when two old copies of a quote are weighed against each other. */
const OTHER_COPY_RUN = 1024;

/**
 * See ReanchorOptions.previous. Offsets here are body offsets (the author's text, furniture and
 * line breaks left out) of the old and the new version. First, an orphan is placed on the copy of
 * its quote where the old text around it reads on unchanged the longest, when that run reaches the
 * nearest annotation found unchanged or is at least VERBATIM_RUN long, else on the copy of the same
 * rank between its nearest unchanged neighbours when its quote occurs there as often in the new
 * text as in the old (placeByRank). Then every placement whose context changed (exact or edited),
 * these included, is checked against the other copies of the placed text in the old version:
 * when one of them reads on longer there, or CONTEXT_LENGTH units longer on one side,
 * the new text is that copy, and the annotated passage was deleted (a sentence repeated with a word
 * changed, then one of the two removed; two sentences ending alike, the second removed). It
 * becomes an orphan with that place as its candidate (可能的位置).
 */
export function placeByOldText(
  doc: DocumentText,
  previous: DocumentText,
  annotations: readonly AnchorableAnnotation[],
  places: Array<Anchor | null>,
  candidates: AnchorCandidate[][],
  unchanged: ReadonlyArray<{ index: number; shift: number }>,
): void {
  if (!places.some((place) => place === null || (place.kind === 'text' && place.contextSimilarity < 1))) return;
  const oldBody = previous.body;
  const newBody = doc.body;
  const oldText = oldBody.doc.text;
  const newText = newBody.doc.text;
  /** Where the annotation's quote starts in the old body, and its length there; null if it is not there. */
  const oldPlace = (target: AnchorableAnnotation['target']): [number, number] | null => {
    const { quote, position } = selectorsOf(target);
    if (!quote || !position) return null;
    const exact = oldBody.normalize(quote.exact);
    const start = oldBody.toBody(previous.fromCodePointOffset(position.start));
    return exact.length > 0 && oldText.startsWith(exact, start) ? [start, exact.length] : null;
  };
  /**
   * How far the old text before old[from, to) reads on unchanged before new offset `newFrom`, and
   * the old text after it after new offset `newTo`.
   */
  const runs = (from: number, to: number, newFrom: number, newTo: number, leftLimit: number, rightLimit: number) => {
    let left = 0;
    while (
      left < leftLimit &&
      left < from &&
      left < newFrom &&
      oldText.charCodeAt(from - left - 1) === newText.charCodeAt(newFrom - left - 1)
    ) {
      left++;
    }
    let right = 0;
    while (
      right < rightLimit &&
      to + right < oldText.length &&
      oldText.charCodeAt(to + right) === newText.charCodeAt(newTo + right)
    ) {
      right++;
    }
    return { left, right };
  };
  const neighbours: Array<{ old: number; new: number }> = [];
  for (const { index } of unchanged) {
    const place = places[index];
    const old = oldPlace((annotations[index] as AnchorableAnnotation).target);
    if (place?.kind === 'text' && old) neighbours.push({ old: old[0], new: newBody.toBody(place.start) });
  }
  neighbours.sort((a, b) => a.old - b.old);
  /** The nearest annotations found unchanged before and after old offset `start`, and where they put it. */
  const between = (start: number) => {
    let right = 0;
    let high = neighbours.length;
    while (right < high) {
      const mid = (right + high) >> 1;
      if ((neighbours[mid] as { old: number }).old <= start) right = mid + 1;
      else high = mid;
    }
    const before = neighbours[right - 1];
    const after = neighbours[right];
    // Where the neighbours put it; the nearer one's shift.
    const near = before && (!after || start - before.old <= after.old - start) ? before : after;
    return { before, after, expected: near ? start + (near.new - near.old) : start };
  };
  annotations.forEach((annotation, i) => {
    if (places[i] !== null) return;
    const old = oldPlace(annotation.target);
    if (!old) return;
    const [start, length] = old;
    const { before, after, expected } = between(start);
    // Runs are counted up to the farther of VERBATIM_RUN and the nearest neighbour on that side.
    const leftLimit = Math.max(VERBATIM_RUN, before ? start - before.old : 0);
    const rightLimit = Math.max(VERBATIM_RUN, after ? after.old - start - length : 0);
    let best = -1;
    let bestRun = 0;
    let occurrences = newBody.doc.index.occurrences(oldText.slice(start, start + length));
    // A stock phrase: only its copies near where the neighbours put it.
    if (occurrences.length > MAX_RUN_CHECKS) {
      occurrences = occurrences.filter((at) => Math.abs(at - expected) <= RELOCATION_DISTANCE);
    }
    for (const at of occurrences) {
      const run = runs(start, start + length, at, at + length, leftLimit, rightLimit);
      const reachesNeighbour =
        (before !== undefined && run.left >= start - before.old && at - run.left === before.new) ||
        (after !== undefined && run.right >= after.old - start - length && at + length + run.right === after.new);
      const total = run.left + length + run.right;
      if (
        (total >= VERBATIM_RUN || reachesNeighbour) &&
        (total > bestRun || (total === bestRun && Math.abs(at - expected) < Math.abs(best - expected)))
      ) {
        best = at;
        bestRun = total;
      }
    }
    if (best === -1) return;
    const place = anchorInPlace(doc, annotation.target, best, expected);
    if (place) {
      places[i] = place;
      candidates[i] = [];
    }
  });
  // An orphan whose quote occurs as often between its unchanged neighbours in the new version as
  // in the old is placed on the copy of the same rank there (see placeByRank).
  annotations.forEach((annotation, i) => {
    if (places[i] !== null) return;
    const old = oldPlace(annotation.target);
    if (!old) return;
    const [start, length] = old;
    const { before, after, expected } = between(start);
    const at = placeByRank(oldBody.doc.index, newBody.doc.index, start, length, before, after);
    if (at === -1) return;
    const place = anchorInPlace(doc, annotation.target, at, expected);
    if (place) {
      places[i] = place;
      candidates[i] = [];
    }
  });
  annotations.forEach((annotation, i) => {
    const place = places[i] ?? null;
    if (place?.kind !== 'text' || place.contextSimilarity === 1) return;
    const old = oldPlace(annotation.target);
    if (!old) return;
    const [start, length] = old;
    // The placed text, and how far the annotated passage's old surroundings read on around it.
    const at = newBody.toBody(place.start);
    const atEnd = newBody.toBody(place.end);
    const placed = newText.slice(at, atEnd);
    const own = runs(start, start + length, at, atEnd, OTHER_COPY_RUN, OTHER_COPY_RUN);
    let copies = oldBody.doc.index.occurrences(placed);
    if (copies.length > MAX_RUN_CHECKS) copies = copies.filter((o) => Math.abs(o - start) <= RELOCATION_DISTANCE);
    for (const other of copies) {
      if (other === start) continue;
      const run = runs(other, other + placed.length, at, atEnd, OTHER_COPY_RUN, OTHER_COPY_RUN);
      const longer = run.left + run.right > own.left + own.right;
      const splitEvidence = run.left >= own.left + CONTEXT_LENGTH || run.right >= own.right + CONTEXT_LENGTH;
      if (!longer && !splitEvidence) continue;
      places[i] = null;
      candidates[i] = [
        {
          start: place.start,
          end: place.end,
          parts: place.parts,
          text: place.text,
          confidence: place.confidence,
          similarity: place.confidence,
          exact: place.exact,
        },
      ];
      return;
    }
  });
}

/**
 * Where an orphan's quote, old[start, start + length), is in the new text when no copy of it was
 * deleted or added between its nearest neighbours found unchanged (`before`, `after`: old and new
 * body offsets; the start or end of the text when there is none): it occurs as often between them
 * in the new text as in the old, so the i-th old copy there is the i-th new copy. Its neighbouring
 * sentences on both sides may have been rewritten, which leaves it neither its stored context nor
 * a verbatim run of the old text. -1 when the counts differ (a deleted passage's copy is gone, so
 * its count drops, unless one was added between the same neighbours: then the copy of its rank is
 * mostly another old copy, which the check of placements against other old copies orphans again),
 * or when the text around the new copy comes from elsewhere in the old text: the CONTEXT_LENGTH
 * units before it, when they occur once in the old text, end at or before the annotated copy, and
 * those after it start at or after its end. (A sentence repeated with a word changed, the annotated
 * copy deleted and the other edited into its words, reads on around the other's old place.)
 */
function placeByRank(
  oldIndex: TextIndex,
  newIndex: TextIndex,
  start: number,
  length: number,
  before: { old: number; new: number } | undefined,
  after: { old: number; new: number } | undefined,
): number {
  const oldText = oldIndex.text;
  const newText = newIndex.text;
  const quote = oldText.slice(start, start + length);
  const newFrom = before ? before.new : 0;
  const newTo = after ? after.new : newText.length;
  if (newTo < newFrom) return -1;
  // Copies that start between the neighbours (inclusive), in order.
  const oldCopies = oldIndex.occurrences(quote, before ? before.old : 0, (after ? after.old : oldText.length) + length);
  const newCopies = newIndex.occurrences(quote, newFrom, newTo + length);
  if (oldCopies.length !== newCopies.length) return -1;
  const at = newCopies[oldCopies.indexOf(start)];
  if (at === undefined) return -1;
  if (at >= CONTEXT_LENGTH) {
    const from = oldIndex.occurrences(newText.slice(at - CONTEXT_LENGTH, at), 0, oldText.length, 2);
    if (from.length === 1 && (from[0] as number) + CONTEXT_LENGTH > start) return -1;
  }
  if (at + length + CONTEXT_LENGTH <= newText.length) {
    const from = oldIndex.occurrences(newText.slice(at + length, at + length + CONTEXT_LENGTH), 0, oldText.length, 2);
    if (from.length === 1 && (from[0] as number) < start + length) return -1;
  }
  return at;
}
