import type { AnnotationCategory } from '@zikao/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SharedFilters {
  keyword?: string | undefined;
  category?: AnnotationCategory | undefined;
}

/** `%keyword%` with the keyword's own % _ and \ taken literally (`escape '\'` in both dialects). */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export class CommentBankRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (bank: CommentBankRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CommentBankRepository(trx), trx));
  }

  /** The user's own entries and the shared ones (owner null), most used first. */
  listFor(userId: number) {
    return this.db
      .selectFrom('comment_bank')
      .selectAll()
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('owner_id', 'is', null)]))
      .orderBy('use_count', 'desc')
      .orderBy('id')
      .execute();
  }

  findById(id: number) {
    return this.db.selectFrom('comment_bank').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * A new entry, unless its owner (or the shared list, owner null) already has this text: then
   * undefined. The unique index on (owner, text) decides (migration 023), so of saves made at
   * once one inserts and the others find it there.
   */
  async insert(ownerId: number | null, text: string, category: AnnotationCategory): Promise<number | undefined> {
    const now = Date.now();
    const row = await this.db
      .insertInto('comment_bank')
      .values({ owner_id: ownerId, text, category, use_count: 0, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Changes an entry; false when another entry of its owner has that text (the unique index). */
  async update(id: number, text: string, category: AnnotationCategory): Promise<boolean> {
    try {
      await this.db
        .updateTable('comment_bank')
        .set({ text, category, updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('comment_bank').where('id', '=', id).execute();
  }

  async countUse(id: number): Promise<void> {
    await this.db
      .updateTable('comment_bank')
      .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Shared entries (owner null) for the console, newest first. */
  listShared(filters: SharedFilters, limit: number, offset: number) {
    return this.db
      .selectFrom('comment_bank')
      .selectAll()
      .where((eb) => sharedFilter(eb, filters))
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countShared(filters: SharedFilters): Promise<number> {
    const row = await this.db
      .selectFrom('comment_bank')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => sharedFilter(eb, filters))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

function sharedFilter(eb: ExpressionBuilder<Database, 'comment_bank'>, filters: SharedFilters): Expression<SqlBool> {
  const conditions: Array<Expression<SqlBool>> = [eb('owner_id', 'is', null)];
  if (filters.category) conditions.push(eb('category', '=', filters.category));
  const keyword = filters.keyword?.trim();
  if (keyword) conditions.push(sql<SqlBool>`lower(${eb.ref('text')}) like ${likePattern(keyword)} escape '\\'`);
  return eb.and(conditions);
}

/** A unique-constraint failure in either dialect. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
