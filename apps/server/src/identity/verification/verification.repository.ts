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

  /**
   * Reserves one send for a phone in one conditional upsert: none within `resendMs` of the last,
   * at most `dailyLimit` on the day starting at `today`. False when the limits refuse it.
   */
  async reserveSend(phone: string, now: number, today: number, resendMs: number, dailyLimit: number): Promise<boolean> {
    const row = await this.db
      .insertInto('sms_send_limits')
      .values({ phone, last_sent_at: now, day_start: today, day_count: 1 })
      .onConflict((oc) =>
        oc
          .column('phone')
          .doUpdateSet((eb) => ({
            last_sent_at: now,
            day_start: today,
            day_count: eb
              .case()
              .when('sms_send_limits.day_start', '=', today)
              .then(eb('sms_send_limits.day_count', '+', 1))
              .else(1)
              .end(),
          }))
          .where((eb) =>
            eb.and([
              eb('sms_send_limits.last_sent_at', '<=', now - resendMs),
              eb.or([eb('sms_send_limits.day_start', '<>', today), eb('sms_send_limits.day_count', '<', dailyLimit)]),
            ]),
          ),
      )
      .returning('day_count')
      .executeTakeFirst();
    return row !== undefined;
  }

  sendLimit(phone: string): Promise<{ last_sent_at: number; day_count: number } | undefined> {
    return this.db
      .selectFrom('sms_send_limits')
      .select(['last_sent_at', 'day_count'])
      .where('phone', '=', phone)
      .executeTakeFirst();
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

  /** Takes one try of a code unless it has had `max`; the tries so far, or undefined when none is left. */
  async takeAttempt(id: number, max: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .where('consumed', '=', 0)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
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
