import type { DependencyCheck, HealthInfo, ReadyInfo } from '@zikao/contract';
import { Redis } from 'ioredis';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { HealthRepository } from './health.repository.ts';

/** A dependency slower than this is reported down: a probe must not hang with it. */
const CHECK_TIMEOUT_MS = 2000;

async function timed(check: () => Promise<unknown>): Promise<DependencyCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', ms: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (the process answers) and readiness (what it needs answers too): the database, Redis
 * when REDIS_URL is set, and the file storage. Redis is pinged on a connection of its own, so a
 * probe never queues behind the board's or the queue's traffic.
 */
export class HealthService {
  private readonly repository: HealthRepository;
  private readonly storage: FileStorage;
  private readonly redis: Redis | null;

  constructor(deps: { repository: HealthRepository; storage: FileStorage; redisUrl: string | undefined }) {
    this.repository = deps.repository;
    this.storage = deps.storage;
    this.redis = deps.redisUrl
      ? new Redis(deps.redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: CHECK_TIMEOUT_MS,
          // Down is a state to report, not an error to log on every reconnect.
          retryStrategy: (times) => Math.min(times * 200, 2000),
        })
      : null;
    this.redis?.on('error', () => {});
  }

  health(): HealthInfo {
    return { status: 'ok', uptimeS: Math.round(process.uptime()) };
  }

  async ready(): Promise<ReadyInfo> {
    const [database, redis, storage] = await Promise.all([
      timed(() => this.repository.ping()),
      this.redis ? timed(() => this.pingRedis()) : Promise.resolve<DependencyCheck>({ status: 'off', ms: 0 }),
      timed(() => this.storage.check()),
    ]);
    const ready = database.status !== 'down' && redis.status !== 'down' && storage.status !== 'down';
    return { status: ready ? 'ready' : 'not-ready', checks: { database, redis, storage } };
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }

  private async pingRedis(): Promise<void> {
    const redis = this.redis as Redis;
    if (redis.status === 'wait') await redis.connect();
    await redis.ping();
  }
}
