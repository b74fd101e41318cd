/** How a dropped board connection waits before each new attempt. */
export interface BackoffPolicy {
  /** The wait before the first retry. */
  baseMs: number;
  /** Each further failure multiplies the wait by this. */
  factor: number;
  /** The wait never grows past this. */
  maxMs: number;
  /** 0–1: the share of each wait taken off at random, so a class of viewers does not reconnect in one burst. */
  jitter: number;
}

/** 0.5 s, 1 s, 2 s, 4 s, 8 s, then every 15 s: quick after a blip, gentle on a server that is down. */
export const BOARD_BACKOFF: BackoffPolicy = { baseMs: 500, factor: 2, maxMs: 15_000, jitter: 0.3 };

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry after a drop): exponential,
 * capped, less a random share of up to `jitter` (`random` is `Math.random` unless a test fixes it).
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy = BOARD_BACKOFF, random = Math.random): number {
  const step = Math.max(0, Math.floor(attempt));
  // Past the cap the exponent no longer matters; stopping early keeps the number finite.
  const grown = policy.baseMs * policy.factor ** Math.min(step, 32);
  const capped = Math.min(policy.maxMs, grown);
  const share = Math.min(1, Math.max(0, policy.jitter)) * Math.min(1, Math.max(0, random()));
  return Math.round(capped * (1 - share));
}
