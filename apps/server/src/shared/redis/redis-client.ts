import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * One ioredis connection for `purpose`, set up as the board's are (adr/012): ioredis reconnects
 * by itself, and each error is logged as a warning rather than crashing the process.
 */
export function connectRedis(
  url: string,
  logger: Pick<FastifyBaseLogger, 'warn'>,
  purpose: string,
  options: RedisOptions = {},
): Redis {
  const client = new Redis(url, options);
  client.on('error', (error: Error) => logger.warn({ err: error, purpose }, 'redis connection error; reconnecting'));
  return client;
}

/** Resolves once the client is connected; fails after `timeoutMs` with a message an operator understands. */
export async function redisReady(client: Redis, timeoutMs = 10_000): Promise<void> {
  if (client.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onReady = resolve;
      client.once('ready', onReady);
      timer = setTimeout(() => reject(new Error('无法连接 Redis（REDIS_URL），请检查配置')), timeoutMs);
    });
  } finally {
    clearTimeout(timer);
    if (onReady) client.off('ready', onReady);
  }
}
