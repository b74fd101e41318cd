import { LRUCache } from 'lru-cache';

/**
 * Values remembered by a string key, at most `maxEntries` of them, the least recently used
 * dropped first. Keys longer than `maxKeyLength` are never kept: these memos sit on calls anyone
 * can make, and the key is the caller's input. A value whose computation throws is not kept
 * either, nor is null or undefined (lru-cache keeps neither).
 */
export class KeyedMemo<V> {
  private readonly values: LRUCache<string, NonNullable<V>>;
  private readonly maxKeyLength: number;

  constructor(maxEntries: number, maxKeyLength: number) {
    this.values = new LRUCache({ max: maxEntries });
    this.maxKeyLength = maxKeyLength;
  }

  /** The value kept under `key`, or `compute()`'s, kept when the key may be (undefined: never). */
  get(key: string | undefined, compute: () => V): V {
    if (key === undefined || key.length > this.maxKeyLength) return compute();
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (value != null) this.values.set(key, value);
    return value;
  }
}
