import type { AnnotationDto } from '@zikao/contract/annotation';
import { type NewOutboxOp, type OutboxOp, opTarget } from './annotation-model.ts';

/** Where queued changes wait: IndexedDB in the browser, memory in tests. */
export interface OutboxStore {
  load(documentId: number): Promise<OutboxOp[]>;
  put(op: OutboxOp): Promise<void>;
  remove(op: OutboxOp): Promise<void>;
}

/** How a failed send is handled. */
export type FailureKind =
  /** No answer (offline, timeout) or a server fault: keep the op and try again later. */
  | 'retry'
  /** 1080001: someone else changed the annotation; drop our change to it and refetch. */
  | 'conflict'
  /** The server refused the change for good (invalid, forbidden): drop it and say so. */
  | 'reject'
  /** The session ended or the request was cancelled: keep everything and stop. */
  | 'stop';

export interface OutboxOptions {
  documentId: number;
  store: OutboxStore;
  send(op: OutboxOp): Promise<unknown>;
  classify(error: unknown): FailureKind;
  onChange?(): void;
  /** A change was confirmed, with the server's answer (the annotation, or the reply). */
  onSaved?(op: OutboxOp, result: unknown): void;
  onConflict?(op: OutboxOp, error: unknown): void;
  onRejected?(op: OutboxOp, error: unknown): void;
  /** Timer seam for tests. */
  setTimer?(callback: () => void, ms: number): () => void;
  now?(): number;
}

export type OutboxState = 'idle' | 'saving' | 'offline';

/** Backoff after the n-th failure in a row: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The autosave queue of one document. Changes are stored first, then sent one at a time in order;
 * the server answers a repeated save as before, so a change whose answer was lost is safely sent
 * again. A failed send waits with backoff (or for `retryNow`, e.g. on the `online` event).
 */
export class Outbox {
  readonly #options: OutboxOptions;
  #ops: OutboxOp[] = [];
  #failures = 0;
  #cancelTimer: (() => void) | null = null;
  #running = false;
  #stopped = false;
  #disposed = false;
  #lastSeq = 0;
  #lastError: unknown = null;
  /** Ops sent at least once (or left by an earlier visit): their content may already be applied. */
  readonly #attempted = new Set<number>();
  /** Revisions the server returned to this queue, so a change enqueued later builds on them. */
  readonly #revisions = new Map<string, number>();
  #wakeUp = false;

  constructor(options: OutboxOptions) {
    this.#options = options;
  }

