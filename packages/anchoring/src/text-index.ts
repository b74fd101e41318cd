const BUCKET_BITS = 17;
const BUCKET_SHIFT = 32 - BUCKET_BITS;

function bucketOf(first: number, second: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca6b)) >>> BUCKET_SHIFT;
}

/**
 * An index of every bigram (pair of adjacent UTF-16 units) of a text, in compressed-row form.
 * Chinese has thousands of distinct characters, so almost any bigram of a quote is rare and
 * finding every occurrence of a string costs a few dozen comparisons instead of a scan.
 */
export class TextIndex {
  readonly text: string;
  /** Postings of bucket b are `positions[heads[b] .. heads[b + 1])`, ascending. */
  readonly #heads: Int32Array;
  readonly #positions: Int32Array;

  constructor(text: string) {
    this.text = text;
    const pairs = Math.max(0, text.length - 1);
    const buckets = new Int32Array(pairs);
    const heads = new Int32Array((1 << BUCKET_BITS) + 1);
    let previous = text.charCodeAt(0);
    for (let i = 0; i < pairs; i++) {
      const next = text.charCodeAt(i + 1);
      const bucket = bucketOf(previous, next);
      buckets[i] = bucket;
      heads[bucket + 1] = (heads[bucket + 1] as number) + 1;
      previous = next;
    }
    for (let b = 1; b < heads.length; b++) heads[b] = (heads[b] as number) + (heads[b - 1] as number);
    const cursor = heads.slice(0, heads.length - 1);
    const positions = new Int32Array(pairs);
    for (let i = 0; i < pairs; i++) {
      const bucket = buckets[i] as number;
      const at = cursor[bucket] as number;
      positions[at] = i;
      cursor[bucket] = at + 1;
    }
    this.#heads = heads;
    this.#positions = positions;
  }

  /**
   * Every offset at which `needle` occurs within [from, to) of the text, ascending.
   * Stops after `limit` hits, so callers can bail out on hopelessly common strings.
   */
  occurrences(needle: string, from = 0, to = this.text.length, limit = Number.POSITIVE_INFINITY): number[] {
    const found: number[] = [];
    const text = this.text;
    const length = needle.length;
    if (length === 0) return found;
    if (length === 1) {
      for (let i = text.indexOf(needle, from); i !== -1 && i + 1 <= to && found.length < limit; ) {
        found.push(i);
        i = text.indexOf(needle, i + 1);
      }
      return found;
    }
    // Look up the bigram with the shortest posting list, then verify each candidate in place.
    let bestAt = 0;
    let bestBucket = 0;
    let bestCount = Number.POSITIVE_INFINITY;
    for (let i = 0; i + 1 < length; i++) {
      const bucket = bucketOf(needle.charCodeAt(i), needle.charCodeAt(i + 1));
      const count = (this.#heads[bucket + 1] as number) - (this.#heads[bucket] as number);
      if (count < bestCount) {
        bestCount = count;
        bestAt = i;
        bestBucket = bucket;
        if (count === 0) return found;
      }
    }
    const positions = this.#positions;
    const end = this.#heads[bestBucket + 1] as number;
    // One more character, compared inline, rejects most bucket collisions before startsWith.
    const checkAt = bestAt === length - 2 ? 0 : length - 1;
    const checkCode = needle.charCodeAt(checkAt);
    let p = lowerBound(positions, this.#heads[bestBucket] as number, end, from + bestAt);
    for (; p < end; p++) {
      const start = (positions[p] as number) - bestAt;
      if (start + length > to) break;
      if (text.charCodeAt(start + checkAt) === checkCode && text.startsWith(needle, start)) {
        found.push(start);
        if (found.length >= limit) break;
      }
    }
    return found;
  }

  /** How many bigrams of `needle` fall in its rarest bucket: an upper bound on its occurrences. */
  rarity(needle: string): number {
    let best = this.text.length;
    for (let i = 0; i + 1 < needle.length; i++) {
      const bucket = bucketOf(needle.charCodeAt(i), needle.charCodeAt(i + 1));
      best = Math.min(best, (this.#heads[bucket + 1] as number) - (this.#heads[bucket] as number));
    }
    return best;
  }
}

function lowerBound(sorted: Int32Array, lo: number, hi: number, value: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((sorted[mid] as number) < value) a = mid + 1;
    else b = mid;
  }
  return a;
}
