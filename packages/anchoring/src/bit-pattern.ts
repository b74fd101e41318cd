/**
 * Bit-parallel approximate string matching after Myers (1999), in the block form that lets a
 * pattern of any length run over 32-bit words. Column j of the edit-distance matrix between the
 * pattern and the text is kept as two bit vectors of vertical +1/−1 deltas, so one text character
 * costs a handful of word operations per 32 pattern characters instead of m cell updates.
 *
 * Characters are UTF-16 code units: a surrogate pair counts as two, which only makes an edit of an
 * astral character cost two instead of one.
 */

/**
 * Maps a code unit to 1 + its slot in the active pattern's equality table; 0 means "not in the
 * pattern". Filled at the start of each scan and cleared at its end, so lookups in the hot loop
 * are one typed-array read. Scans (and pattern construction, which numbers slots with it) are
 * synchronous and never nest, so one table serves them all.
 */
const charSlots = new Int32Array(65536);

const TOP_BIT = 0x80000000 | 0;

export interface AnchoredMatch {
  /** Fewest edits turning the pattern into text that starts exactly at the scan origin. */
  errors: number;
  /** The far edge of that text: its end for a forward scan, its start for a backward one. */
  edge: number;
  /** With `collectTies`: every far edge reaching the same fewest errors, nearest first. */
  ties: number[];
}

export class BitPattern {
  readonly pattern: string;
  readonly length: number;
  readonly #blocks: number;
  readonly #lastBit: number;
  readonly #codes: number[];
  /** `equalities[(slot) * blocks + b]`: bit i set where pattern[32b + i] is that slot's character. */
  readonly #equalities: Int32Array;
  readonly #positive: Int32Array;
  readonly #negative: Int32Array;

  constructor(pattern: string) {
    this.pattern = pattern;
    const m = pattern.length;
    this.length = m;
    const blocks = Math.max(1, Math.ceil(m / 32));
    this.#blocks = blocks;
    this.#lastBit = m === 0 ? 0 : 1 << ((m - 1) & 31);
    // Slots are numbered through the shared table, which is all zeros between scans.
    const codes: number[] = [];
    for (let i = 0; i < m; i++) {
      const code = pattern.charCodeAt(i);
      if (charSlots[code] === 0) {
        codes.push(code);
        charSlots[code] = codes.length;
      }
    }
    const equalities = new Int32Array((codes.length + 1) * blocks);
    for (let i = 0; i < m; i++) {
      const at = (charSlots[pattern.charCodeAt(i)] as number) * blocks + (i >> 5);
      equalities[at] = (equalities[at] as number) | (1 << (i & 31));
    }
    for (const code of codes) charSlots[code] = 0;
    this.#codes = codes;
    this.#equalities = equalities;
    this.#positive = new Int32Array(blocks);
    this.#negative = new Int32Array(blocks);
  }

  /**
   * Scans text[from, to) for substrings within `maxErrors` edits of the pattern and reports the end
   * (exclusive) of each local minimum of the edit distance: one end per distinct match, or the
   * ends of a plateau of equal minimal scores (see reportMinimum). `preferredEnd` (where the match
   * is expected to end, or -1) keeps the ends of a long plateau near it too.
   */
  search(
    text: string,
    from: number,
    to: number,
    maxErrors: number,
    onMatch: (end: number, errors: number) => void,
    preferredEnd = -1,
  ): void {
    const m = this.length;
    if (m === 0) return;
    this.#activate();
    try {
      this.#reset();
      let score = m;
      let previous = m;
      let pendingEnd = -1;
      let pendingErrors = 0;
      let plateauEnd = -1;
      const single = this.#blocks === 1;
      const equalities = this.#equalities;
      const lastBit = this.#lastBit;
      const blocks = this.#blocks;
      const positive = this.#positive;
      const negative = this.#negative;
      // One 32-bit block: the whole column lives in two locals (the common case, quotes ≤ 32 units).
      let pv = -1;
      let mv = 0;
      for (let j = from; j < to; j++) {
        const code = text.charCodeAt(j);
        if (single) {
          const eq = equalities[charSlots[code] as number] as number;
          const xv = eq | mv;
          const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
          let ph = mv | ~(xh | pv);
          let mh = pv & xh;
          if ((ph & lastBit) !== 0) score++;
          else if ((mh & lastBit) !== 0) score--;
          ph <<= 1;
          mh <<= 1;
          pv = mh | ~(xv | ph);
          mv = ph & xv;
        } else {
          // Several blocks: the carry between them is the horizontal delta at the block boundary.
          const base = (charSlots[code] as number) * blocks;
          let carry = 0;
          for (let b = 0; b < blocks; b++) {
            let eq = equalities[base + b] as number;
            const bpv = positive[b] as number;
            const bmv = negative[b] as number;
            const xv = eq | bmv;
            if (carry < 0) eq |= 1;
            const xh = ((((eq & bpv) + bpv) | 0) ^ bpv) | eq;
            let ph = bmv | ~(xh | bpv);
            let mh = bpv & xh;
            const high = b === blocks - 1 ? lastBit : TOP_BIT;
            const out = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
            ph <<= 1;
            mh <<= 1;
            if (carry < 0) mh |= 1;
            else if (carry > 0) ph |= 1;
            positive[b] = mh | ~(xv | ph);
            negative[b] = ph & xv;
            carry = out;
          }
          score += carry;
        }
        if (score < previous) {
          pendingEnd = j + 1;
          plateauEnd = j + 1;
          pendingErrors = score;
        } else if (score === previous) {
          plateauEnd = j + 1;
        } else if (pendingEnd !== -1) {
          if (pendingErrors <= maxErrors) reportMinimum(pendingEnd, plateauEnd, pendingErrors, onMatch, preferredEnd);
          pendingEnd = -1;
        }
        previous = score;
      }
      if (pendingEnd !== -1 && pendingErrors <= maxErrors)
        reportMinimum(pendingEnd, plateauEnd, pendingErrors, onMatch, preferredEnd);
    } finally {
      this.#deactivate();
    }
  }

