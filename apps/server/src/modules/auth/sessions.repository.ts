import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

export interface SessionWithUser {
  sessionId: number;
  expiresAt: number;
  user: UserRow;
}

export class SessionsRepository {
  private readonly db: Kysely<Database>;
  private lookup: string | undefined;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async create(userId: number, tokenHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: Date.now(), expires_at: expiresAt })
      .execute();
  }

  /**
   * The session and its whole user row, in one query. This runs on every authenticated call,
   * so its SQL is compiled once and reused with a new parameter.
   */
  async findByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    this.lookup ??= this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
      .where('sessions.token_hash', '=', '')
      .compile().sql;
    const result = await this.db.executeQuery<UserRow & { session_id: number; session_expires_at: number }>(
      CompiledQuery.raw(this.lookup, [tokenHash]),
    );
    const row = result.rows[0];
    if (!row) return undefined;
    const { session_id, session_expires_at, ...user } = row;
    return { sessionId: session_id, expiresAt: session_expires_at, user };
  }

  async delete(sessionId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  }
}
