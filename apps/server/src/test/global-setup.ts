import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type AppTemplate,
  type AppTemplates,
  type DatabaseKind,
  TEMPLATE_ENVS,
  TEMPLATES_ENV,
  type TemplateKind,
} from './app-templates.ts';
import { eventually } from './eventually.ts';
import { createTestApp } from './test-app.ts';

/**
 * The server suite's global set-up (`node --test --test-global-setup`): makes the templates every
 * test app starts from (app-templates.ts), all at once, and passes them to the test files, which
 * inherit the environment. ZIKAO_TEST_FRESH_SEED=1 turns them off.
 */
export async function globalSetup(): Promise<void> {
  if (process.env.ZIKAO_TEST_FRESH_SEED === '1') return;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const wanted: Array<[TemplateKind, DatabaseKind]> = onPostgres
    ? [
        ['base', 'postgres'],
        ['demo', 'postgres'],
        ['base', 'sqlite'],
      ]
    : [
        ['base', 'sqlite'],
        ['demo', 'sqlite'],
      ];
  const started = Date.now();
  const made = await Promise.all(
    wanted.map(async ([kind, database]) => [`${kind}-${database}`, await make(kind, database)]),
  );
  process.env[TEMPLATES_ENV] = JSON.stringify(Object.fromEntries(made) as AppTemplates);
  console.log(
    `# the server suite's templates (${wanted.map((w) => w.join('-')).join(', ')}): ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

export async function globalTeardown(): Promise<void> {
  const raw = process.env[TEMPLATES_ENV];
  if (!raw) return;
  for (const template of Object.values(JSON.parse(raw) as AppTemplates)) {
    rmSync(template.dataDir, { recursive: true, force: true });
    rmSync(template.seedLog, { force: true });
    if (template.database) await dropDatabase(template.database);
  }
}

/**
 * Starts the real app as a test app with this kind's settings, waits until the documents and the
 * courseware its seed set going are prepared, and stops it, keeping its data.
 */
async function make(kind: TemplateKind, database: DatabaseKind): Promise<AppTemplate> {
  const env = { ...TEMPLATE_ENVS[kind], ...(database === 'sqlite' ? { DATABASE_URL: '' } : {}) };
  const app = await createTestApp(env, { noTemplate: true, keepData: true });
  try {
    await eventually(async () => {
      const pending = await pendingWork(app);
      if (pending > 0) throw new Error(`the ${kind} template's seed still prepares ${pending} documents`);
    }, 300_000);
  } finally {
    await app.close();
  }
  const name = app.config.databaseUrl ? new URL(app.config.databaseUrl).pathname.slice(1) : undefined;
  // Moved out of the test apps' own zikao-test-* directories, which a clean-up of those may sweep.
  const dataDir = mkdtempSync(path.join(tmpdir(), `zikao-server-template-${kind}-${database}-`));
  cpSync(app.config.dataDir, dataDir, { recursive: true });
  rmSync(app.config.dataDir, { recursive: true, force: true });
  const seedLog = `${dataDir}.log.json`;
  writeFileSync(seedLog, JSON.stringify(app.logs));
  return { dataDir, seedLog, ...(name ? { database: name } : {}) };
}

/** Documents being converted or read and courseware being rendered, which a template must not hold. */
async function pendingWork(app: Awaited<ReturnType<typeof createTestApp>>): Promise<number> {
  const { db } = app.database;
  const documents = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'not in', ['ready', 'failed'])
    .executeTakeFirstOrThrow();
  const courseware = await db
    .selectFrom('courseware_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'not in', ['ready', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(documents.n) + Number(courseware.n);
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
