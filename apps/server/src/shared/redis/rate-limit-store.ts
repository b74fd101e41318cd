import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, FAIL_FAST, redisReady } from './redis-client.ts';

export interface SharedRateLimit {
  /** Spread into @fastify/rate-limit's options: its Redis store, under REDIS_PREFIX. */
  options: { redis: Redis; nameSpace: string; skipOnError: boolean };
  /** True once connected; false when Redis cannot be reached at start (the limit is skipped meanwhile). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The rate limits' counters in Redis, so that every instance counts one address together
 * (adr/016). Commands fail at once while Redis is unreachable (no offline queue, one try) and the
 * limit is then skipped, with a warning: a Redis outage must not stop sign-ins, and the
 * per-account lockout lives in the database regardless.
 */
export function createSharedRateLimit(url: string, prefix: string, logger: FastifyBaseLogger): SharedRateLimit {
  const client = connectRedis(url, logger, 'rate-limit', FAIL_FAST);
  return {
    options: { redis: client, nameSpace: `${prefix}rate:`, skipOnError: true },
    ready: () => redisReady(client),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
