import { loadConfig, loadDotEnv } from './config.ts';

loadDotEnv();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Imported once the configuration holds, so that a refused one fails in a moment, not after the
// whole application has loaded.
const { buildApp } = await import('./app.ts');
const app = await buildApp(config);
let stopping = false;
/**
 * SIGTERM drains (adr/016): the server stops accepting connections (a load balancer moves on to
 * another instance), requests under way are answered, documents being prepared here finish; then
 * the database closes. Past SHUTDOWN_TIMEOUT_S the process leaves anyway: what it left unfinished
 * is picked up at the next start, and a worker's conversions were never here.
 */
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  app.server.log.info({ signal }, 'shutting down: finishing requests under way');
  const timer = setTimeout(() => {
    app.server.log.warn({ ms: Date.now() - started }, 'shutdown timed out; leaving with work unfinished');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  try {
    await app.close();
    app.server.log.info({ ms: Date.now() - started }, 'shut down');
  } finally {
    clearTimeout(timer);
  }
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.server.listen({ port: config.port, host: config.host });
app.server.log.info(`自考在线已启动：http://localhost:${config.port}`);
