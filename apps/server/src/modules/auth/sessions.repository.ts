import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SessionWithUser {
  sessionId: number;
  expiresAt: number;
  userId: number;
  role: number;
  account: string;
  name: string;
  mustChangePassword: number;
  disabled: number;
}

export class SessionsRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async create(userId: number, tokenHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: Date.now(), expires_at: expiresAt })
      .execute();
  }

  findByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.expires_at as expiresAt',
        'users.id as userId',
        'users.role as role',
        'users.account as account',
        'users.name as name',
        'users.must_change_password as mustChangePassword',
        'users.disabled as disabled',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
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
