import { type Job, Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { unavailable } from '../../shared/errors.ts';
import { connectRedis, FAIL_FAST, redisReady } from '../../shared/redis/redis-client.ts';

/** The BullMQ queue's name; its keys live under `<REDIS_PREFIX>bull:document-conversion:`. */
export const CONVERSION_QUEUE_NAME = 'document-conversion';

/** Tries of one job when its processor throws (the database down, say); a conversion's own failure is no throw. */
const ATTEMPTS = 5;

/** Where a document that needs LibreOffice goes when conversion runs in `npm run worker` processes. */
export interface ConversionJobs {
  /** Adds the document's job; a document already queued or being converted is not added twice. */
  enqueue(documentId: number): Promise<void>;
  /** Jobs waiting or running, for readiness and metrics. */
  counts(): Promise<{ waiting: number; active: number; failed: number }>;
  close(): Promise<void>;
}

export interface ConversionJobOptions {
  redisUrl: string;
  /** REDIS_PREFIX; BullMQ's prefix becomes `<prefix>bull`. */
  prefix: string;
  logger: FastifyBaseLogger;
}

function bullPrefix(prefix: string): string {
  return `${prefix}bull`;
}

/** The job id is the document id: BullMQ ignores an add whose id is waiting, delayed or active. */
export function conversionJobId(documentId: number): string {
  return `document-${documentId}`;
}

/** An add or a count that has not answered by then fails: the caller never waits on an absent Redis. */
const CALL_TIMEOUT_MS = 3000;

const queueUnavailable = (cause?: unknown) => Object.assign(unavailable('转换队列暂不可用，请稍后重试'), { cause });

/** The call's answer; its failure, or no answer within CALL_TIMEOUT_MS, is the refusal 1090002. */
async function bounded<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(queueUnavailable()), CALL_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    throw queueUnavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The web instances' side of the Redis queue (adr/016): they only enqueue. Adds fail at once
 * while Redis is unreachable (BullMQ would otherwise wait for a connection that an instance
 * started without Redis never had); the document then stays queued in the database and a
 * worker's sweep (or the next start) adds it again.
 */
export class BullConversionJobs implements ConversionJobs {
  private readonly queue: Queue;
  private readonly client;

  constructor(options: ConversionJobOptions) {
    this.client = connectRedis(options.redisUrl, options.logger, 'conversion-queue', FAIL_FAST);
    this.queue = new Queue(CONVERSION_QUEUE_NAME, {
      connection: this.client,
      prefix: bullPrefix(options.prefix),
      defaultJobOptions: {
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 7 * 86_400 },
      },
    });
    // The queue passes on its connection's errors, already logged by connectRedis; without a
    // listener each would go to stderr.
    this.queue.on('error', () => undefined);
  }

  /** True once connected; false when Redis cannot be reached at start (adds fail until it is back). */
  ready(): Promise<boolean> {
    return redisReady(this.client);
  }

  private reachable(): void {
    if (this.client.status !== 'ready') throw queueUnavailable();
  }

  async enqueue(documentId: number): Promise<void> {
    this.reachable();
    await bounded(this.queue.add('prepare', { documentId }, { jobId: conversionJobId(documentId) }));
  }

  async counts() {
    this.reachable();
    const counts = await bounded(this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed'));
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
      active: counts.active ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

export interface ConversionWorkerOptions extends ConversionJobOptions {
  concurrency: number;
  /**
   * BullMQ's lock: a worker renews it while it lives; once it lapses (the worker died) the job is
   * stalled, and the next stall check puts it back in the queue for another worker.
   */
  lockMs: number;
  /** Prepares one document; must be idempotent (a stalled job runs again). */
  prepare(documentId: number): Promise<void>;
  /** Marks a document failed once its job has used up every try. */
  giveUp(documentId: number, error: Error): Promise<void>;
}

/**
 * The conversion worker (`npm run worker`): takes documents from the queue and prepares them.
 * A job survives two worker deaths (maxStalledCount 2) before it is failed; its document is
 * then marked failed, never left converting.
 */
export function startConversionWorker(options: ConversionWorkerOptions): { worker: Worker; close(): Promise<void> } {
  const { logger } = options;
  // BullMQ's blocking connection must retry for ever (maxRetriesPerRequest: null).
  const client = connectRedis(options.redisUrl, logger, 'conversion-worker', { maxRetriesPerRequest: null });
  const worker = new Worker(
    CONVERSION_QUEUE_NAME,
    async (job: Job<{ documentId: number }>) => {
      const { documentId } = job.data;
      logger.info({ documentId, jobId: job.id, attempt: job.attemptsStarted }, 'conversion job started');
      await options.prepare(documentId);
    },
    {
      connection: client,
      prefix: bullPrefix(options.prefix),
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: Math.max(1000, Math.floor(options.lockMs / 2)),
      maxStalledCount: 2,
    },
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    const exhausted = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled more than/i.test(error.message);
    logger.warn({ err: error, documentId: job.data.documentId, exhausted }, 'conversion job failed');
    if (exhausted) void options.giveUp(job.data.documentId, error).catch(() => undefined);
  });
  worker.on('stalled', (jobId) => logger.warn({ jobId }, 'conversion job stalled; back in the queue'));
  // While Redis is unreachable the worker repeats its connection's errors, which connectRedis logs already.
  worker.on('error', (error) => {
    if (client.status === 'ready') logger.warn({ err: error }, 'conversion worker error');
    else logger.debug({ err: error }, 'conversion worker error while redis is unreachable');
  });
  return {
    worker,
    async close() {
      await worker.close();
      await client.quit().catch(() => client.disconnect());
    },
  };
}
