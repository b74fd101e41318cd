// Data made once per run of the server suite, for every test app to start from (issue 31).
//
// A test app used to migrate and seed a fresh database every time: about 1 s on SQLite and 2–3 s
// on PostgreSQL (migrations, the demo accounts' scrypt, the RSA key), hundreds of times a run; and
// the five files that seed the whole demo spent 40–60 s each doing it. The suite's global set-up
// (`global-setup.ts`) starts the real app once per kind below, lets it finish what the seed set
// going, and stops it cleanly; a test app then starts on a copy: of the data directory, and on
// PostgreSQL of the database (`CREATE DATABASE … TEMPLATE`). It is the same seed, made by the same
// code minutes earlier. An app given settings that change what is seeded or where seeds its own.
//
// `node --test` on a single file has no global set-up, so there every app seeds as before.

/** The environment variable the global set-up passes the templates to test files in (JSON). */
export const TEMPLATES_ENV = 'ZIKAO_TEST_TEMPLATES';

/** `base`: what every app seeds (the demo accounts and batch); `demo`: the whole demo, as `npm start`. */
export type TemplateKind = 'base' | 'demo';
export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppTemplate {
  dataDir: string;
  /** PostgreSQL: the database to copy, which nothing stays connected to. */
  database?: string;
  /**
   * The seeding app's log lines (JSON), which a copy's log starts with: what a test reads of the
   * seed's log is what the seed wrote.
   */
  seedLog: string;
}

export type AppTemplates = Partial<Record<`${TemplateKind}-${DatabaseKind}`, AppTemplate>>;

/** The environment each kind is made with, on top of the test app's own defaults. */
export const TEMPLATE_ENVS: Record<TemplateKind, Record<string, string>> = {
  base: {},
  demo: { SEED_REVIEW_DEMO: '1' },
};

/** Settings that change what a base app seeds, or where: an app given any of them seeds its own. */
const BASE_BLOCKERS = ['DATA_DIR', 'NODE_ENV', 'RSA_KEY_BITS', 'STORAGE', 'SEED_DEMO', 'SEED_MUST_CHANGE_PHONE'];

/**
 * The template a test app with this environment can start from, if any. DATABASE_URL set to ''
 * asks for SQLite in a PostgreSQL run; any other DATABASE_URL is a database of the test's own.
 */
export function templateFor(env: Record<string, string>, runsOnPostgres: boolean): AppTemplate | undefined {
  const raw = process.env[TEMPLATES_ENV];
  if (!raw) return undefined;
  const { DATABASE_URL: databaseUrl, ...rest } = env;
  if (databaseUrl !== undefined && databaseUrl !== '') return undefined;
  const database: DatabaseKind = runsOnPostgres && databaseUrl === undefined ? 'postgres' : 'sqlite';
  const keys = Object.keys(rest);
  let kind: TemplateKind | undefined;
  if (rest.SEED_REVIEW_DEMO === '1') kind = keys.length === 1 ? 'demo' : undefined;
  else if (!keys.some((key) => BASE_BLOCKERS.includes(key) || key.startsWith('S3_') || key.startsWith('SEED_')))
    kind = 'base';
  if (!kind) return undefined;
  return (JSON.parse(raw) as AppTemplates)[`${kind}-${database}`];
}
