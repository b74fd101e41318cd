import { buildApp } from './app.ts';
import { loadConfig, loadDotEnv } from './config.ts';

loadDotEnv();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildApp(config);
const shutdown = async (signal: string) => {
  app.server.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.server.listen({ port: config.port, host: config.host });
app.server.log.info(`自考在线已启动：http://localhost:${config.port}`);
