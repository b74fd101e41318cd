import { timingSafeEqual } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.ts';
import { conversionDuration, conversionJobs } from './conversion-metrics.ts';

/** The path Prometheus scrapes; outside /api, so neither signed nor in the endpoint table. */
export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics (adr/015): request rate and latency per route pattern, the conversion queue,
 * the database pool (PostgreSQL) or file sizes (SQLite), and Node's process metrics. One registry
 * per app, so that several apps in one test process do not meet.
 */
export function registerMetrics(
  server: FastifyInstance,
  deps: { database: DatabaseHandle; dataDir: string; token: string | undefined },
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(conversionJobs);
  registry.registerMetric(conversionDuration);

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  // The route pattern (`/api/v1/document/file/:id`), never the URL: ids would make a series each.
  server.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (deps.database.dialect === 'postgres') {
    new Gauge({
      name: 'zikao_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = deps.database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  } else {
    // SQLite has one connection and no pool: its file and write-ahead log sizes are what grow.
    const file = path.join(deps.dataDir, 'zikao.sqlite');
    new Gauge({
      name: 'zikao_sqlite_file_bytes',
      help: 'SQLite database file and its write-ahead log, in bytes',
      labelNames: ['file'] as const,
      registers: [registry],
      async collect() {
        const size = async (name: string) => (await stat(name).catch(() => null))?.size ?? 0;
        this.set({ file: 'database' }, await size(file));
        this.set({ file: 'wal' }, await size(`${file}-wal`));
      },
    });
  }

  const expected = deps.token ? Buffer.from(`Bearer ${deps.token}`) : null;
  server.get(METRICS_PATH, async (request, reply) => {
    // Without METRICS_TOKEN there are no metrics to see: a public server must not show its insides.
    if (!expected) {
      return reply.status(404).send({ errorCode: ErrorCode.notFound, errorMsg: '资源不存在', data: null });
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ errorCode: ErrorCode.notLoggedIn, errorMsg: '需要监控令牌', data: null });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
  return registry;
}
