/**
 * The time a marker spends on an attempt: it runs while the page is in front of them and stops
 * while the tab is hidden. `base` is the time of earlier visits (kept in the browser), so a
 * resumed attempt counts on from where it stopped.
 */
export class AttemptClock {
  #base: number;
  #since: number | null = null;
  readonly #now: () => number;

  constructor(base = 0, now: () => number = () => performance.now()) {
    this.#base = Math.max(0, base);
    this.#now = now;
  }

  get running(): boolean {
    return this.#since !== null;
  }

  start(): void {
    if (this.#since === null) this.#since = this.#now();
  }

  stop(): void {
    if (this.#since === null) return;
    this.#base += Math.max(0, this.#now() - this.#since);
    this.#since = null;
  }

  /** Milliseconds so far, this visit included. */
  elapsed(): number {
    return this.#base + (this.#since === null ? 0 : Math.max(0, this.#now() - this.#since));
  }
}

/** A stored elapsed time, if it is a sane one (whole, not negative, under a week). */
export function parseElapsed(raw: string): number | null {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 0 && value < 7 * 24 * 3600_000 ? value : null;
}
