/**
 * Page furniture: running headers, running footers, page numbers and edge columns (a binding
 * margin's `|` rules with 装 订 线, read one character a line). They are not the author's text, so
 * selectors are made from, and matched against, the text without them (the "body"), and line
 * breaks, which move whenever a document is typeset again, are not part of it either.
 */

/** Lines at each edge of a page that may be furniture (a header of school name + 本科毕业论文 is two). */
export const EDGE_LINES = 3;
/**
 * Share of pages on which a line (digits ignored) must sit at the same edge to count as a running
 * header or footer. Documents of fewer than MIN_PAGES pages have no detectable running lines.
 */
export const REPEATED_SHARE = 0.5;
export const MIN_PAGES = 3;
/**
 * A repeated edge line is a running header or footer only when it is short (at most
 * MAX_RUNNING_LINE units, spaces left out) and does not end a sentence (。！？; …): a body line
 * that happens to repeat (a template paragraph, a repeated closing sentence) is full width or ends
 * in punctuation. School names, 本科毕业论文, 毕业设计（论文）, chapter titles are neither.
 */
export const MAX_RUNNING_LINE = 32;
/**
 * A running line at least this long (digits left out) is furniture also at the start of a page's
 * first body line (the end of its last), when the extraction ran it together with the text beside
 * it: pdf.js reads 毕业设计（论文）A where a figure's label follows the header on its baseline.
 */
export const MIN_JOINED_LINE = 4;
const SENTENCE_END = /[。！？；!?;…]$/;

/** Page numbers on their own line: 第 3 页, 第 3 页 共 40 页, 共 40 页 第 3 页, - 3 -, — 3 —, 3, 3/40, Page 3 of 40, iv. */
const PAGE_NUMBER =
  /^(?:第\s*\d+\s*页(?:\s*[,，/]?\s*共\s*\d+\s*页)?|共\s*\d+\s*页\s*[,，]?\s*第\s*\d+\s*页|[-—–~]+\s*\d+\s*[-—–~]+|\d{1,4}|\d+\s*\/\s*\d+|page\s*\d+(?:\s*of\s*\d+)?|[ivxlc]{1,7})$/i;

/**
 * A line of a page, page-local offsets, without its line break. A run of column lines (see
 * isColumnKey) is one Line: its key is the run's shape, each character once per run of it.
 */
interface Line {
  start: number;
  end: number;
  key: string;
  /** The keys of the column lines it was made of (empty for an ordinary line). */
  parts: string[];
}

/** The key of a line for comparison across pages: spaces removed, digits as `#`. */
export function lineKey(line: string): string {
  return line.replace(/\s+/g, '').replace(/\d+/g, '#');
}

/**
 * A line of an edge column: one character (not a digit), or one character repeated, such as the
 * `|` of a vertical rule or the 装, 订, 线 of a binding margin, which text extraction reads as a
 * line each. A run of them at a page's edge is one Line keyed by its shape.
 */
