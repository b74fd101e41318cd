import type { DocumentText, PagePart } from './document.ts';
import { farCandidates } from './far-search.ts';
import type { Selector, SpecificResource } from './model.ts';
import { type Candidate, QuoteMatcher } from './quote-matcher.ts';
import { type PageArea, parseArea, selectorsOf } from './selectors.ts';

/**
 * Below this confidence an edited (fuzzy) match is not trusted and the annotation is orphaned. With
 * the weights of QuoteMatcher.score, a 30-character quote passes with up to half its characters
 * edited if its context is intact (0.76), but with at most 3 edits once its context is rewritten. On
 * unrelated text made from the benchmark's phrase bank, the best fuzzy match of a quote scores a
 * median of about 0.35 and a 99th percentile of about 0.5 (`unrelated_*` in `npm run bench:anchoring`).
 */
export const DEFAULT_THRESHOLD = 0.55;

/**
 * Share of the prefix and suffix that must still align for an exact quote to count as `found`
 * rather than `moved`: a word changed nearby does not move a highlight, a new passage does.
 */
export const FOUND_CONTEXT = 0.75;

/**
 * What a placement needs besides its quote. Text that matches without its context is other text
 * that looks alike (a deleted reference entry on another reference, a stock phrase elsewhere, the
 * near-duplicate of a deleted sentence): an orphan with candidates, never a placement. An exact
 * quote is placed when at least FOUND_CONTEXT of its prefix and suffix still align, or when one
 * side of its context (ONE_SIDE_MIN units or more) is intact, at least PLACE_CONTEXT of the context
 * aligns, and the quote and the intact side together run to VERBATIM_MIN units: a paragraph moved
 * elsewhere keeps the context inside it. See also UNIQUE_QUOTE_MIN, AMBIGUOUS_CONTEXT and
 * EDITED_QUOTE_SIMILARITY below.
 */
export const PLACE_CONTEXT = 0.5;
export const ONE_SIDE_MIN = 8;
export const VERBATIM_MIN = 24;
/**
 * An edited quote placed with one side of its context intact must keep this share of its characters
 * and differ by at most ONE_SIDE_MAX_EDITS (a few characters, punctuation, a word).
 */
export const ONE_SIDE_QUOTE_SIMILARITY = 0.8;
export const ONE_SIDE_MAX_EDITS = 3;

/**
 * An edited (fuzzy) match is placed only with FOUND_CONTEXT of its context and at least this share
 * of the quote's own characters: another reference entry or a near-duplicate sentence is not it.
 */
export const EDITED_QUOTE_SIMILARITY = 0.7;

/**
 * An exact quote at least UNIQUE_QUOTE_MIN long that occurs once in the document, within
 * RELOCATION_DISTANCE of where it was expected, is placed with UNIQUE_CONTEXT of its context: its
 * neighbouring sentences may have been rewritten. Measured on the corpus, a deleted sentence's
 * near-duplicate keeps 0.1–0.41 of the deleted one's context, an unchanged sentence 0.44–0.88.
 */
export const UNIQUE_QUOTE_MIN = 9;
export const UNIQUE_CONTEXT = 0.45;

/**
 * An exact quote shorter than VERBATIM_MIN that occurs more than once, found farther than
 * NEAR_DISTANCE from where it was expected, is placed only with AMBIGUOUS_CONTEXT of its context, and one with only one side of its
 * context intact only when it occurs at most MANY_OCCURRENCES times (once when shorter than
 * SHORT_QUOTE); otherwise it is an orphan with candidates.
 */
export const MANY_OCCURRENCES = 2;
/** Within this many units of its (shift-corrected) position hint, a match is where its neighbours say it is. */
export const AT_HINT = 32;
export const AMBIGUOUS_CONTEXT = 0.8;

/** Edited quotes shorter than SHORT_QUOTE are placed only within this many units of where they were expected. */
export const NEAR_DISTANCE = 256;

/**
 * Edited quotes shorter than this (UTF-16 units) are placed only in place: within NEAR_DISTANCE
 * and with FOUND_CONTEXT of their context. Too much text looks like them anywhere else.
 */
