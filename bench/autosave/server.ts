// The API server for the autosave benchmark: the real app (buildApp, as main.ts builds it from the
// environment) listening on PORT, in a process of its own. It answers the parent's IPC question
// "how many SQL statements have you sent so far" from the change feed's count, which the watched
// Kysely driver bumps for every statement (db/watched-dialect.ts), so the bench counts statements
// per save instead of assuming them.
//
// BENCH_SERVER_ROOT names another checkout of the project to serve instead of this one (the bench's
// baseline, BENCH_BASELINE_ROOT), so that two versions can take turns on the same machine.
import path from 'node:path';

const root = process.env.BENCH_SERVER_ROOT ?? path.resolve(import.meta.dirname, '../..');
const { buildApp } = (await import(
  path.join(root, 'apps/server/src/app.ts')
)) as typeof import('../../apps/server/src/app.ts');
const { loadConfig } = (await import(
  path.join(root, 'apps/server/src/config.ts')
)) as typeof import('../../apps/server/src/config.ts');

const app = await buildApp(loadConfig());
await app.server.listen({ port: app.config.port, host: app.config.host });

process.on('message', (message: { type?: string; id?: number }) => {
  if (message?.type !== 'statements') return;
  process.send?.({
    type: 'statements',
    id: message.id,
    statements: app.database.changes.statements,
    pool: app.database.poolStats(),
  });
});
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
