// One app instance for the board bench: the real server (buildApp), configured by the environment
// the bench gives it, on a free port. It tells the bench its port, and stops when told to.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const app = await buildApp(loadConfig(process.env), { logger: false });
const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ ready: new URL(address).port });
process.on('message', async (message: { stop?: boolean }) => {
  if (!message.stop) return;
  await app.close();
  process.exit(0);
});
