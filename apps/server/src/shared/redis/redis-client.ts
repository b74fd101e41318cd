import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** While Redis stays unreachable, a connection reports it at most this often (the first error at once). */
export const REDIS_ERROR_LOG_EVERY_MS = 10_000;

/**
 * For connections that serve requests (adr/016): while Redis is unreachable a command fails at
 * once (no offline queue, one try after a dropped connection), and on a connection that went
 * silent it fails after `commandTimeout`, so a request never waits seconds for a Redis that is gone.
 */
export const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2000,
  commandTimeout: 2000,
  // Reconnects quickly after a blip, then every 2 s while Redis is away.
  retryStrategy: (times) => Math.min(times * 100, 2000),
};

/**
 * One ioredis connection for `purpose`. ioredis reconnects by itself; every client carries an
 * 'error' listener (without one an error event would crash the process), and an outage is logged
 * as a warning when it starts, then at most every REDIS_ERROR_LOG_EVERY_MS with the count of
 * errors in between, and once more (info) when the connection is back.
 */
export function connectRedis(
  url: string,
  logger: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  purpose: string,
  options: RedisOptions = {},
): Redis {
  const client = new Redis(url, options);
  let downSince: number | null = null;
  let loggedAt = 0;
  let unlogged = 0;
  client.on('error', (error: Error) => {
    const now = Date.now();
    if (downSince === null) {
      downSince = now;
      loggedAt = now;
      unlogged = 0;
      logger.warn({ err: error, purpose }, 'redis connection error; reconnecting');
      return;
    }
    if (now - loggedAt < REDIS_ERROR_LOG_EVERY_MS) {
      unlogged += 1;
      return;
    }
    logger.warn(
      { err: error, purpose, downForS: Math.round((now - downSince) / 1000), errorsSinceLastLog: unlogged + 1 },
      'redis still unreachable; reconnecting',
    );
    loggedAt = now;
    unlogged = 0;
  });
  client.on('ready', () => {
    if (downSince === null) return;
    logger.info({ purpose, downForS: Math.round((Date.now() - downSince) / 1000) }, 'redis connection restored');
    downSince = null;
  });
  return client;
}

/**
 * Waits for the client to connect at start-up: true once it is ready; false at its first
 * connection error or after `timeoutMs`. Never throws: an instance starts without Redis, answers
 * /health, reports Redis down on /ready, and the client keeps reconnecting (issue 32 §4.6).
 */
export async function redisReady(client: Redis, timeoutMs = 10_000): Promise<boolean> {
  if (client.status === 'ready') return true;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  let onError: (() => void) | undefined;
  try {
    return await new Promise<boolean>((resolve) => {
      onReady = () => resolve(true);
      onError = () => resolve(false);
      client.once('ready', onReady);
      client.once('error', onError);
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
  } finally {
    clearTimeout(timer);
    if (onReady) client.off('ready', onReady);
    if (onError) client.off('error', onError);
  }
}