export const SHORT_QUOTE = 12;

/**
 * An edited quote found farther than RELOCATION_DISTANCE from where it was expected must keep at
 * least this share of its own characters (1 − quote edits / length): moved and edited is rare,
 * a weak match far away is a deleted passage's look-alike.
 */
export const FAR_QUOTE_SIMILARITY = 0.85;

/** Rejected matches at least this similar (textSimilarity) are offered for orphans as 可能的位置. */
export const CANDIDATE_MIN = 0.4;
/** At most this many candidates per orphan. */
export const MAX_CANDIDATES = 3;

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
  /**
   * Lowest textSimilarity of a rejected match offered as a candidate (default CANDIDATE_MIN). The
   * benchmark's calibration passes 0 to see how well noise matches at best.
   */
  candidateMin?: number;
  /**
   * Only the quote's exact occurrences are weighed, no approximate matches: reanchor's second look
   * at an orphan, with the position its nearest unchanged neighbours give (see reanchor).
   */
  exactOnly?: boolean;
}

/** A place the text may now be, not trusted enough to place the annotation: for the reviewer to confirm. */
export interface AnchorCandidate {
  start: number;
  end: number;
  parts: PagePart[];
  text: string;
  /** textSimilarity lowered for distance, as for placements. */
  confidence: number;
  /** How much of quote and context agree there (textSimilarity), before distance. */
  similarity: number;
  /** Whether the text equals the quote. Exact candidates come first, then the best of the rest. */
  exact: boolean;
}

export interface Located {
  anchor: Anchor | null;
  /** For an orphaned text target: the best rejected matches (可能的位置), best first; otherwise empty. */
  candidates: AnchorCandidate[];
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
  return locate(doc, target, options).anchor;
}

/**
 * Like anchor, and for a text target that is orphaned, the places it may be (candidates). Matching
 * runs on the document's body (page furniture and line breaks left out); offsets are the document's.
 */
export function locate(
  doc: DocumentText,
  target: SpecificResource | readonly Selector[],
  options: AnchorOptions = {},
): Located {
  const { quote, position, page, fragment } = selectorsOf(target);
  if (quote) {
    let rawHint: number | null = null;
    if (position) rawHint = doc.fromCodePointOffset(position.start);
    else if (page && page.index < doc.pageCount) rawHint = doc.toGlobalOffset(page.index, 0);
    if (rawHint !== null) rawHint = Math.min(Math.max(0, rawHint + (options.expectedShift ?? 0)), doc.length);
    // Unchanged where it was: read off the raw text, without building the body (the common case).
    const prefix = quote.prefix ?? '';
    const suffix = quote.suffix ?? '';
    if (rawHint !== null && !BREAK.test(quote.exact) && !BREAK.test(prefix) && !BREAK.test(suffix)) {
      const at = doc.exactAt(rawHint, quote.exact, prefix, suffix);
      if (at !== null) return { anchor: unchangedAnchor(doc, at[0], at[1], quote.exact), candidates: [] };
    }
    const body = doc.body;
    const exact = body.normalize(quote.exact);
    const hint = rawHint === null ? null : body.toBody(rawHint);
    const matcher = new QuoteMatcher(body, exact, body.normalize(prefix), body.normalize(suffix), hint);
    const rejected: Candidate[] = [];
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const best = exact.length > 0 ? findBest(matcher, threshold, rejected, options.exactOnly === true) : null;
    if (best) return { anchor: toTextAnchor(matcher, best), candidates: [] };
    // A selection of the furniture (or line breaks) alone is quoted as it stands: it is kept on
    // the same raw text where that text is still furniture only, at the hint or else the first.
    const at = body.identity ? -1 : furnitureOccurrence(doc, quote.exact, rawHint);
    if (at !== -1) return { anchor: unchangedAnchor(doc, at, at + quote.exact.length, quote.exact), candidates: [] };
    return { anchor: null, candidates: toCandidates(matcher, rejected, options.candidateMin ?? CANDIDATE_MIN) };
  }
  if (fragment) {
    const area = parseArea(fragment.value);
    if (!area || area.page >= doc.pageCount) return { anchor: null, candidates: [] };
    return { anchor: { kind: 'area', status: 'found', confidence: 1, ...area }, candidates: [] };
  }
  return { anchor: null, candidates: [] };
}

