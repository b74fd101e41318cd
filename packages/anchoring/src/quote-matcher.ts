import { BitPattern, reverseUnits } from './bit-pattern.ts';
import type { BodyView, DocumentText } from './document.ts';

/** A place where the quote may now be, with how well quote and context agree there. */
export interface Candidate {
  start: number;
  end: number;
  quoteErrors: number;
  contextErrors: number;
  prefixErrors: number;
  suffixErrors: number;
  /** 1 − weighted edits / weighted length, over quote (weight 2), prefix and suffix (weight 1). */
  textSimilarity: number;
  /** Share of the prefix and suffix found unchanged beside the match. */
  contextSimilarity: number;
  /** textSimilarity, lowered by up to 20% the farther the match lies from the position hint. */
  confidence: number;
}

const QUOTE_WEIGHT = 2;
const DISTANCE_PER_ERROR = 1024;
const MAX_TIED_STARTS = 4;
/** Distance from the hint at which half of the position penalty applies, in UTF-16 units. */
const POSITION_SCALE = 2048;
const POSITION_WEIGHT = 0.2;

/**
 * Scores places of one quote in one document. Patterns for the context are built lazily, since
 * most quotes are settled by exact comparisons alone.
 */
export class QuoteMatcher {
  /** The text matched against: the body of a document (see DocumentText.body). */
  readonly doc: DocumentText;
  /** How the body's offsets map back to the document's. */
  readonly view: BodyView;
  readonly exact: string;
  readonly prefix: string;
  readonly suffix: string;
  /** Expected start (UTF-16), or null when the target carries no position or page. */
  readonly hint: number | null;
  #quotePattern: BitPattern | null = null;
  #quoteReversed: BitPattern | null = null;
  #prefixReversed: BitPattern | null = null;
  #suffixPattern: BitPattern | null = null;

  constructor(view: BodyView, exact: string, prefix: string, suffix: string, hint: number | null) {
    const doc = view.doc;
    this.view = view;
    this.doc = doc;
    this.exact = exact;
    this.prefix = prefix;
    this.suffix = suffix;
    this.hint = hint === null ? null : Math.min(Math.max(0, hint), doc.length);
  }

  get quotePattern(): BitPattern {
    this.#quotePattern ??= new BitPattern(this.exact);
    return this.#quotePattern;
  }

  /** Whether the stored prefix and suffix sit unchanged around [start, end). */
  hasExactContext(start: number, end: number): boolean {
    const text = this.doc.text;
    const p = this.prefix.length;
    return start >= p && text.startsWith(this.prefix, start - p) && text.startsWith(this.suffix, end);
  }

  /** Scores the match [start, end) whose quote needed `quoteErrors` edits. */
  score(start: number, end: number, quoteErrors: number): Candidate {
    const prefixErrors = this.#prefixErrors(start);
    const suffixErrors = this.#suffixErrors(end);
    const contextErrors = prefixErrors + suffixErrors;
    const contextLength = this.prefix.length + this.suffix.length;
    const m = this.exact.length;
    const textSimilarity = 1 - (QUOTE_WEIGHT * quoteErrors + contextErrors) / (QUOTE_WEIGHT * m + contextLength);
    const contextSimilarity = contextLength === 0 ? 1 : 1 - contextErrors / contextLength;
    let confidence = textSimilarity;
    if (this.hint !== null) {
      const distance = Math.abs(start - this.hint);
      confidence *= 1 - (POSITION_WEIGHT * distance) / (distance + POSITION_SCALE);
    }
    return {
      start,
      end,
      quoteErrors,
      contextErrors,
      prefixErrors,
      suffixErrors,
      textSimilarity,
      contextSimilarity,
      confidence,
    };
  }

  /**
   * The approximate matches of the quote ending inside text[from, to), scored. Match ends come from
   * a forward bit-parallel scan; each start is recovered by aligning the reversed quote backwards
   * from the end. Only the `limit` most promising ends (few errors, near the hint) are scored.
   */
  fuzzyCandidates(from: number, to: number, maxErrors: number, limit: number): Candidate[] {
    const ends: number[] = [];
    const errors: number[] = [];
    const expectedEnd = this.hint === null ? -1 : this.hint + this.exact.length;
    this.quotePattern.search(
      this.doc.text,
      from,
      to,
      maxErrors,
      (end, e) => {
        ends.push(end);
        errors.push(e);
      },
      expectedEnd,
    );
    return this.#scoreEnds(ends, errors, limit);
  }

