import type { DocumentText, PagePart } from './document.ts';
import { farCandidates } from './far-search.ts';
import type { Selector, SpecificResource } from './model.ts';
import { type Candidate, QuoteMatcher } from './quote-matcher.ts';
import { type PageArea, parseArea, selectorsOf } from './selectors.ts';

/**
 * Below this confidence a fuzzy match is not trusted and the annotation is orphaned. With the
 * weights of QuoteMatcher.score, a 30-character quote passes with up to half its characters edited
 * if its context is intact (0.76), but with at most 3 edits once its context is rewritten. On
 * unrelated text made from the benchmark's phrase bank, the best fuzzy match of a quote scores a
 * median of about 0.35 and a 99th percentile of about 0.5 (`unrelated_*` in `npm run bench:anchoring`).
 */
export const DEFAULT_THRESHOLD = 0.55;

/**
 * Share of the prefix and suffix that must still align for an exact quote to count as `found`
 * rather than `moved`: a word changed nearby does not move a highlight, a new passage does.
 */
export const FOUND_CONTEXT = 0.75;

/** Above this confidence the search stops widening: nothing farther can plausibly do better. */
const GOOD_ENOUGH = 0.8;
/** How much better a fuzzy match must score to replace an exact occurrence of the quote. */
const EXACT_BONUS = 0.05;
/**
 * How far from its (shift-corrected) position hint the exact quote may lie and still count as in
 * place: farther away it was relocated, so `moved`. Also the widest window searched near the hint.
 */
export const RELOCATION_DISTANCE = 4096;
/** Half-widths of the windows searched around the position hint, in UTF-16 units. */
const LOCAL_RADII = [384, RELOCATION_DISTANCE];
/** A fuzzy match this good in the near window ends the local search. */
const STOP_WIDENING = 0.6;
const CANDIDATES_SCORED = 48;
/** Exact occurrences whose context is aligned approximately, nearest to the hint first. */
const EXACT_SCORED = 32;

export type AnchorStatus = 'found' | 'moved' | 'orphaned';

export interface TextAnchor {
  kind: 'text';
  /**
   * `found`: the exact quote, in surroundings that still largely match (FOUND_CONTEXT), near its
   * position hint (RELOCATION_DISTANCE); `moved`: edited text (fuzzy match), or the exact quote
   * in surroundings that changed or relocated far away.
   */
  status: 'found' | 'moved';
  /** Global UTF-16 offsets of the anchored text. */
  start: number;
  end: number;
  /** The anchored text per page, in page-local UTF-16 offsets: several parts across page breaks. */
  parts: PagePart[];
  text: string;
  /** 0–1: how well quote, prefix, suffix and position agree. 1 for an unchanged quote in place. */
  confidence: number;
  /** Whether the text equals the quote exactly. */
  exact: boolean;
  /** Share (0–1) of the stored prefix and suffix that still surround the text. */
  contextSimilarity: number;
}

export interface AreaAnchor extends PageArea {
  kind: 'area';
  status: 'found';
  confidence: 1;
}

export type Anchor = TextAnchor | AreaAnchor;

export interface AnchorOptions {
  /** Minimum confidence of a fuzzy match (default DEFAULT_THRESHOLD). */
  threshold?: number;
  /**
   * How far text around the target is expected to have moved in this version, in UTF-16 units,
   * e.g. learned from neighbouring annotations (reanchor does this). Added to the position hint.
   */
  expectedShift?: number;
}

/**
 * Anchors a target (its selectors) in a document: returns where it is now, or null when its text
 * is gone. Text targets are matched exactly first, then approximately; areas need their page.
 */
export function anchor(
  doc: DocumentText,
  target: SpecificResource | readonly Selector[],
  options: AnchorOptions = {},
): Anchor | null {
  const { quote, position, page, fragment } = selectorsOf(target);
  if (quote) {
    let hint: number | null = null;
    if (position) hint = doc.fromCodePointOffset(position.start);
    else if (page && page.index < doc.pageCount) hint = doc.toGlobalOffset(page.index, 0);
    if (hint !== null) hint += options.expectedShift ?? 0;
    const matcher = new QuoteMatcher(doc, quote.exact, quote.prefix ?? '', quote.suffix ?? '', hint);
    const best = findBest(matcher, options.threshold ?? DEFAULT_THRESHOLD);
    return best && toTextAnchor(matcher, best);
  }
  if (fragment) {
    const area = parseArea(fragment.value);
    if (!area || area.page >= doc.pageCount) return null;
    return { kind: 'area', status: 'found', confidence: 1, ...area };
  }
  return null;
}

