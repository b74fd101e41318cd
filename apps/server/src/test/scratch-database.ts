import pg from 'pg';

/**
 * Creates a PostgreSQL database beside the one `adminUrl` names (never that one), empty or as a
 * copy of `template` (a database nobody is connected to), and answers its URL and how to drop it.
 * Used by the test app, its templates and the benchmarks.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 't',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
