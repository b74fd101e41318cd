import type { Kysely, Selectable } from 'kysely';
import type { Database, SmsCodesTable } from '../../db/schema.ts';

export type SmsCodeRow = Selectable<SmsCodesTable>;

export class VerificationRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insertCaptcha(id: string, answerHash: string, expiresAt: number, now: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
    await this.db.insertInto('captchas').values({ id, answer_hash: answerHash, expires_at: expiresAt }).execute();
  }

  /** Removes the captcha and returns it: each captcha can be tried once. */
  takeCaptcha(id: string): Promise<{ answer_hash: string; expires_at: number } | undefined> {
    return this.db
      .deleteFrom('captchas')
      .where('id', '=', id)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
  }

  /** Time of the newest code and the number sent since `since`, for one phone. */
  async sendHistory(phone: string, since: number): Promise<{ lastSentAt: number; sentSince: number }> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select((eb) => [
        eb.fn.max<number>('created_at').as('last'),
        eb.fn.sum<number>(eb.case().when('created_at', '>=', since).then(1).else(0).end()).as('recent'),
      ])
      .where('phone', '=', phone)
      .executeTakeFirst();
    return { lastSentAt: Number(row?.last ?? 0), sentSince: Number(row?.recent ?? 0) };
  }

  /** Stores a new code and retires the phone's earlier ones. */
  async insertCode(phone: string, codeHash: string, now: number, expiresAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sms_codes')
        .set({ consumed: 1 })
        .where('phone', '=', phone)
        .where('consumed', '=', 0)
        .execute();
      await trx
        .insertInto('sms_codes')
        .values({ phone, code_hash: codeHash, created_at: now, expires_at: expiresAt, attempts: 0, consumed: 0 })
        .execute();
    });
  }

  findLiveCode(phone: string, now: number): Promise<SmsCodeRow | undefined> {
    return this.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .where('consumed', '=', 0)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async addAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Marks a code used; false when another request used it first. */
  async consume(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sms_codes')
      .set({ consumed: 1 })
      .where('id', '=', id)
      .where('consumed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
