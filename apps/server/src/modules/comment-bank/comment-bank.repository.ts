import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class CommentBankRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
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

  async insert(ownerId: number | null, text: string, category: string): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('comment_bank')
      .values({ owner_id: ownerId, text, category, use_count: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, text: string, category: string): Promise<void> {
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
}