/**
 * The target's quote at body offset `start` of `doc`, where reanchor found it by the old version's
 * text (see ReanchorOptions.previous), scored against its stored context with `expected` (a body
 * offset) as its position hint: `found` within RELOCATION_DISTANCE of it, `moved` farther away.
 * Null when the quote is not there.
 */
export function anchorInPlace(
  doc: DocumentText,
  target: SpecificResource | readonly Selector[],
  start: number,
  expected: number,
): TextAnchor | null {
  const { quote } = selectorsOf(target);
  if (!quote) return null;
  const body = doc.body;
  const exact = body.normalize(quote.exact);
  if (exact.length === 0 || !body.doc.text.startsWith(exact, start)) return null;
  const prefix = body.normalize(quote.prefix ?? '');
  const suffix = body.normalize(quote.suffix ?? '');
  const matcher = new QuoteMatcher(body, exact, prefix, suffix, expected);
  const place = toTextAnchor(matcher, matcher.score(start, start + exact.length, 0));
  return { ...place, status: Math.abs(start - expected) <= RELOCATION_DISTANCE ? 'found' : 'moved' };
}

const BREAK = /[\n\r]/;

/** The quote unchanged, in unchanged context, at [start, end) of the document: certain. */
function unchangedAnchor(doc: DocumentText, start: number, end: number, text: string): TextAnchor {
  return {
    kind: 'text',
    status: 'found',
    start,
    end,
    parts: doc.partsWithoutFurniture(start, end),
    text,
    confidence: 1,
    exact: true,
    contextSimilarity: 1,
  };
}

/** Where `raw` occurs in `doc` on furniture alone (no body character): at `hint` if there, else the first such place. */
function furnitureOccurrence(doc: DocumentText, raw: string, hint: number | null): number {
  if (raw.length === 0) return -1;
  const body = doc.body;
  const furnitureOnly = (at: number) => body.toBody(at) === body.toBody(at + raw.length);
  if (hint !== null && doc.text.startsWith(raw, hint) && furnitureOnly(hint)) return hint;
  if (/^[\n\r]+$/.test(raw)) {
    // Line breaks alone: they are everywhere, the first that is not read as a space will do.
    for (let at = doc.text.indexOf(raw); at !== -1; at = doc.text.indexOf(raw, at + 1)) {
      if (furnitureOnly(at)) return at;
    }
    return -1;
  }
  // Otherwise only text at furniture can be furniture alone: each stretch of furniture (ranges apart by no
  // more than line breaks), with the line breaks around it, is searched on its own.
  const ranges = doc.furnitureRanges;
  const text = doc.text;
  for (let i = 0; i < ranges.length; ) {
    const first = ranges[i] as number;
    let last = ranges[i + 1] as number;
    i += 2;
    while (i < ranges.length && (ranges[i] as number) - last <= 2) {
      last = ranges[i + 1] as number;
      i += 2;
    }
    const from = Math.max(0, first - 2);
    const stretch = text.slice(from, Math.min(text.length, last + 2));
    for (let k = stretch.indexOf(raw); k !== -1; k = stretch.indexOf(raw, k + 1)) {
      if (furnitureOnly(from + k)) return from + k;
    }
  }
  return -1;
}

