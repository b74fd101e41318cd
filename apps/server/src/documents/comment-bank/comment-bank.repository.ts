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

  async insert(ownerId: number | null, text: string, category: AnnotationCategory): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('comment_bank')
      .values({ owner_id: ownerId, text, category, use_count: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, text: string, category: AnnotationCategory): Promise<void> {
    await this.db
      .updateTable('comment_bank')
      .set({ text, category, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
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

  async exists(ownerId: number | null, text: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('comment_bank')
      .select('id')
      .where((eb) => (ownerId === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', ownerId)))
      .where('text', '=', text)
      .executeTakeFirst();
    return Boolean(row);
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
