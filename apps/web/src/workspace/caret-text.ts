/**
 * Keyboard selection over a document's text (the workspace's 键盘选择 mode): where sentences and
 * clauses start and end, and how each key moves a caret or a selection. Offsets are global
 * UTF-16 offsets into the page texts joined with no separator (`DocumentText`).
 */

/** The ends of a keyboard selection: `anchor` stays put, `focus` moves; equal means a caret. */
export interface CaretState {
  anchor: number;
  focus: number;
}

export interface CaretText {
  text: string;
  /** `pageStarts[p]` is page p's first offset; the last entry is the text's length. */
  pageStarts: ArrayLike<number>;
}

export type CaretKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

const SENTENCE_END = /[。！？!?；;…]/;
const CLAUSE_END = /[，、,：:。！？!?；;…]/;
/** Closing quotes and brackets stay with the sentence they close. */
const CLOSERS = /[”’」』）)】》"']/;
const SPACE = /\s/;

/**
 * Where the blocks of the text end besides sentence punctuation: page breaks, and lines much
 * shorter than a page's usual line (headings, a paragraph's last line), so that a heading is not
 * glued to the sentence after it. Sorted offsets, each the end of a block.
 */
export function blockEnds({ text, pageStarts }: CaretText): number[] {
  const ends: number[] = [];
  const pageCount = pageStarts.length - 1;
  for (let page = 0; page < pageCount; page++) {
    const from = pageStarts[page] as number;
    const to = pageStarts[page + 1] as number;
    const lines: Array<{ start: number; end: number }> = [];
    let start = from;
    for (let i = from; i < to; i++) {
      if (text[i] === '\n') {
        lines.push({ start, end: i });
        start = i + 1;
      }
    }
    if (start < to) lines.push({ start, end: to });
    const lengths = lines.map((line) => line.end - line.start).filter((length) => length > 0);
    const usual = median(lengths);
    for (const line of lines) {
      const length = line.end - line.start;
      if (length > 0 && usual >= 12 && length < usual * 0.6) ends.push(line.end);
    }
    if (to > from) ends.push(to);
  }
  return [...new Set(ends)].sort((a, b) => a - b);
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** The sentence (or clause) spans of the text: [start, end) without leading or trailing space. */
export function spans(source: CaretText, ends: readonly number[], boundary: RegExp): Array<[number, number]> {
  const { text } = source;
  const result: Array<[number, number]> = [];
  let blockIndex = 0;
  let start = 0;
  const push = (end: number) => {
    let from = start;
    let to = end;
    while (from < to && SPACE.test(text[from] as string)) from++;
    while (to > from && SPACE.test(text[to - 1] as string)) to--;
    if (to > from) result.push([from, to]);
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    while (blockIndex < ends.length && (ends[blockIndex] as number) <= i) {
      if ((ends[blockIndex] as number) > start) push(ends[blockIndex] as number);
      blockIndex++;
    }
    if (boundary.test(text[i] as string)) {
      let end = i + 1;
      while (end < text.length && (boundary.test(text[end] as string) || CLOSERS.test(text[end] as string))) end++;
      const nextBlock = ends[blockIndex];
      push(nextBlock !== undefined && nextBlock < end ? nextBlock : end);
      i = start - 1;
    }
  }
  push(text.length);
  return result;
}

/**
 * Sentence and clause spans of a document, computed once per text; `move` answers each key from
 * them.
 */
export class CaretModel {
  readonly source: CaretText;
  readonly sentences: Array<[number, number]>;
  readonly clauses: Array<[number, number]>;

  constructor(source: CaretText) {
    this.source = source;
    const ends = blockEnds(source);
    this.sentences = spans(source, ends, SENTENCE_END);
    this.clauses = spans(source, ends, CLAUSE_END);
  }

  get length(): number {
    return this.source.text.length;
  }

  /** The first sentence starting on or after `offset` (the first sentence of a page, for a start). */
  sentenceFrom(offset: number): [number, number] | null {
    return this.sentences.find(([start]) => start >= offset) ?? this.sentences.at(-1) ?? null;
  }

  /** Index of the sentence holding `offset`, or the last one starting before it. */
  #sentenceIndex(offset: number): number {
    let lo = 0;
    let hi = this.sentences.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sentences[mid] as [number, number])[0] <= offset) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** The caret or selection after a key; `shift` extends from the anchor, `word` moves by clause. */
  move(state: CaretState, key: CaretKey, options: { shift: boolean; word: boolean }): CaretState {
    const { text } = this.source;
    const { shift, word } = options;
    const start = Math.min(state.anchor, state.focus);
    const end = Math.max(state.anchor, state.focus);
    const collapsed = start === end;
    const keep = (focus: number): CaretState => {
      const clamped = Math.max(0, Math.min(this.length, focus));
      return shift ? { anchor: state.anchor, focus: clamped } : { anchor: clamped, focus: clamped };
    };

    if (key === 'ArrowDown' || key === 'ArrowUp') {
      const down = key === 'ArrowDown';
      if (shift) {
        // Extend by sentences: the focus goes to the end (or start) of the next (or previous) one.
        if (down) {
          const next = this.sentences.find(([, e]) => e > state.focus);
          return next ? { anchor: state.anchor, focus: next[1] } : state;
        }
        const previous = [...this.sentences].reverse().find(([s]) => s < state.focus);
        return previous ? { anchor: state.anchor, focus: previous[0] } : state;
      }
      // Select the next (or previous) whole sentence; from a caret, the one it sits in first.
      const sentences = this.sentences;
      let target: [number, number] | undefined;
      if (collapsed) {
        target = sentences.find(([s, e]) =>
          down ? s <= state.focus && state.focus < e : s < state.focus && state.focus <= e,
        );
      }
      target ??= down ? sentences.find(([s]) => s >= end) : [...sentences].reverse().find(([, e]) => e <= start);
      return target ? { anchor: target[0], focus: target[1] } : state;
    }

    if (key === 'Home' || key === 'End') {
      const index = this.#sentenceIndex(state.focus);
      const here = this.sentences[index] ?? [0, 0];
      return keep(key === 'Home' ? here[0] : here[1]);
    }

    const right = key === 'ArrowRight';
    if (word) {
      const list = this.clauses;
      const target = right
        ? list.find(([, e]) => e > state.focus)?.[1]
        : [...list].reverse().find(([s]) => s < state.focus)?.[0];
      return target === undefined ? state : keep(target);
    }
    // Without shift, a selection collapses to its side first, as in a text editor.
    if (!shift && !collapsed) return keep(right ? end : start);
    let focus = state.focus + (right ? 1 : -1);
    // Line breaks have no glyph: step over them so every stop shows.
    while (focus > 0 && focus < this.length && text[right ? focus - 1 : focus] === '\n') focus += right ? 1 : -1;
    return keep(focus);
  }
}

/** The page a global offset falls on (the previous page for an offset that ends one). */
export function pageOfOffset(pageStarts: ArrayLike<number>, offset: number, preferEnd = false): number {
  const pages = pageStarts.length - 1;
  for (let page = 0; page < pages; page++) {
    const start = pageStarts[page] as number;
    const end = pageStarts[page + 1] as number;
    if (offset < end || (preferEnd && offset === end && end > start) || page === pages - 1) return page;
  }
  return 0;
}
