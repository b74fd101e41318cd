import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The readiness check's one query. */
export class HealthRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