  /**
   * The quote aligned to start exactly at the hint (the text there, edited): a candidate the
   * search for best ends can miss in repetitive text, where a worse-context match scores fewer
   * quote edits. Null without a hint.
   */
  candidateAtHint(): Candidate | null {
    const hint = this.hint;
    const m = this.exact.length;
    if (hint === null || m === 0 || hint >= this.doc.length) return null;
    const limit = Math.min(this.doc.length, hint + m + (m >> 1));
    const alignment = this.quotePattern.alignFrom(this.doc.text, hint, limit, m);
    if (alignment.errors > m >> 1) return null;
    return this.score(hint, this.doc.snapEnd(alignment.edge), alignment.errors);
  }

  /** Like fuzzyCandidates over several disjoint windows, given as sorted [from, to) pairs. */
  fuzzyCandidatesIn(windows: readonly number[], maxErrors: number, limit: number): Candidate[] {
    const ends: number[] = [];
    const errors: number[] = [];
    const pattern = this.quotePattern;
    const text = this.doc.text;
    for (let w = 0; w < windows.length; w += 2) {
      pattern.search(text, windows[w] as number, windows[w + 1] as number, maxErrors, (end, e) => {
        ends.push(end);
        errors.push(e);
      });
    }
    return this.#scoreEnds(ends, errors, limit);
  }

  #scoreEnds(ends: number[], errors: number[], limit: number): Candidate[] {
    const m = this.exact.length;
    const expectedEnd = this.hint === null ? 0 : this.hint + m;
    // Most promising first: few errors, near the expected place (an error weighs 1,024 units).
    const key = ends.map((end, i) => (errors[i] as number) + Math.abs(end - expectedEnd) / DISTANCE_PER_ERROR);
    const order = ends.map((_, i) => i).sort((a, b) => (key[a] as number) - (key[b] as number));
    this.#quoteReversed ??= new BitPattern(reverseUnits(this.exact));
    const candidates: Candidate[] = [];
    let best = Number.POSITIVE_INFINITY;
    for (const i of order.slice(0, limit)) {
      const end = ends[i] as number;
      const quoteErrors = errors[i] as number;
      // Context can only add errors, so a match whose quote alone is worse than the best total loses.
      if (QUOTE_WEIGHT * quoteErrors > best) continue;
      const limitStart = Math.max(0, end - m - quoteErrors);
      const alignment = this.#quoteReversed.alignFrom(this.doc.text, end, limitStart, m, true);
      // Tied starts (the first characters substituted, or deleted): the
      // prefix tells which is right, so each of the few is scored.
      // Many ties (a run of one repeated character): the edge, and the tie nearest the hint.
      const starts = alignment.ties.length <= MAX_TIED_STARTS ? alignment.ties : [alignment.edge];
      if (alignment.ties.length > MAX_TIED_STARTS && this.hint !== null) {
        const hint = this.hint;
        const nearest = alignment.ties.reduce((a, b) => (Math.abs(b - hint) < Math.abs(a - hint) ? b : a));
        if (nearest !== alignment.edge) starts.push(nearest);
      }
      for (const start of starts) {
        const candidate = this.score(this.doc.snapStart(start), this.doc.snapEnd(end), alignment.errors);
        best = Math.min(best, QUOTE_WEIGHT * candidate.quoteErrors + candidate.contextErrors);
        candidates.push(candidate);
      }
    }
    return candidates;
  }

  #prefixErrors(start: number): number {
    const p = this.prefix.length;
    if (p === 0) return 0;
    const text = this.doc.text;
    if (start >= p && text.startsWith(this.prefix, start - p)) return 0;
    this.#prefixReversed ??= new BitPattern(reverseUnits(this.prefix));
    return this.#prefixReversed.alignFrom(text, start, Math.max(0, start - p - slack(p))).errors;
  }

  #suffixErrors(end: number): number {
    const s = this.suffix.length;
    if (s === 0) return 0;
    const text = this.doc.text;
    if (text.startsWith(this.suffix, end)) return 0;
    this.#suffixPattern ??= new BitPattern(this.suffix);
    return this.#suffixPattern.alignFrom(text, end, Math.min(text.length, end + s + slack(s))).errors;
  }
}

/** How much longer than the context the aligned text may be: room for insertions. */
function slack(length: number): number {
  return (length >> 2) + 2;
}
