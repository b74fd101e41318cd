import { LRUCache } from 'lru-cache';

interface Entry<T> {
  version: string;
  storedAt: number;
  value: T;
}

/**
 * Remembers recent list answers per caller and query, each tagged with the data version it was
 * computed at. A hit is served only while the version is unchanged, so a reviewer who submits a
 * review sees the new status on the next list call. When the version does not cover everything
 * an answer shows (a renamed candidate), the short lifetime bounds how stale it can be; an
 * `exact` version (one that also moves with every such change) needs no lifetime. One per
 * process: every instance checks the shared database's version, so several instances stay correct.
 */
export class ListCache<T> {
  /** Least recently used out first; every hit (`get`, `load`, `peek`) counts as a use. */
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly maxAgeMs: number;

  constructor(options: { maxEntries: number; maxAgeMs: number }) {
    this.entries = new LRUCache({ max: options.maxEntries });
    this.maxAgeMs = options.maxAgeMs;
  }

  get(key: string, version: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, version: string, value: T, now = Date.now()): void {
    this.entries.set(key, { version, storedAt: now, value });
  }

  /**
   * The answer for `key` at `version`, computing it at most once at a time per key and version:
   * callers that miss together share one computation. An entry at the same version that has only
   * outlived its age is served while one refresh runs behind it, so a busy list never waits on
   * the expiry of its own answer.
   */
  async load(key: string, version: string, compute: () => Promise<T>, now = Date.now(), exact = false): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      if (!exact && now - entry.storedAt > this.maxAgeMs) void this.compute(key, version, compute, now).catch(() => {});
      return entry.value;
    }
    return this.compute(key, version, compute, now);
  }

  /**
   * The entry for `key` at `version`, whatever its age, with no promise: for a version that
   * covers everything the answer depends on (`exact` in `load`), so age bounds nothing.
   */
  peek(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || entry.version !== version) return undefined;
    return entry.value;
  }

  private readonly inflight = new Map<string, Promise<T>>();

  private compute(key: string, version: string, compute: () => Promise<T>, now: number): Promise<T> {
    const flightKey = `${version}\u0000${key}`;
    const running = this.inflight.get(flightKey);
    if (running) return running;
    const started = compute()
      .then((value) => {
        this.set(key, version, value, now);
        return value;
      })
      .finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, started);
    return started;
  }

  get size(): number {
    return this.entries.size;
  }
}
