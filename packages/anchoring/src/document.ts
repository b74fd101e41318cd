import { TextIndex } from './text-index.ts';

/** Where a global range falls on one page, in page-local UTF-16 offsets. */
export interface PagePart {
  page: number;
  start: number;
  end: number;
}

export interface PageOffset {
  page: number;
  offset: number;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The text of one version of a document: its pages, concatenated with no separator so that a
 * selection may run across a page break. Global offsets are UTF-16 indices into `text`.
 */
export class DocumentText {
  readonly pages: readonly string[];
  readonly text: string;
  /** `pageStarts[p]` is the global offset of page p; the last entry is `text.length`. */
  readonly pageStarts: Int32Array;
  /** UTF-16 indices of the high halves of surrogate pairs, or null when there are none. */
  readonly #pairStarts: Int32Array | null;
  #index: TextIndex | null = null;

  constructor(pages: readonly string[]) {
    this.pages = pages;
    this.text = pages.join('');
    this.pageStarts = new Int32Array(pages.length + 1);
    let offset = 0;
    for (let p = 0; p < pages.length; p++) {
      this.pageStarts[p] = offset;
      offset += (pages[p] as string).length;
    }
    this.pageStarts[pages.length] = offset;
    this.#pairStarts = SURROGATE.test(this.text) ? findPairStarts(this.text) : null;
  }

  get length(): number {
    return this.text.length;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** The bigram index, built on first use: anchoring that succeeds at its position hint never needs it. */
  get index(): TextIndex {
    this.#index ??= new TextIndex(this.text);
    return this.#index;
  }

  /** The page holding the character at `offset` (the last page for the end of the text). */
  pageAt(offset: number): number {
    const starts = this.pageStarts;
    let lo = 0;
    let hi = this.pages.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  toPageOffset(offset: number): PageOffset {
    const page = this.pageAt(offset);
    return { page, offset: offset - (this.pageStarts[page] as number) };
  }

  toGlobalOffset(page: number, offset: number): number {
    if (page < 0 || page >= this.pages.length) throw new RangeError(`page ${page} out of range`);
    return (this.pageStarts[page] as number) + offset;
  }

  /** The pieces of [start, end) on each page it touches; an empty range gives one empty part. */
  pageParts(start: number, end: number): PagePart[] {
    const first = this.pageAt(start);
    if (end <= start) {
      const local = start - (this.pageStarts[first] as number);
      return [{ page: first, start: local, end: local }];
    }
    const parts: PagePart[] = [];
    for (let p = first; p < this.pages.length; p++) {
      const pageStart = this.pageStarts[p] as number;
      if (pageStart >= end) break;
      const pageEnd = this.pageStarts[p + 1] as number;
      const from = Math.max(start, pageStart);
      const to = Math.min(end, pageEnd);
      if (to > from) parts.push({ page: p, start: from - pageStart, end: to - pageStart });
    }
    return parts;
  }

  /** Moves an offset that falls inside a surrogate pair back to the start of that pair. */
  snapStart(offset: number): number {
    return this.#insidePair(offset) ? offset - 1 : offset;
  }

  /** Moves an offset that falls inside a surrogate pair forward to the end of that pair. */
  snapEnd(offset: number): number {
    return this.#insidePair(offset) ? offset + 1 : offset;
  }

  /** UTF-16 offset → code-point offset (the unit of W3C TextPositionSelector). */
  toCodePointOffset(offset: number): number {
    const pairs = this.#pairStarts;
    if (pairs === null) return offset;
    // Pairs that end at or before `offset` each hold one code point in two code units.
    let lo = 0;
    let hi = pairs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[mid] as number) + 2 <= offset) lo = mid + 1;
      else hi = mid;
    }
    return offset - lo;
  }

  /** Code-point offset → UTF-16 offset. */
  fromCodePointOffset(codePoint: number): number {
    const pairs = this.#pairStarts;
    if (pairs === null) return codePoint;
    // The i-th pair starts at code point pairs[i] - i, a strictly increasing sequence.
    let lo = 0;
    let hi = pairs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[mid] as number) - mid < codePoint) lo = mid + 1;
      else hi = mid;
    }
    return codePoint + lo;
  }

  #insidePair(offset: number): boolean {
    if (this.#pairStarts === null || offset <= 0 || offset >= this.text.length) return false;
    const before = this.text.charCodeAt(offset - 1);
    const at = this.text.charCodeAt(offset);
    return before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff;
  }
}

function findPairStarts(text: string): Int32Array {
  const starts: number[] = [];
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        starts.push(i);
        i++;
      }
    }
  }
  return Int32Array.from(starts);
}

/** Takes at most `count` code points of `text` ending at `end`, never splitting a surrogate pair. */
export function codePointsBefore(text: string, end: number, count: number): string {
  let i = end;
  for (let n = 0; n < count && i > 0; n++) {
    const c = text.charCodeAt(i - 1);
    i -= c >= 0xdc00 && c <= 0xdfff && i >= 2 && isHigh(text.charCodeAt(i - 2)) ? 2 : 1;
  }
  return text.slice(i, end);
}

/** Takes at most `count` code points of `text` starting at `start`, never splitting a surrogate pair. */
export function codePointsAfter(text: string, start: number, count: number): string {
  let i = start;
  for (let n = 0; n < count && i < text.length; n++) {
    const c = text.charCodeAt(i);
    i += isHigh(c) && i + 1 < text.length && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
  }
  return text.slice(start, i);
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
