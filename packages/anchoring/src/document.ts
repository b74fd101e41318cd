import {
  type BodyMap,
  buildBody,
  detectFurniture,
  type Furniture,
  joinsWithoutSpace,
  toBodyForm,
} from './furniture.ts';
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
  #body: BodyView | null = null;
  #furniture: Furniture | null = null;
  /** Furniture as sorted global [start, end) pairs, flattened; built with #furniture. */
  #furnitureRanges: Int32Array | null = null;

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

  /**
   * The author's text: the pages without running headers, footers and page numbers, and without
   * line breaks (see furniture.ts). Selectors are made from it and matched against it; ranges
   * found in it map back to this document's offsets. Built on first use.
   */
  get body(): BodyView {
    this.#body ??= BodyView.of(this);
    return this.#body;
  }

  /** Running headers, footers and page numbers (see furniture.ts): edge lines only, cheap. Built on first use. */
  get furniture(): Furniture {
    if (this.#furniture === null) this.#flatFurniture();
    return this.#furniture as Furniture;
  }

  #flatFurniture(): Int32Array {
    {
      const furniture = detectFurniture(this.pages);
      const flat: number[] = [];
      furniture.ranges.forEach((ranges, p) => {
        const base = this.pageStarts[p] as number;
        for (const [start, end] of ranges) flat.push(base + start, base + end);
      });
      this.#furniture = furniture;
      this.#furnitureRanges = Int32Array.from(flat);
      return this.#furnitureRanges;
    }
  }

  /** The first raw offset at or after `offset` that is not furniture. */
  #skipForward(offset: number): number {
    const ranges = this.#furnitureRanges ?? this.#flatFurniture();
    if (ranges.length === 0) return offset;
    let at = offset;
    for (let range = this.#rangeAt(at); range !== -1; range = this.#rangeAt(at)) at = ranges[2 * range + 1] as number;
    return at;
  }

  /** The last raw offset at or before `offset` that is not furniture (-1 when none). */
  #skipBackward(offset: number): number {
    const ranges = this.#furnitureRanges ?? this.#flatFurniture();
    if (ranges.length === 0) return offset;
    let at = offset;
    for (let range = this.#rangeAt(at); range !== -1; range = this.#rangeAt(at)) at = (ranges[2 * range] as number) - 1;
    return at;
  }

  /** The furniture as ascending global [start, end) pairs, flattened. */
  get furnitureRanges(): Int32Array {
    return this.#furnitureRanges ?? this.#flatFurniture();
  }

  /** The start of the first furniture range that ends after `offset` (it may hold it), or -1. */
  nextFurniture(offset: number): number {
    const ranges = this.#furnitureRanges ?? this.#flatFurniture();
    let lo = 0;
    let hi = ranges.length >> 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ranges[2 * mid + 1] as number) <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo < ranges.length >> 1 ? (ranges[2 * lo] as number) : -1;
  }

  /** The furniture range holding `offset`, or -1. */
  #rangeAt(offset: number): number {
    const ranges = this.#furnitureRanges ?? this.#flatFurniture();
    let lo = 0;
    let hi = ranges.length >> 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ranges[2 * mid] as number) <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && offset < (ranges[2 * (lo - 1) + 1] as number) ? lo - 1 : -1;
  }

  /**
   * Where the stored quote and context (body form, see BodyView) sit unchanged with the quote
   * starting exactly at the raw offset `at`, read as the body reads the raw text (furniture
   * skipped, line breaks dropped or read as one space between Latin letters) without building the
   * body: [start, end) in raw offsets, or null. The same-version case of anchoring settles here.
   */
  exactAt(at: number, exact: string, prefix: string, suffix: string): [number, number] | null {
    const text = this.text;
    const n = text.length;
    if (exact.length === 0 || at < 0 || at >= n) return null;
    const first = text.charCodeAt(at);
    if (first === 10 || first === 13 || this.#rangeAt(at) !== -1) return null;
    // Forwards: the quote, then the suffix.
    let r = at;
    let before = -1;
    let rawEnd = at;
    // Below `fence` no furniture starts: no range lookups there.
    let fence = -1;
    const forward = (wanted: string, isQuote: boolean): boolean => {
      for (let k = 0; k < wanted.length; ) {
        if (r >= fence) {
          r = this.#skipForward(r);
          const next = this.nextFurniture(r);
          fence = next === -1 ? n : next;
        }
        if (r >= n) return false;
        const code = text.charCodeAt(r);
        if (code === 10 || code === 13) {
          const breakAt = r;
          let next = this.#skipForward(r + 1);
          while (next < n && isBreakCode(text.charCodeAt(next))) next = this.#skipForward(next + 1);
          if (!joinsWithoutSpace(before, next < n ? text.charCodeAt(next) : -1)) {
            if (wanted.charCodeAt(k) !== 32) return false;
            before = 32;
            k++;
            if (isQuote) rawEnd = breakAt + 1;
          }
          r = next;
          continue;
        }
        if (code !== wanted.charCodeAt(k)) return false;
        before = code;
        k++;
        r++;
        if (isQuote) rawEnd = r;
      }
      return true;
    };
    if (!forward(exact, true) || !forward(suffix, false)) return null;
    // Backwards from the quote: the prefix, read from its end.
    r = at - 1;
    let after = first;
    for (let k = prefix.length - 1; k >= 0; ) {
      r = this.#skipBackward(r);
      if (r < 0) return null;
      const code = text.charCodeAt(r);
      if (code === 10 || code === 13) {
        let next = this.#skipBackward(r - 1);
        while (next >= 0 && isBreakCode(text.charCodeAt(next))) next = this.#skipBackward(next - 1);
        if (!joinsWithoutSpace(next >= 0 ? text.charCodeAt(next) : -1, after)) {
          if (prefix.charCodeAt(k) !== 32) return null;
          after = 32;
          k--;
        }
        r = next;
        continue;
      }
      if (code !== prefix.charCodeAt(k)) return null;
      after = code;
      k--;
      r--;
    }
    return [at, rawEnd];
  }

  /**
   * The page parts of the raw range [start, end) without the furniture inside it (and the line
   * breaks next to that furniture), as BodyView.rawParts draws a body range.
   */
  partsWithoutFurniture(start: number, end: number): PagePart[] {
    const ranges = this.#furnitureRanges ?? this.#flatFurniture();
    const parts: PagePart[] = [];
    let from = start;
    const text = this.text;
    const flush = (to: number, trimEnd: boolean) => {
      let a = from;
      let b = to;
      if (a !== start) while (a < b && isBreakCode(text.charCodeAt(a))) a++;
      if (trimEnd) while (b > a && isBreakCode(text.charCodeAt(b - 1))) b--;
      if (b > a) for (const part of this.pageParts(a, b)) parts.push(part);
    };
    for (let i = 0; i < ranges.length; i += 2) {
      const rangeStart = ranges[i] as number;
      const rangeEnd = ranges[i + 1] as number;
      if (rangeEnd <= from) continue;
      if (rangeStart >= end) break;
      flush(rangeStart, true);
      from = rangeEnd;
    }
    if (end > from || parts.length === 0) flush(Math.max(from, end), false);
    return parts;
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

/** The body of a document, and the way between its offsets and the document's. */
export class BodyView {
  /** The body as a document of its own; the raw document itself when nothing is left out. */
  readonly doc: DocumentText;
  readonly raw: DocumentText;
  /** Running lines of the document (digits as `#`), for stored text written with them in. */
  readonly keys: ReadonlySet<string>;
  readonly #map: BodyMap | null;

  private constructor(raw: DocumentText, doc: DocumentText, keys: ReadonlySet<string>, map: BodyMap | null) {
    this.raw = raw;
    this.doc = doc;
    this.keys = keys;
    this.#map = map;
  }

  static of(raw: DocumentText): BodyView {
    const furniture = raw.furniture;
    const none = furniture.ranges.every((ranges) => ranges.length === 0);
    if (none && !/[\n\r]/.test(raw.text)) return new BodyView(raw, raw, furniture.keys, null);
    const map = buildBody(raw.pages, furniture);
    return new BodyView(raw, new DocumentText(map.pages), furniture.keys, map);
  }

  get identity(): boolean {
    return this.#map === null;
  }

  /** Body offset of the first body character at or after the raw offset. */
  toBody(raw: number): number {
    const map = this.#map;
    if (map === null) return raw;
    // The first body character whose raw offset is at or after `raw` (bodyToRaw ascends).
    const toRaw = map.bodyToRaw;
    let lo = 0;
    let hi = toRaw.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((toRaw[mid] as number) < raw) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Raw range covering the body range [start, end): from its first character to its last. */
  toRawRange(start: number, end: number): [number, number] {
    const map = this.#map;
    if (map === null) return [start, end];
    const from = map.bodyToRaw[start] as number;
    if (end <= start) return [from, from];
    return [from, (map.bodyToRaw[end - 1] as number) + 1];
  }

  /**
   * The raw page-local parts of the body range [start, end), furniture left out: a highlight
   * across a page break is drawn on the words of both pages, never on the header between them.
   */
  rawParts(start: number, end: number): PagePart[] {
    const map = this.#map;
    if (map === null) return this.raw.pageParts(start, end);
    if (end <= start) {
      const [from] = this.toRawRange(start, end);
      return this.raw.pageParts(from, from);
    }
    const raw = this.raw;
    const text = raw.text;
    const bodyToRaw = map.bodyToRaw;
    const parts: PagePart[] = [];
    // Runs of body characters separated in the raw text by line breaks only are one stretch of
    // the author's text (split per page); furniture between them splits it.
    let runStart = bodyToRaw[start] as number;
    let previous = runStart;
    for (let i = start + 1; i < end; i++) {
      const at = bodyToRaw[i] as number;
      let contiguous = true;
      for (let r = previous + 1; contiguous && r < at; r++) {
        const code = text.charCodeAt(r);
        if (code !== 10 && code !== 13) contiguous = false;
      }
      if (!contiguous) {
        for (const part of raw.pageParts(runStart, previous + 1)) parts.push(part);
        runStart = at;
      }
      previous = at;
    }
    for (const part of raw.pageParts(runStart, previous + 1)) parts.push(part);
    return parts;
  }

  /** Stored text in the body's form (see toBodyForm). */
  normalize(text: string): string {
    return this.#map === null ? text : toBodyForm(text, this.keys);
  }
}

function isBreakCode(code: number): boolean {
  return code === 10 || code === 13;
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
