import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export class UsersRepository {
  protected readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  findByAccount(account: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(user: Insertable<UsersTable>): Promise<number> {
    const row = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Updateable<UsersTable>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  /** Adds one failed login atomically and returns the new count; restarts from 1 after an expired lock. */
  async incrementFailedLogins(id: number, restart: boolean): Promise<number> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({
        failed_logins: restart ? 1 : eb('failed_logins', '+', 1),
        locked_until: restart ? 0 : eb.ref('locked_until'),
        updated_at: Date.now(),
      }))
      .where('id', '=', id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    return row.failed_logins;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