  /**
   * Aligns the whole pattern with text that begins exactly at `origin` and extends towards `limit`
   * (forwards when limit > origin, backwards otherwise, in which case build the pattern reversed).
   * Returns the best alignment over every possible far edge; among ties, the text whose length is
   * nearest `preferredLength` (by default the shortest), and on request every tied edge.
   */
  alignFrom(text: string, origin: number, limit: number, preferredLength = 0, collectTies = false): AnchoredMatch {
    const m = this.length;
    let best = m;
    let edge = origin;
    let ties: number[] = [];
    if (m === 0) return { errors: 0, edge, ties };
    const step = limit >= origin ? 1 : -1;
    this.#activate();
    try {
      this.#reset();
      let score = m;
      const single = this.#blocks === 1;
      const equalities = this.#equalities;
      const lastBit = this.#lastBit;
      let pv = -1;
      let mv = 0;
      for (let j = origin; j !== limit; j += step) {
        const code = text.charCodeAt(step > 0 ? j : j - 1);
        // Row 0 of the matrix is 0, 1, 2, …: the match may not skip text at the origin, so a +1
        // carry enters the top of every column.
        if (single) {
          const eq = equalities[charSlots[code] as number] as number;
          const xv = eq | mv;
          const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
          let ph = mv | ~(xh | pv);
          let mh = pv & xh;
          if ((ph & lastBit) !== 0) score++;
          else if ((mh & lastBit) !== 0) score--;
          ph = (ph << 1) | 1;
          mh <<= 1;
          pv = mh | ~(xv | ph);
          mv = ph & xv;
        } else {
          score += this.#advance(code, 1);
        }
        const length = Math.abs(j + step - origin);
        if (score < best) {
          best = score;
          edge = j + step;
          if (collectTies) ties = [edge];
        } else if (score === best) {
          if (collectTies) ties.push(j + step);
          if (Math.abs(length - preferredLength) < Math.abs(Math.abs(edge - origin) - preferredLength)) edge = j + step;
        }
      }
    } finally {
      this.#deactivate();
    }
    return { errors: best, edge, ties };
  }

  #reset(): void {
    this.#positive.fill(-1);
    this.#negative.fill(0);
  }

  /** Advances every block by one text character; returns the change of the last row's score. */
  #advance(code: number, topCarry: number): number {
    const blocks = this.#blocks;
    const base = (charSlots[code] as number) * blocks;
    const equalities = this.#equalities;
    const positive = this.#positive;
    const negative = this.#negative;
    let carry = topCarry;
    for (let b = 0; b < blocks; b++) {
      let eq = equalities[base + b] as number;
      const pv = positive[b] as number;
      const mv = negative[b] as number;
      const xv = eq | mv;
      if (carry < 0) eq |= 1;
      const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      const high = b === blocks - 1 ? this.#lastBit : TOP_BIT;
      const out = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (carry < 0) mh |= 1;
      else if (carry > 0) ph |= 1;
      positive[b] = mh | ~(xv | ph);
      negative[b] = ph & xv;
      carry = out;
    }
    return carry;
  }

  #activate(): void {
    const codes = this.#codes;
    for (let i = 0; i < codes.length; i++) charSlots[codes[i] as number] = i + 1;
  }

  #deactivate(): void {
    const codes = this.#codes;
    for (let i = 0; i < codes.length; i++) charSlots[codes[i] as number] = 0;
  }
}

/** Plateaus up to this long report every end; longer ones only their first and last. */
const PLATEAU_REPORTED_WHOLE = 8;

/**
 * A minimum may be a plateau: the quote with its last characters deleted scores the same as with
 * them substituted or followed by one more character. Every end of a short plateau is reported
 * (of a long one, its two ends and those within PLATEAU_REPORTED_WHOLE / 2 of `preferred`, in a
 * run of one repeated character); the context decides between them.
 */
function reportMinimum(
  first: number,
  last: number,
  errors: number,
  onMatch: (end: number, errors: number) => void,
  preferred: number,
): void {
  if (last - first <= PLATEAU_REPORTED_WHOLE) {
    for (let end = first; end <= last; end++) onMatch(end, errors);
    return;
  }
  onMatch(first, errors);
  const half = PLATEAU_REPORTED_WHOLE >> 1;
  if (preferred >= 0) {
    const from = Math.max(first + 1, preferred - half);
    const to = Math.min(last - 1, preferred + half);
    for (let end = from; end <= to; end++) onMatch(end, errors);
  }
  onMatch(last, errors);
}

/** Reverses a string by UTF-16 units, the order in which a backward scan reads the text. */
export function reverseUnits(text: string): string {
  let out = '';
  for (let i = text.length - 1; i >= 0; i--) out += text[i];
  return out;
}
