import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { eventually } from '../../test/eventually.ts';
import { closedPort, startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { BullConversionJobs, CONVERSION_QUEUE_NAME, conversionJobId } from './conversion-jobs.ts';

const REDIS = { host: '127.0.0.1', port: 6379 };
/** A fail-safe for waits on an event, not a measurement. */
const WAIT_MS = 15_000;

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const isUnavailable = (error: unknown) => (error as { code?: number }).code === 1090002;

/**
 * Issue 32 §4.6: the web instances' BullMQ queue when Redis cannot be reached. An add fails at
 * once with 1090002 (the document stays queued in the database for the worker's sweep), instead
 * of waiting for a connection an instance started without Redis never had.
 */
describe('the conversion queue without Redis', () => {
  const prefix = `test-jobs-outage-${process.pid}-${randomUUID().slice(0, 8)}:`;
  let jobs: BullConversionJobs | null = null;
  let proxy: TcpProxy | null = null;
  after(async () => {
    await jobs?.close();
    await proxy?.close();
    const redis = new Redis(`redis://${REDIS.host}:${REDIS.port}`);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('refuses adds at once while Redis is away, and adds again once it answers', async () => {
    const port = await closedPort();
    const queue = new BullConversionJobs({
      redisUrl: `redis://127.0.0.1:${port}`,
      prefix,
      logger: pino({ level: 'silent' }),
    });
    jobs = queue;
    assert.equal(await queue.ready(), false, 'nothing answers at start');
    await within(WAIT_MS, assert.rejects(queue.enqueue(41), isUnavailable));

    proxy = await startTcpProxy(REDIS, port);
    // Tried until the queue has connected (a fail-safe deadline, not a measurement).
    await eventually(async () => {
      const added = await within(
        WAIT_MS,
        queue.enqueue(41).then(
          () => true,
          () => false,
        ),
      );
      assert.ok(added, 'the queue connects once Redis answers');
    }, WAIT_MS);
    const reader = new Queue(CONVERSION_QUEUE_NAME, { connection: { ...REDIS }, prefix: `${prefix}bull` });
    try {
      assert.ok(await reader.getJob(conversionJobId(41)), 'the job is in Redis');
    } finally {
      await reader.close();
    }

    await proxy.cut();
    await within(WAIT_MS, assert.rejects(queue.enqueue(42), isUnavailable));
  });
});
