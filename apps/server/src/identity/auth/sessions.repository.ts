import { CompiledQuery, type Kysely } from 'kysely';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { hashSecret } from '../../shared/tokens.ts';
import type { UserRow } from './users.repository.ts';

export interface SessionWithUser {
  sessionId: number;
  expiresAt: number;
  user: UserRow;
}

/** Tables a cached session depends on: its own row and its user's. */
const SESSION_TABLES = ['sessions', 'users'] as const;
const CACHED_SESSIONS = 10_000;

export class SessionsRepository {
  private readonly db: Kysely<Database>;
  private readonly changes: ChangeFeed | null;
  private lookup: string | undefined;
  /** Sessions found by token, kept until a write to sessions or users (oldest out first). */
  private readonly cache = new Map<string, { stamp: number; session: SessionWithUser }>();

  constructor(db: Kysely<Database>, changes: ChangeFeed | null = null) {
    this.db = db;
    this.changes = changes;
  }

  async create(userId: number, tokenHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: Date.now(), expires_at: expiresAt })
      .execute();
  }

  /** The session a token opens when memory holds it and no write has touched its tables since. */
  findInMemory(token: string): SessionWithUser | undefined {
    return this.held(token, this.changes?.stamp(SESSION_TABLES) ?? null);
  }

  private held(token: string, stamp: number | null): SessionWithUser | undefined {
    const hit = stamp === null ? undefined : this.cache.get(token);
    return hit?.stamp === stamp ? hit.session : undefined;
  }

  /**
   * The session a bearer token opens, with its whole user row. This runs on every authenticated
   * call: a session found is kept in memory, by token, until the next write to sessions or users
   * (logout, password change, account edit), so a repeated call needs neither hash nor query.
   */
  async findByToken(token: string): Promise<SessionWithUser | undefined> {
    const stamp = this.changes?.stamp(SESSION_TABLES) ?? null;
    const known = this.held(token, stamp);
    if (known) return known;
    const session = await this.read(hashSecret(token));
    if (stamp !== null && session) {
      // Kept under the stamp taken before the read: a write meanwhile makes it stale at once.
      Object.freeze(session.user);
      this.cache.delete(token);
      this.cache.set(token, { stamp, session });
      if (this.cache.size > CACHED_SESSIONS) this.cache.delete(this.cache.keys().next().value as string);
    } else {
      this.cache.delete(token);
    }
    return session;
  }

  /** The session and its whole user row, in one query compiled once. */
  private async read(tokenHash: string): Promise<SessionWithUser | undefined> {
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
