import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ReadyInfo } from '@zikao/contract';
import { loadConfig } from '../../config.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('health, readiness and metrics', () => {
  let s3: TestS3Server;
  let app: TestApp;
  before(async () => {
    s3 = await startS3Server();
    app = await createTestApp({
      ...s3.env,
      METRICS_TOKEN: TOKEN,
      // Redis when CI has one: readiness then checks it too.
      REDIS_URL: process.env.REDIS_URL ?? '',
    });
  });
  after(async () => {
    await app.close();
    await s3.close();
  });

  const unsigned = (url: string, headers: Record<string, string> = {}) =>
    app.server.inject({ method: 'GET', url, headers });

  it('answers liveness and readiness to an unsigned, anonymous GET', async () => {
    const health = await unsigned('/api/v1/health');
    assert.equal(health.statusCode, 200);
    assert.equal(health.json().errorCode, 0);
    assert.equal(health.json().data.status, 'ok');
    const ready = await unsigned('/api/v1/ready');
    assert.equal(ready.statusCode, 200, ready.body);
    const data = ready.json().data as ReadyInfo;
    assert.equal(data.status, 'ready');
    assert.equal(data.checks.database.status, 'up');
    assert.equal(data.checks.storage.status, 'up');
    assert.equal(data.checks.redis.status, process.env.REDIS_URL ? 'up' : 'off');
  });

  it('answers 503 naming the storage when the bucket is gone, and ready again when it is back', async () => {
    const { port } = new URL(s3.endpoint);
    await s3.close();
    const down = await unsigned('/api/v1/ready');
    assert.equal(down.statusCode, 503);
    assert.equal(down.json().errorCode, 1090001);
    assert.match(down.json().errorMsg, /文件存储（storage）不可用/);
    assert.doesNotMatch(down.json().errorMsg, /数据库/);
    assert.equal(down.json().data.checks.storage.status, 'down');
    assert.equal(down.json().data.checks.database.status, 'up');
    assert.equal((await unsigned('/api/v1/health')).statusCode, 200, 'liveness does not depend on storage');
    s3 = await startS3Server({ port: Number(port) });
    assert.equal((await unsigned('/api/v1/ready')).statusCode, 200);
  });

  it('serves /metrics only with the token: per-route latency by pattern, the queue and the database', async () => {
    assert.equal((await unsigned('/metrics')).statusCode, 401);
    assert.equal((await unsigned('/metrics', { authorization: 'Bearer wrong' })).statusCode, 401);
    const token = await app.login('13800000002');
    await app.server.inject({
      method: 'GET',
      url: '/api/v1/document/file/424242',
      headers: { authorization: `Bearer ${token}` },
    });
    const metrics = await unsigned('/metrics', { authorization: `Bearer ${TOKEN}` });
    assert.equal(metrics.statusCode, 200);
    assert.match(String(metrics.headers['content-type']), /text\/plain/);
    const text = metrics.body;
    assert.match(
      text,
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} [1-9]/,
    );
    assert.match(text, /route="\/api\/v1\/document\/file\/:id"/, 'the route pattern, not the URL');
    assert.doesNotMatch(text, /424242/);
    assert.match(text, /zikao_conversion_queue_jobs\{state="waiting"\} \d+/);
    assert.match(text, /# TYPE zikao_conversion_duration_seconds histogram/);
    if (app.database.dialect === 'postgres') assert.match(text, /zikao_db_pool_connections\{state="total"\} [1-9]/);
    else assert.match(text, /zikao_sqlite_file_bytes\{file="database"\} [1-9]/);
    assert.match(text, /process_cpu_seconds_total/);
  });

  it('hides /metrics without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const answer = await plain.server.inject({ method: 'GET', url: '/metrics' });
      assert.equal(answer.statusCode, 404);
    } finally {
      await plain.close();
    }
  });
});

describe('storage configuration', () => {
  it('refuses STORAGE=s3 without its settings, naming each one', () => {
    assert.throws(
      () => loadConfig({ STORAGE: 's3', S3_BUCKET: 'theses' }),
      (error: Error) =>
        ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].every((name) =>
          error.message.includes(`${name}: STORAGE 为 s3 时必须设置`),
        ) && !error.message.includes('S3_BUCKET'),
    );
    assert.throws(() => loadConfig({ STORAGE: 'ftp' }), /STORAGE: 须为 local 或 s3/);
    assert.equal(loadConfig({}).s3, null, 'local disk stays the default');
  });
});