function findBest(matcher: QuoteMatcher, threshold: number): Candidate | null {
  const { doc, exact, hint } = matcher;
  const m = exact.length;
  if (m === 0) return null;
  const text = doc.text;

  // 1. Unchanged at the position hint: the common case, decided by two string comparisons.
  if (hint !== null && text.startsWith(exact, hint) && matcher.hasExactContext(hint, hint + m)) {
    return matcher.score(hint, hint + m, 0);
  }

  // 2. Every exact occurrence, from the bigram index. An unchanged context settles it; otherwise
  //    the nearest occurrences have their context aligned approximately.
  const occurrences = doc.index.occurrences(exact);
  let bestExact: Candidate | null = null;
  let nearestIntact = -1;
  for (const start of occurrences) {
    if (matcher.hasExactContext(start, start + m) && closer(start, nearestIntact, hint)) nearestIntact = start;
  }
  if (nearestIntact !== -1) return matcher.score(nearestIntact, nearestIntact + m, 0);
  if (occurrences.length > 0) {
    for (const start of nearest(occurrences, hint ?? 0, EXACT_SCORED)) {
      bestExact = better(bestExact, matcher.score(start, start + m, 0));
    }
    if (bestExact && bestExact.confidence >= GOOD_ENOUGH) return bestExact;
  }

  // 3. Approximate matches near the hint, then anywhere in the document.
  let bestFuzzy: Candidate | null = null;
  if (m >= 3 && hint !== null) {
    // The nearer window first: with the shift learned from neighbours, edited quotes lie close by.
    for (const radius of LOCAL_RADII) {
      const from = Math.max(0, hint - radius);
      const to = Math.min(text.length, hint + m + radius);
      for (const candidate of matcher.fuzzyCandidates(from, to, m >> 1, CANDIDATES_SCORED)) {
        bestFuzzy = better(bestFuzzy, candidate);
      }
      if (bestFuzzy && bestFuzzy.confidence >= STOP_WIDENING) break;
    }
  }
  // Far away only when nothing acceptable is near: text that both moved and changed is rare.
  if (m >= 8 && (bestFuzzy === null || bestFuzzy.confidence < threshold)) {
    for (const candidate of farCandidates(matcher, CANDIDATES_SCORED)) bestFuzzy = better(bestFuzzy, candidate);
  }

  // An exact quote near where it was is the annotation's own text even when its context was
  // rewritten; anything else must reach the threshold. Exact quotes win near-ties.
  const accepted = (c: Candidate | null): c is Candidate =>
    c !== null && (c.confidence >= threshold || (isExact(c, m) && nearHint(c, hint)));
  const exactKey = bestExact ? bestExact.confidence + EXACT_BONUS : Number.NEGATIVE_INFINITY;
  if (accepted(bestFuzzy) && (!accepted(bestExact) || bestFuzzy.confidence > exactKey)) return bestFuzzy;
  return accepted(bestExact) ? bestExact : null;
}

function isExact(candidate: Candidate, m: number): boolean {
  return candidate.quoteErrors === 0 && candidate.end - candidate.start === m;
}

function nearHint(candidate: Candidate, hint: number | null): boolean {
  return hint !== null && Math.abs(candidate.start - hint) <= RELOCATION_DISTANCE;
}

/** The `count` values of an ascending list nearest to `target`, walking outwards from it. */
function nearest(sorted: readonly number[], target: number, count: number): number[] {
  let right = 0;
  let high = sorted.length;
  while (right < high) {
    const mid = (right + high) >> 1;
    if ((sorted[mid] as number) < target) right = mid + 1;
    else high = mid;
  }
  let left = right - 1;
  const result: number[] = [];
  while (result.length < count && (left >= 0 || right < sorted.length)) {
    const takeLeft =
      right >= sorted.length || (left >= 0 && target - (sorted[left] as number) <= (sorted[right] as number) - target);
    result.push(sorted[takeLeft ? left-- : right++] as number);
  }
  return result;
}

function closer(start: number, current: number, hint: number | null): boolean {
  if (current === -1) return true;
  if (hint === null) return false;
  return Math.abs(start - hint) < Math.abs(current - hint);
}

function better(current: Candidate | null, candidate: Candidate): Candidate {
  return current === null || candidate.confidence > current.confidence ? candidate : current;
}

function toTextAnchor(matcher: QuoteMatcher, best: Candidate): TextAnchor {
  const { doc, exact } = matcher;
  const text = doc.text.slice(best.start, best.end);
  const isExact = text === exact;
  const inPlace = matcher.hint === null || Math.abs(best.start - matcher.hint) <= RELOCATION_DISTANCE;
  const found = isExact && inPlace && best.contextSimilarity >= FOUND_CONTEXT;
  return {
    kind: 'text',
    status: found ? 'found' : 'moved',
    start: best.start,
    end: best.end,
    parts: doc.pageParts(best.start, best.end),
    text,
    // Unchanged quote and context where expected: certain.
    confidence: found && best.contextErrors === 0 ? 1 : Math.round(best.confidence * 1000) / 1000,
    exact: isExact,
    contextSimilarity: Math.round(best.contextSimilarity * 1000) / 1000,
  };
}