function findBest(
  matcher: QuoteMatcher,
  threshold: number,
  rejected: Candidate[],
  exactOnly: boolean,
): Candidate | null {
  const { doc, exact, hint } = matcher;
  const m = exact.length;
  const text = doc.text;

  // 1. Unchanged at the position hint: the common case, decided by two string comparisons.
  if (hint !== null && text.startsWith(exact, hint) && matcher.hasExactContext(hint, hint + m)) {
    return matcher.score(hint, hint + m, 0);
  }

  // 2. Every exact occurrence, from the bigram index. An unchanged context settles it (the nearest
  //    such occurrence: a duplicated passage with the same context is told apart by position);
  //    otherwise the nearest occurrences have their context aligned approximately.
  const occurrences = doc.index.occurrences(exact);
  let nearestIntact = -1;
  for (const start of occurrences) {
    if (matcher.hasExactContext(start, start + m) && closer(start, nearestIntact, hint)) nearestIntact = start;
  }
  if (nearestIntact !== -1) return matcher.score(nearestIntact, nearestIntact + m, 0);
  const exactOk = (c: Candidate) => trusted(matcher, c, occurrences.length);
  let bestExact: Candidate | null = null;
  if (occurrences.length > 0) {
    for (const start of nearest(occurrences, hint ?? 0, EXACT_SCORED)) {
      const candidate = matcher.score(start, start + m, 0);
      if (exactOk(candidate)) bestExact = better(bestExact, candidate);
      else rejected.push(candidate);
    }
    if (bestExact && bestExact.confidence >= GOOD_ENOUGH) return bestExact;
  }
  if (exactOnly) return bestExact;

  // 3. Approximate matches near the hint, then anywhere in the document.
  const fuzzyOk = (c: Candidate) => {
    if (c.confidence < threshold || !trusted(matcher, c, occurrences.length)) return false;
    const distance = hint === null ? Number.POSITIVE_INFINITY : Math.abs(c.start - hint);
    if (m < SHORT_QUOTE && (c.contextSimilarity < FOUND_CONTEXT || distance > NEAR_DISTANCE)) return false;
    const far = distance > RELOCATION_DISTANCE;
    return !far || 1 - c.quoteErrors / m >= FAR_QUOTE_SIMILARITY;
  };
  let bestFuzzy: Candidate | null = null;
  const consider = (candidate: Candidate) => {
    if (isExact(candidate, m) && !exactOk(candidate)) rejected.push(candidate);
    else if (isExact(candidate, m) || fuzzyOk(candidate)) bestFuzzy = better(bestFuzzy, candidate);
    else rejected.push(candidate);
  };
  if (m >= 3 && hint !== null) {
    const atHint = matcher.candidateAtHint();
    if (atHint !== null) consider(atHint);
    // The nearer window first: with the shift learned from neighbours, edited quotes lie close by.
    for (const radius of LOCAL_RADII) {
      const from = Math.max(0, hint - radius);
      const to = Math.min(text.length, hint + m + radius);
      for (const candidate of matcher.fuzzyCandidates(from, to, m >> 1, CANDIDATES_SCORED)) consider(candidate);
      if (bestFuzzy !== null && (bestFuzzy as Candidate).confidence >= STOP_WIDENING) break;
    }
  }
  // Far away only when nothing acceptable is near: text that both moved and changed is rare.
  if (m >= 8 && bestFuzzy === null) {
    for (const candidate of farCandidates(matcher, CANDIDATES_SCORED)) consider(candidate);
  }

  // Exact quotes win near-ties.
  const fuzzy = bestFuzzy as Candidate | null;
  const exactKey = bestExact ? bestExact.confidence + EXACT_BONUS : Number.NEGATIVE_INFINITY;
  if (fuzzy && (!bestExact || fuzzy.confidence > exactKey)) return fuzzy;
  return bestExact;
}

/**
 * Whether a match may be placed (see PLACE_CONTEXT and the constants after it); `occurrences` is
 * how often the quote occurs exactly in the document.
 */