export function isColumnKey(key: string): boolean {
  return COLUMN_LINE.test(key);
}
const COLUMN_LINE = /^([^#\s])\1*$/u;

/** `|`×10 装 `|`×5 → `|装|`: the shape of a column run, the same whichever number of rules a page draws. */
function columnShape(keys: readonly string[]): string {
  let shape = '';
  let last = '';
  for (const key of keys) {
    const char = String.fromCodePoint(key.codePointAt(0) as number);
    if (char !== last) shape += char;
    last = char;
  }
  return shape;
}

/**
 * The first `count` non-empty lines of `page` (forwards) or its last ones down to offset `stop`
 * (backwards), in page order, a run of column lines taken as one Line however long it is.
 */
function scanLines(page: string, forwards: boolean, count: number, stop: number): Line[] {
  const lines: Line[] = [];
  let column: Line | null = null;
  const take = (start: number, end: number) => {
    const key = lineKey(page.slice(start, end));
    if (key === '') return;
    if (isColumnKey(key)) {
      if (column) {
        if (forwards) column.end = end;
        else column.start = start;
        if (forwards) column.parts.push(key);
        else column.parts.unshift(key);
        column.key = columnShape(column.parts);
        return;
      }
      column = { start, end, key: columnShape([key]), parts: [key] };
      lines.push(column);
      return;
    }
    column = null;
    lines.push({ start, end, key, parts: [] });
  };
  if (forwards) {
    let start = 0;
    while (start <= stop) {
      const newline = page.indexOf('\n', start);
      const end = newline === -1 || newline > stop ? stop : newline;
      // A column run goes on past `count` lines: the lines after it may still be a header.
      if (lines.length === count && !(column && isColumnKey(lineKey(page.slice(start, end))))) break;
      take(start, end);
      if (newline === -1 || newline >= stop) break;
      start = newline + 1;
    }
  } else {
    let end = page.length;
    while (end >= stop) {
      const newline = end === 0 ? -1 : page.lastIndexOf('\n', end - 1);
      const start = Math.max(newline + 1, stop);
      if (lines.length === count && !(column && isColumnKey(lineKey(page.slice(start, end))))) break;
      take(start, end);
      if (newline < stop) break;
      end = newline;
    }
    lines.reverse();
  }
  return lines;
}

/**
 * The first and last EDGE_LINES non-empty lines of a page, in page order (all of them when the page
 * has no more than 2 × EDGE_LINES): only lines at an edge can be furniture, so the body of a page is
 * never split into lines. A run of column lines counts as one line.
 */
function edgeLinesOf(page: string): Line[] {
  const head = scanLines(page, true, EDGE_LINES, page.length);
  const last = head[head.length - 1];
  // Backwards from the end, down to (not into) the head lines already taken.
  const from = last ? last.end + 1 : 0;
  if (from > page.length) return head;
  const tail = scanLines(page, false, EDGE_LINES, from);
  return head.concat(tail);
}

export interface Furniture {
  /** Per page, the furniture ranges [start, end) in page-local offsets, line breaks included, ascending. */
  ranges: Array<Array<[number, number]>>;
  /** Keys (see lineKey) of the running lines found, for stripping them out of stored quotes. */
  keys: Set<string>;
}

/**
 * Finds the running headers, footers and page numbers of a document: lines among the first or last
 * EDGE_LINES of a page that recur (digits ignored) at that edge on at least REPEATED_SHARE of the
 * pages, and lines at an edge that read as a page number. Only a run of such lines from the edge
 * inwards counts, so a body line that happens to look like a header is kept.
 */
export function detectFurniture(pages: readonly string[]): Furniture {
  const perPage = pages.map(edgeLinesOf);
  const top = new Map<string, number>();
  const bottom = new Map<string, number>();
  for (const lines of perPage) {
    const seenTop = new Set<string>();
    const seenBottom = new Set<string>();
    for (const line of lines.slice(0, EDGE_LINES)) seenTop.add(line.key);
    for (const line of lines.slice(-EDGE_LINES)) seenBottom.add(line.key);
    for (const key of seenTop) top.set(key, (top.get(key) ?? 0) + 1);
    for (const key of seenBottom) bottom.set(key, (bottom.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length * REPEATED_SHARE));
  const keys = new Set<string>();
  // Running lines of each edge long enough to be told apart at the start (end) of a longer line.
  const headers: string[] = [];
  const footers: string[] = [];
  const running = (key: string, count: number) =>
    count >= needed && key.length <= MAX_RUNNING_LINE && !SENTENCE_END.test(key);
  if (pages.length >= MIN_PAGES) {
    for (const [key, count] of top) if (running(key, count)) headers.push(key);
    for (const [key, count] of bottom) if (running(key, count)) footers.push(key);
  }
  for (const key of [...headers, ...footers]) keys.add(key);
  // The longest first, so that a line starting with two running lines' text loses the longer.
  const joinable = (found: string[]) =>
    found.filter((key) => key.replace(/#/g, '').length >= MIN_JOINED_LINE).sort((a, b) => b.length - a.length);
  const joinedHeaders = joinable(headers);
  const joinedFooters = joinable(footers);
  const isPageNumber = (key: string) => pages.length >= 2 && PAGE_NUMBER.test(key.replace(/#/g, '1'));
  const columnKeys = new Set<string>();
  const ranges = perPage.map((lines, p) => {
    const page = pages[p] as string;
    const found: Array<[number, number]> = [];
    const edge = (line: Line) => keys.has(line.key) || isPageNumber(line.key);
    let head = 0;
    while (head < Math.min(EDGE_LINES, lines.length) && edge(lines[head] as Line)) head++;
    let tail = lines.length;
    while (tail > Math.max(head, lines.length - EDGE_LINES) && edge(lines[tail - 1] as Line)) tail--;
    // A running line the extraction ran together with the text after it (or before it) on one
    // line: the running part alone is furniture.
    const joinedHead =
      head < tail && head < EDGE_LINES ? runningPart(page, lines[head] as Line, joinedHeaders, true) : -1;
    const joinedTail =
      tail - 1 > head && tail > lines.length - EDGE_LINES
        ? runningPart(page, lines[tail - 1] as Line, joinedFooters, false)
        : -1;
    for (let i = 0; i < lines.length; i++) {
      if (i >= head && i < tail) continue;
      const line = lines[i] as Line;
      // A stored quote written across this column holds its lines one by one.
      for (const part of line.parts) columnKeys.add(part);
      // The line with its own line break; the last line of a page takes the break before it.
      let { start, end } = line;
      if (page.charCodeAt(end) === 10) end++;
      else if (start > 0 && page.charCodeAt(start - 1) === 10) start--;
      // Ranges ascend; one that takes the break before it may touch the one before: merge them.
      const last = found[found.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else found.push([start, end]);
    }
    if (joinedHead !== -1) insertRange(found, [(lines[head] as Line).start, joinedHead]);
    if (joinedTail !== -1) insertRange(found, [joinedTail, (lines[tail - 1] as Line).end]);
    return found;
  });
  for (const key of columnKeys) keys.add(key);
  return { ranges, keys };
}

/** Adds [start, end) to ascending ranges, merged with one it touches. */
function insertRange(ranges: Array<[number, number]>, range: [number, number]): void {
  let i = 0;
  while (i < ranges.length && (ranges[i] as [number, number])[1] < range[0]) i++;
  const next = ranges[i];
  if (next && next[0] <= range[1]) {
    next[0] = Math.min(next[0], range[0]);
    next[1] = Math.max(next[1], range[1]);
  } else ranges.splice(i, 0, range);
}

/**
 * Where a running line ends at the start of `line` (`atStart`), or starts at its end, as a
 * page-local offset: the line reads one of `running` (keys, see lineKey) and then more. -1 if none.
 */
function runningPart(page: string, line: Line, running: readonly string[], atStart: boolean): number {
  if (line.parts.length > 0) return -1;
  for (const key of running) {
    if (key.length >= line.key.length) continue;
    if (atStart ? !line.key.startsWith(key) : !line.key.endsWith(key)) continue;
    const at = atStart ? keyEnd(page, line.start, key) : keyStart(page, line.end, key);
    if (at !== -1) return at;
  }
  return -1;
}

/** The offset after `key` read forwards from `from` as lineKey reads text (spaces skipped, a run of digits as `#`). */
function keyEnd(page: string, from: number, key: string): number {
  let i = from;
  for (let k = 0; k < key.length; k++) {
    while (/\s/.test(page[i] ?? '')) i++;
    if (key[k] === '#') {
      if (!/\d/.test(page[i] ?? '')) return -1;
      while (/\d/.test(page[i] ?? '')) i++;
    } else if (page[i] === key[k]) i++;
    else return -1;
  }
  return i;
}

/** The offset where `key` starts, read backwards from `to` as lineKey reads text. */
function keyStart(page: string, to: number, key: string): number {
  let i = to;
  for (let k = key.length - 1; k >= 0; k--) {
    while (/\s/.test(page[i - 1] ?? '')) i--;
    if (key[k] === '#') {
      if (!/\d/.test(page[i - 1] ?? '')) return -1;
      while (/\d/.test(page[i - 1] ?? '')) i--;
    } else if (page[i - 1] === key[k]) i--;
    else return -1;
  }
  return i;
}

/** Whether a line break between `before` and `after` (character codes, -1 at an end) is dropped rather than read as a space. */
export function joinsWithoutSpace(before: number, after: number): boolean {
  return before === -1 || after === -1 || before > 0x7f || after > 0x7f || before === 32 || after === 32;
}

/**
 * Stored text (a quote, prefix or suffix, possibly written before furniture was left out) in the
 * body's form: running lines of this document dropped, line breaks removed between CJK characters
 * and read as a space between Latin ones.
 */
export function toBodyForm(text: string, keys: ReadonlySet<string>): string {
  if (!/[\n\r]/.test(text)) return text;
  let lines = text.split(/\r?\n|\r/);
  if (keys.size > 0 || lines.length > 2) {
    // Whole lines only (not the partial first and last): a running line or a page number.
    lines = lines.filter((line, i) => {
      if (i === 0 || i === lines.length - 1) return true;
      const key = lineKey(line);
      return !(keys.has(key) || PAGE_NUMBER.test(key.replace(/#/g, '1')));
    });
  }
  let out = lines[0] as string;
  for (let i = 1; i < lines.length; i++) {
    const next = lines[i] as string;
    const before = out.length > 0 ? out.charCodeAt(out.length - 1) : -1;
    const after = next.length > 0 ? next.charCodeAt(0) : -1;
    out += joinsWithoutSpace(before, after) ? next : ` ${next}`;
  }
  return out;
}

export interface BodyMap {
  /** Body pages: each raw page without furniture and line breaks. */
  pages: string[];
  /**
   * bodyToRaw[i]: global raw offset of body character i (for a space read from line breaks, the
   * first of them); one extra entry, the raw length. Ascending, so raw → body is a binary search.
   */
  bodyToRaw: Int32Array;
}

/**
 * Builds the body of a document from its raw pages and their furniture, in one pass over the
 * characters into typed arrays (no per-character strings): a run of line breaks is dropped, or
 * read as one space between Latin characters, judged on the body characters around it.
 */
export function buildBody(pages: readonly string[], furniture: Furniture): BodyMap {
  let rawLength = 0;
  for (const page of pages) rawLength += page.length;
  const codes = new Uint16Array(rawLength);
  const bodyToRaw = new Int32Array(rawLength + 1);
  const pageEnds: number[] = [];
  let length = 0;
  let base = 0;
  // The first line break of a run not yet judged (its raw offset), or -1.
  let pendingBreak = -1;
  for (let p = 0; p < pages.length; p++) {
    const page = pages[p] as string;
    const ranges = furniture.ranges[p] ?? [];
    let r = 0;
    let skipFrom = ranges.length > 0 ? (ranges[0] as [number, number])[0] : -1;
    for (let i = 0; i < page.length; i++) {
      if (i === skipFrom) {
        i = (ranges[r] as [number, number])[1] - 1;
        r++;
        skipFrom = r < ranges.length ? (ranges[r] as [number, number])[0] : -1;
        continue;
      }
      const code = page.charCodeAt(i);
      if (code === 10 || code === 13) {
        if (pendingBreak === -1) pendingBreak = base + i;
        continue;
      }
      if (pendingBreak !== -1) {
        const before = length > 0 ? (codes[length - 1] as number) : -1;
        if (!joinsWithoutSpace(before, code)) {
          codes[length] = 32;
          bodyToRaw[length] = pendingBreak;
          length++;
        }
        pendingBreak = -1;
      }
      codes[length] = code;
      bodyToRaw[length] = base + i;
      length++;
    }
    pageEnds.push(length);
    base += page.length;
  }
  bodyToRaw[length] = rawLength;
  const bodyPages: string[] = [];
  let from = 0;
  for (const end of pageEnds) {
    bodyPages.push(decode(codes, from, end));
    from = end;
  }
  return { pages: bodyPages, bodyToRaw: bodyToRaw.slice(0, length + 1) };
}

const utf16 = new TextDecoder('utf-16le');

function decode(codes: Uint16Array, from: number, to: number): string {
  // One code unit in, one out: a lone surrogate becomes U+FFFD, so offsets never shift.
  return to > from ? utf16.decode(codes.subarray(from, to)) : '';
}
