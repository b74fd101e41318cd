import { pino } from 'pino';
import { AccessRepository } from './access/access.repository.ts';
import { AccessService } from './access/access.service.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { BullConversionJobs, startConversionWorker } from './documents/document/conversion-jobs.ts';
import { ConversionQueue } from './documents/document/conversion-queue.ts';
import { DocumentRepository } from './documents/document/document.repository.ts';
import { DocumentService } from './documents/document/document.service.ts';
import { createStorage } from './shared/storage/create-storage.ts';
import { findSoffice, withWordFonts } from './system/converter.ts';
import { logNetworkIsolation, networkIsolation } from './system/network-isolation.ts';

/** How often the worker adds unfinished documents to the queue again (those whose add failed). */
const SWEEP_MS = 60_000;

/**
 * `npm run worker` (adr/016): converts the documents web instances queue in Redis, with no HTTP
 * server. Needs REDIS_URL, the web instances' database and file store, and LibreOffice.
 */
loadDotEnv();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = pino({ level: config.logLevel, base: { pid: process.pid, role: 'worker' } });
const redisUrl = config.redisUrl;
if (!redisUrl) {
  logger.fatal('REDIS_URL 未设置：转换进程从 Redis 队列取任务，单机部署无需启动它');
  process.exit(1);
}
const soffice = findSoffice(config.pathEnv);
if (!soffice) {
  logger.fatal('未找到 LibreOffice（soffice），无法转换 Word 文档：请安装 libreoffice-writer-nogui');
  process.exit(1);
}
logNetworkIsolation(logger, networkIsolation(config.pathEnv));

const database = await openDatabase({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  onListenerError: (error) => logger.warn({ err: error }, 'change listener lost its connection; reconnecting'),
  onPoolError: (error) => logger.warn({ err: error }, 'database ended an idle connection; the pool opens another'),
});
const jobs = new BullConversionJobs({ redisUrl, prefix: config.redisPrefix, logger });
// Redis unreachable at start is no reason to die: the queue's clients reconnect, jobs are taken once it is back.
if (!(await jobs.ready())) logger.warn('redis unreachable at start; the worker waits for it');
const documents = new DocumentService({
  repository: new DocumentRepository(database.db),
  access: new AccessService(new AccessRepository(database.db)),
  storage: await createStorage(config),
  conversion: new ConversionQueue({
    soffice: withWordFonts(soffice),
    isolation: networkIsolation(config.pathEnv),
    concurrency: config.workerConcurrency,
    timeoutMs: config.conversionTimeoutMs,
  }),
  jobs,
  logger,
});
const worker = startConversionWorker({
  redisUrl,
  prefix: config.redisPrefix,
  logger,
  concurrency: config.workerConcurrency,
  lockMs: config.conversionStallMs,
  prepare: (documentId) => documents.prepareNow(documentId),
  giveUp: (documentId) => documents.giveUp(documentId),
});

const sweep = async () => {
  try {
    const queued = await documents.requeueConversions();
    if (queued > 0) logger.info({ queued }, 'unfinished documents queued again');
  } catch (error) {
    logger.warn({ err: error }, 'sweep of unfinished documents failed');
  }
};
await sweep();
const sweeper = setInterval(() => void sweep(), SWEEP_MS);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  clearInterval(sweeper);
  logger.info({ signal }, 'worker stopping: finishing the conversions under way');
  // Conversions under way finish; past the timeout the process leaves, their locks lapse, and
  // another worker takes the jobs again (CONVERSION_STALL_S).
  const timer = setTimeout(() => {
    logger.warn('worker stop timed out; unfinished jobs return to the queue when their lock lapses');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  await worker.close();
  await jobs.close();
  await database.close();
  clearTimeout(timer);
  logger.info('worker stopped');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
logger.info({ concurrency: config.workerConcurrency, prefix: config.redisPrefix }, 'conversion worker started');
