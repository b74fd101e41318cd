/**
 * Remembers recent list answers per caller and query, each tagged with the data version it was
 * computed at. A hit is served only while the version is unchanged, so a reviewer who submits a
 * review sees the new status on the next list call; the short lifetime bounds what a change the
 * version does not see (a renamed candidate, a deleted thesis) can leave stale. One per process:
 * every instance checks the shared database's version, so several instances stay correct.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, { version: string; storedAt: number; value: T }>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(options: { maxEntries: number; maxAgeMs: number }) {
    this.maxEntries = options.maxEntries;
    this.maxAgeMs = options.maxAgeMs;
  }

  get(key: string, version: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert so that the Map's order stays least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: T, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { version, storedAt: now, value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
