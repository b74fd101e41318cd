/**
 * Which tables have changed since a value was read from them, so that a hot read (the caller's
 * session, the review lists' data version) can be kept in memory and re-read only after a write
 * that could change it. Writes are seen three ways:
 * - this process's own statements, through the watched Kysely driver (`watched-dialect.ts`), at
 *   execution and again at commit;
 * - on SQLite, another process's commits, through `PRAGMA data_version`, read at most once in
 *   5 ms (so such a commit is seen within 5 ms);
 * - on PostgreSQL, other instances' commits, through LISTEN/NOTIFY (`pg-listener.ts`). While that
 *   listener is not connected the feed is unwatched and every caller reads the database.
 */
/** How long a reading of another process's commits is trusted. */
const EXTERNAL_CHECK_MS = 5;

export class ChangeFeed {
  /** Statements this process has sent, for tests that count the cost of a call. */
  statements = 0;
  private readonly generations = new Map<string, number>();
  /** Bumped by writes whose tables are unknown (DDL, raw SQL) and when the watch is regained. */
  private everything = 0;
  private watched: boolean;
  private readonly externalVersion: (() => number) | null;
  private lastExternal: number | null = null;
  private externalCheckedAt = Number.NEGATIVE_INFINITY;

  /**
   * @param options.watched whether every write reaches the feed from the start (SQLite: yes;
   *   PostgreSQL: only once its listener is connected).
   * @param options.externalVersion a cheap synchronous reading that changes when another
   *   connection commits (SQLite's `PRAGMA data_version`).
   */
  constructor(options: { watched: boolean; externalVersion?: () => number }) {
    this.watched = options.watched;
    this.externalVersion = options.externalVersion ?? null;
  }

  /**
   * A stamp that grows whenever any of `tables` may have changed, or null while changes cannot be
   * seen (the caller must then read the database). Compare stamps with `===`.
   */
  stamp(tables: readonly string[]): number | null {
    if (!this.watched) return null;
    if (this.externalVersion && performance.now() - this.externalCheckedAt >= EXTERNAL_CHECK_MS) {
      this.externalCheckedAt = performance.now();
      const external = this.externalVersion();
      if (external !== this.lastExternal) {
        if (this.lastExternal !== null) this.everything++;
        this.lastExternal = external;
      }
    }
    let sum = this.everything;
    for (const table of tables) sum += this.generations.get(table) ?? 0;
    return sum;
  }

  /** Records a write to these tables; `null` means the tables are unknown. */
  changed(tables: readonly string[] | null): void {
    if (tables === null) {
      this.everything++;
      return;
    }
    for (const table of tables) this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  /** The remote watch was lost (stop trusting memory) or regained (trust it again, from scratch). */
  setWatched(watched: boolean): void {
    this.everything++;
    this.watched = watched;
  }

  get isWatched(): boolean {
    return this.watched;
  }
}

/**
 * A value read from the database and kept until the feed says one of its tables changed.
 * `read` runs at most once at a time; a value read while a change happened is not trusted.
 */
export class Memo<T> {
  private value: { stamp: number; value: T } | null = null;
  private pending: { stamp: number; promise: Promise<T> } | null = null;
  private readonly feed: ChangeFeed;
  private readonly tables: readonly string[];

  constructor(feed: ChangeFeed, tables: readonly string[]) {
    this.feed = feed;
    this.tables = tables;
  }

  /** The kept value when it is still current, without a promise; undefined otherwise. */
  peek(): T | undefined {
    const stamp = this.feed.stamp(this.tables);
    return stamp !== null && this.value?.stamp === stamp ? this.value.value : undefined;
  }

  async get(read: () => Promise<T>): Promise<T> {
    const stamp = this.feed.stamp(this.tables);
    if (stamp === null) return read();
    if (this.value?.stamp === stamp) return this.value.value;
    if (this.pending?.stamp === stamp) return this.pending.promise;
    const promise = read().then(
      (value) => {
        // Kept under the stamp taken before the read: a change during the read makes it stale at once.
        if (this.pending?.promise === promise) this.pending = null;
        this.value = { stamp, value };
        return value;
      },
      (error: unknown) => {
        if (this.pending?.promise === promise) this.pending = null;
        throw error;
      },
    );
    this.pending = { stamp, promise };
    return promise;
  }
}

const READ_SQL = /^\s*(select|pragma|explain|values|show)\b/i;
const WRITE_TABLE =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:"?(?:public|main)"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/**
 * The tables a statement writes: [] for a read, the target table for a plain insert, update or
 * delete, null when it may write something unknown (DDL, a CTE, a transaction statement).
 */
export function writtenTables(sql: string): string[] | null {
  if (READ_SQL.test(sql)) return [];
  if (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql)) return [];
  const match = WRITE_TABLE.exec(sql);
  if (match?.[1]) return [match[1].toLowerCase()];
  if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(sql)) return [];
  return null;
}
