/**
 * Values remembered by a string key, at most `maxEntries` of them, the oldest dropped first.
 * Keys longer than `maxKeyLength` are never kept: these memos sit on calls anyone can make, and
 * the key is the caller's input. A value whose computation throws is not kept either.
 */
export class KeyedMemo<V> {
  private readonly values = new Map<string, V>();
  private readonly maxEntries: number;
  private readonly maxKeyLength: number;

  constructor(maxEntries: number, maxKeyLength: number) {
    this.maxEntries = maxEntries;
    this.maxKeyLength = maxKeyLength;
  }

  /** The value kept under `key`, or `compute()`'s, kept when the key may be (undefined: never). */
  get(key: string | undefined, compute: () => V): V {
    if (key === undefined || key.length > this.maxKeyLength) return compute();
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.values.size >= this.maxEntries) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, value);
    return value;
  }
}