function trusted(matcher: QuoteMatcher, c: Candidate, occurrences: number): boolean {
  const m = matcher.exact.length;
  const distance = matcher.hint === null ? Number.POSITIVE_INFINITY : Math.abs(c.start - matcher.hint);
  const oneSideIntact = () => {
    const prefix = matcher.prefix.length;
    const suffix = matcher.suffix.length;
    const intact = Math.max(
      c.prefixErrors === 0 && prefix >= ONE_SIDE_MIN ? prefix : 0,
      c.suffixErrors === 0 && suffix >= ONE_SIDE_MIN ? suffix : 0,
    );
    return intact > 0 && m + intact >= VERBATIM_MIN && c.contextSimilarity >= PLACE_CONTEXT;
  };
  if (!isExact(c, m)) {
    // Edited text: most of the quote kept, in surroundings that still hold, or lightly edited
    // (ONE_SIDE_MAX_EDITS) with one side of them intact. Another reference entry, or a sentence
    // built like the deleted one, differs in more.
    const kept = 1 - c.quoteErrors / m;
    if (kept < EDITED_QUOTE_SIMILARITY) return false;
    if (c.contextSimilarity >= FOUND_CONTEXT) return true;
    return kept >= ONE_SIDE_QUOTE_SIMILARITY && c.quoteErrors <= ONE_SIDE_MAX_EDITS && oneSideIntact();
  }
  // The only place a quote occurs, not far from where it was, with a fair share of its context:
  // its own text, though neighbouring sentences were rewritten. (A deleted sentence's near-duplicate
  // keeps less of the deleted one's surroundings.)
  // A long quote occurring twice (a duplicated sentence) likewise, the nearer copy winning.
  const few = occurrences === 1 || (occurrences <= MANY_OCCURRENCES && m >= VERBATIM_MIN);
  if (few && m >= UNIQUE_QUOTE_MIN && distance <= RELOCATION_DISTANCE && c.contextSimilarity >= UNIQUE_CONTEXT) {
    return true;
  }
  // A short quote that occurs many times, found far from where it was: a stock phrase there,
  // placed only when nearly all of its context agrees.
  const stock = m < VERBATIM_MIN && occurrences > MANY_OCCURRENCES;
  if (stock && distance > NEAR_DISTANCE) return c.contextSimilarity >= AMBIGUOUS_CONTEXT;
  if (c.contextSimilarity >= FOUND_CONTEXT) return true;
  // One side of its context intact: enough only for a quote that occurs no more than
  // MANY_OCCURRENCES times (only once if it is shorter than SHORT_QUOTE), or for one exactly where
  // its neighbours say it is (AT_HINT: the annotations before it in a moved paragraph moved too).
  const ambiguous = occurrences > MANY_OCCURRENCES || (occurrences > 1 && m < SHORT_QUOTE);
  if (ambiguous && distance > AT_HINT) return false;
  return oneSideIntact();
}

/**
 * The best rejected matches, overlapping ones merged, for the reviewer to confirm: the quote's
 * exact occurrences first (its text is there, only its surroundings changed), nearest first,
 * then the other matches at least CANDIDATE_MIN similar, best first.
 */
function toCandidates(matcher: QuoteMatcher, rejected: Candidate[], min: number): AnchorCandidate[] {
  const body = matcher.doc;
  const view = matcher.view;
  const m = matcher.exact.length;
  const chosen: Candidate[] = [];
  const ranked = rejected
    .filter((candidate) => isExact(candidate, m) || candidate.textSimilarity >= min)
    .sort((a, b) => Number(isExact(b, m)) - Number(isExact(a, m)) || b.confidence - a.confidence);
  for (const candidate of ranked) {
    if (chosen.some((c) => c.start < candidate.end && candidate.start < c.end)) continue;
    chosen.push(candidate);
    if (chosen.length >= MAX_CANDIDATES) break;
  }
  return chosen.map((candidate) => {
    const [start, end] = view.toRawRange(candidate.start, candidate.end);
    return {
      start,
      end,
      parts: view.rawParts(candidate.start, candidate.end),
      text: body.text.slice(candidate.start, candidate.end),
      confidence: Math.round(candidate.confidence * 1000) / 1000,
      similarity: Math.round(candidate.textSimilarity * 1000) / 1000,
      exact: isExact(candidate, m),
    };
  });
}

function isExact(candidate: Candidate, m: number): boolean {
  return candidate.quoteErrors === 0 && candidate.end - candidate.start === m;
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
  const [start, end] = matcher.view.toRawRange(best.start, best.end);
  return {
    kind: 'text',
    status: found ? 'found' : 'moved',
    start,
    end,
    parts: matcher.view.rawParts(best.start, best.end),
    text,
    // Unchanged quote and context where expected: certain.
    confidence: found && best.contextErrors === 0 ? 1 : Math.round(best.confidence * 1000) / 1000,
    exact: isExact,
    contextSimilarity: Math.round(best.contextSimilarity * 1000) / 1000,
  };
}
