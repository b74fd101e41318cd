import { cp } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The demo data, seeded once for the whole browser suite.
 *
 * Every test file starts its own server on fresh data. Seeding the demo takes the server 10–20 s
 * of CPU, and it then prepares about 100 documents in the background (text layers, page sizes)
 * while the tests run: on CI's two cores, the heaviest part of the suite. So the global set-up
 * (`global-setup.ts`) starts one server that seeds as `npm start` does, waits until every document
 * is prepared, stops it cleanly, and each later server starts from a copy of that data directory.
 * It is the same seed, made by the same code, minutes earlier; a server given settings that change
 * what is seeded or where (see `TEMPLATE_BLOCKERS`) still seeds its own.
 *
 * E2E_FRESH_SEED=1 turns the template off, so that every server seeds as before.
 */
export const TEMPLATE_ENV = 'E2E_SEED_TEMPLATE';

/** Settings under which a server must seed for itself: the template was made without them. */
const TEMPLATE_BLOCKERS = [
  'NODE_ENV',
  'DATABASE_URL',
  'REDIS_URL',
  'STORAGE',
  'SEED_DEMO',
  'SEED_REVIEW_DEMO',
  'SEED_MUST_CHANGE_PHONE',
];

/**
 * The template's directory, when this server can start from it. A test may name its own DATA_DIR
 * (to read the database itself): an empty one is given the template too; one that holds data (a
 * restart) is not.
 */
export function usableTemplate(extraEnv: Record<string, string>): string | null {
  const template = process.env[TEMPLATE_ENV];
  if (!template || process.env.E2E_FRESH_SEED === '1') return null;
  return TEMPLATE_BLOCKERS.some((name) => name in extraEnv) ? null : template;
}

/** Copies the template into a server's fresh data directory. */
export async function copyTemplate(template: string, dataDir: string): Promise<void> {
  await cp(template, dataDir, { recursive: true });
}

/**
 * Work a freshly seeded server still has under way: documents being converted or read, courseware
 * being rendered. The template is taken once there is none.
 */
export function pendingWork(dataDir: string): number {
  const db = new DatabaseSync(path.join(dataDir, 'zikao.sqlite'), { readOnly: true });
  try {
    const documents = db.prepare("SELECT count(*) AS n FROM documents WHERE status NOT IN ('ready', 'failed')").get();
    const courseware = db
      .prepare("SELECT count(*) AS n FROM courseware_files WHERE status NOT IN ('ready', 'failed')")
      .get();
    return Number(documents?.n) + Number(courseware?.n);
  } finally {
    db.close();
  }
}
