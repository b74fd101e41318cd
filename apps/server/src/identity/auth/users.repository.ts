import type { ExpressionBuilder, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/** A reserved password check: the count it made and the lock it set (0 for none). */
export interface LoginTry {
  failed: number;
  lockedUntil: number;
}

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

  /**
   * Reserves one password check for an account before the password is checked, in one
   * conditional update: of any number of concurrent calls at most `max` get a try until the lock
   * has run out. The try that reaches `max` sets the lock; a lock that has run out restarts the
   * count. Undefined when the account is locked (or gone): nothing may be checked.
   */
  async reserveLoginTry(id: number, now: number, max: number, lockMs: number): Promise<LoginTry | undefined> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => reservedTry(eb, now, max, lockMs))
      .where('id', '=', id)
      .where((eb) => reservable(eb, now, max))
      .returning(['failed_logins', 'locked_until'])
      .executeTakeFirst();
    return row && { failed: row.failed_logins, lockedUntil: row.locked_until };
  }

  /** The same reservation for a sign-in name that is no account, so it answers as one would. */
  async reserveUnknownLoginTry(
    account: string,
    now: number,
    max: number,
    lockMs: number,
  ): Promise<LoginTry | undefined> {
    const row = await this.db
      .insertInto('login_throttles')
      .values({ account, failed_logins: 1, locked_until: max <= 1 ? now + lockMs : 0, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('account')
          .doUpdateSet((eb) => ({
            failed_logins: eb
              .case()
              .when('login_throttles.locked_until', '>', 0)
              .then(1)
              .else(eb('login_throttles.failed_logins', '+', 1))
              .end(),
            locked_until: eb
              .case()
              .when(
                eb.and([
                  eb('login_throttles.locked_until', '=', 0),
                  eb('login_throttles.failed_logins', '>=', max - 1),
                ]),
              )
              .then(now + lockMs)
              .else(0)
              .end(),
            updated_at: now,
          }))
          .where((eb) =>
            eb.and([
              eb('login_throttles.locked_until', '<=', now),
              eb.or([eb('login_throttles.locked_until', '>', 0), eb('login_throttles.failed_logins', '<', max)]),
            ]),
          ),
      )
      .returning(['failed_logins', 'locked_until'])
      .executeTakeFirst();
    return row && { failed: row.failed_logins, lockedUntil: row.locked_until };
  }

  /** When an unknown sign-in name's lock runs out (0 when it has none). */
  async unknownLockedUntil(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_throttles')
      .select('locked_until')
      .where('account', '=', account)
      .executeTakeFirst();
    return row?.locked_until ?? 0;
  }

  /** Forgets unknown sign-in names whose last try is older than `before`. */
  async purgeUnknownLoginTries(before: number): Promise<void> {
    await this.db
      .deleteFrom('login_throttles')
      .where('updated_at', '<', before)
      .where('locked_until', '<', before)
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

/** Not locked now, and either an expired lock (the count restarts) or tries left. */
function reservable(eb: UsersEb, now: number, max: number) {
  return eb.and([eb('locked_until', '<=', now), eb.or([eb('locked_until', '>', 0), eb('failed_logins', '<', max)])]);
}

/** The reservation's new values; SQL reads every right-hand side from the row as it was. */
function reservedTry(eb: UsersEb, now: number, max: number, lockMs: number) {
  return {
    failed_logins: eb
      .case()
      .when('locked_until', '>', 0)
      .then(1)
      .else(eb('failed_logins', '+', 1))
      .end(),
    locked_until: eb
      .case()
      .when(eb.and([eb('locked_until', '=', 0), eb('failed_logins', '>=', max - 1)]))
      .then(now + lockMs)
      .else(0)
      .end(),
    updated_at: now,
  };
}