  /** Loads what an earlier visit left in the queue and starts sending it. */
  async init(): Promise<OutboxOp[]> {
    const loaded = await this.#options.store.load(this.#options.documentId);
    loaded.sort((a, b) => a.seq - b.seq);
    this.#ops = [...loaded, ...this.#ops];
    this.#lastSeq = Math.max(this.#lastSeq, ...loaded.map((op) => op.seq));
    for (const op of loaded) this.#attempted.add(op.seq);
    this.#changed();
    this.flush();
    return [...this.#ops];
  }

  get pending(): readonly OutboxOp[] {
    return this.#ops;
  }

  get state(): OutboxState {
    if (this.#ops.length === 0) return 'idle';
    return this.#failures > 0 ? 'offline' : 'saving';
  }

  get lastError(): unknown {
    return this.#lastError;
  }

  /** Queues a change. A save of an annotation whose previous save is still waiting replaces it. */
  async enqueue(change: NewOutboxOp): Promise<OutboxOp> {
    const now = this.#options.now?.() ?? Date.now();
    // Time-based so that two tabs writing to the same store do not reuse a key.
    const seq = Math.max(now * 1000, this.#lastSeq + 1);
    this.#lastSeq = seq;
    const op = { ...change, seq } as OutboxOp;
    if (op.type !== 'reply') {
      const known = this.#revisions.get(opTarget(op));
      if (known !== undefined && known > op.baseRevision) op.baseRevision = known;
    }
    const last = this.#ops.at(-1);
    if (
      op.type === 'save' &&
      last?.type === 'save' &&
      !this.#attempted.has(last.seq) &&
      last.annotation.id === op.annotation.id
    ) {
      const merged: OutboxOp = { ...last, annotation: op.annotation };
      this.#ops[this.#ops.length - 1] = merged;
      // Shown as pending at once: the screen must not say 已保存 while the store is still writing.
      this.#changed();
      await this.#options.store.put(merged);
      this.flush();
      return merged;
    }
    this.#ops.push(op);
    this.#changed();
    await this.#options.store.put(op);
    this.flush();
    return op;
  }

  /** Sends whatever waits, unless a send is running or a retry is scheduled. */
  flush(): void {
    if (this.#running || this.#cancelTimer || this.#disposed) return;
    this.#stopped = false;
    void this.#run();
  }

  /** Forgets the backoff and sends at once (the browser came back online). */
  retryNow(): void {
    if (this.#running) this.#wakeUp = true;
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    this.#failures = Math.min(this.#failures, 1);
    this.flush();
  }

  dispose(): void {
    this.#disposed = true;
    this.#cancelTimer?.();
    this.#cancelTimer = null;
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      while (!this.#disposed && !this.#stopped) {
        const op = this.#ops[0];
        if (!op) break;
        this.#attempted.add(op.seq);
        this.#wakeUp = false;
        this.#changed();
        let result: unknown;
        try {
          result = await this.#options.send(op);
        } catch (error) {
          if (await this.#failed(op, error)) continue;
          if (this.#wakeUp) {
            // The network came back while this send was failing: try again at once.
            this.#wakeUp = false;
            this.#cancelTimer?.();
            this.#cancelTimer = null;
            continue;
          }
          break;
        }
        this.#failures = 0;
        this.#lastError = null;
        await this.#settle(op);
        const saved = result as AnnotationDto | null | undefined;
        if (op.type !== 'reply' && typeof saved?.revision === 'number') {
          this.#revisions.set(opTarget(op), saved.revision);
          await this.#rebase(op, saved.revision);
        }
        this.#options.onSaved?.(op, result);
        this.#changed();
      }
    } finally {
      this.#running = false;
    }
  }

  /** Handles a failed send; true when the queue may go on with the next op. */
  async #failed(op: OutboxOp, error: unknown): Promise<boolean> {
    const kind = this.#options.classify(error);
    this.#lastError = error;
    if (kind === 'retry') {
      this.#failures++;
      this.#changed();
      const setTimer =
        this.#options.setTimer ??
        ((callback, ms) => {
          const handle = setTimeout(callback, ms);
          return () => clearTimeout(handle);
        });
      this.#cancelTimer = setTimer(() => {
        this.#cancelTimer = null;
        this.flush();
      }, retryDelay(this.#failures));
      return false;
    }
    if (kind === 'stop') {
      this.#stopped = true;
      this.#changed();
      return false;
    }
    this.#failures = 0;
    // Later changes to the same annotation were built on the refused one; they go with it.
    const target = opTarget(op);
    const dropped = kind === 'conflict' ? this.#ops.filter((item) => opTarget(item) === target) : [op];
    for (const item of dropped) await this.#settle(item);
    if (kind === 'conflict') this.#options.onConflict?.(op, error);
    else this.#options.onRejected?.(op, error);
    this.#changed();
    return true;
  }

  async #settle(op: OutboxOp): Promise<void> {
    this.#ops = this.#ops.filter((item) => item !== op);
    await this.#options.store.remove(op);
  }

  /** Later changes to the same annotation now build on the revision the server just gave it. */
  async #rebase(op: OutboxOp, revision: number): Promise<void> {
    const target = opTarget(op);
    for (let i = 0; i < this.#ops.length; i++) {
      const item = this.#ops[i] as OutboxOp;
      if (item.type === 'reply' || opTarget(item) !== target) continue;
      const rebased = { ...item, baseRevision: revision };
      this.#ops[i] = rebased;
      await this.#options.store.put(rebased);
    }
  }

  #changed(): void {
    this.#options.onChange?.();
  }
}

/** An outbox store in memory, for tests and for browsers without IndexedDB. */
export class MemoryOutboxStore implements OutboxStore {
  readonly ops = new Map<string, OutboxOp>();

  async load(documentId: number): Promise<OutboxOp[]> {
    return [...this.ops.values()].filter((op) => op.documentId === documentId).map((op) => ({ ...op }));
  }

  async put(op: OutboxOp): Promise<void> {
    this.ops.set(`${op.documentId}:${op.seq}`, { ...op });
  }

  async remove(op: OutboxOp): Promise<void> {
    this.ops.delete(`${op.documentId}:${op.seq}`);
  }
}
