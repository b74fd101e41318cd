import { Role } from '@zikao/contract';
import type { NoticeAudience, NoticeKind } from '@zikao/contract/notice';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, NoticesTable } from '../db/schema.ts';

/** The caller as far as notices care: who they are and which audience they belong to. */
export interface NoticeReader {
  id: number;
  role: Role;
}

export interface NoticeFilter {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  /** 0: unread only; 1: read only. */
  read?: number | undefined;
}

type N = ExpressionBuilder<Database & { n: NoticesTable }, 'n'>;

const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * Audiences a reader belongs to. Admins also see what was published to candidates, so that
 * they can find and delete it.
 */
export function audiencesOf(role: Role): NoticeAudience[] {
  if (role === Role.student) return ['students'];
  if (role === Role.admin) return ['staff', 'students'];
  return ['staff'];
}

/** Whether a notice is addressed to the reader. */
export function isVisibleTo(
  reader: NoticeReader,
  notice: { audience: NoticeAudience; user_id: number | null },
): boolean {
  if (notice.audience === 'user') return notice.user_id === reader.id;
  return audiencesOf(reader.role).includes(notice.audience);
}

function visible(eb: N, reader: NoticeReader) {
  return eb.or([
    eb.and([eb('n.audience', '=', 'user'), eb('n.user_id', '=', reader.id)]),
    eb('n.audience', 'in', audiencesOf(reader.role)),
  ]);
}

export class NoticeRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Notices of the reader with their read mark; unread first, then newest first. */
  private base(reader: NoticeReader, filter: Omit<NoticeFilter, 'page' | 'pageSize'>) {
    let query = this.db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (join) => join.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', reader.id))
      .where((eb) => visible(eb, reader));
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      query = query.where(
        (eb) =>
          sql<SqlBool>`(lower(${eb.ref('n.title')}) like ${pattern} escape '\\' or lower(${eb.ref('n.body')}) like ${pattern} escape '\\')`,
      );
    }
    if (filter.read === 0) query = query.where('r.read_at', 'is', null);
    if (filter.read === 1) query = query.where('r.read_at', 'is not', null);
    return query;
  }

  async list(reader: NoticeReader, filter: NoticeFilter) {
    const rows = await this.base(reader, filter)
      .leftJoin('users as a', 'a.id', 'n.created_by')
      .selectAll('n')
      .select(['r.read_at', 'a.name as author_name'])
      .orderBy(sql`case when r.read_at is null then 0 else 1 end`)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    const total = await this.base(reader, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total.count) };
  }

  async unreadCount(reader: NoticeReader): Promise<number> {
    const row = await this.base(reader, { read: 0 })
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  find(id: number, readerId: number) {
    return this.db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (join) => join.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', readerId))
      .leftJoin('users as a', 'a.id', 'n.created_by')
      .selectAll('n')
      .select(['r.read_at', 'a.name as author_name'])
      .where('n.id', '=', id)
      .executeTakeFirst();
  }

  async markRead(noticeId: number, userId: number, at: number): Promise<void> {
    await this.db
      .insertInto('notice_reads')
      .values({ notice_id: noticeId, user_id: userId, read_at: at })
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .execute();
  }

  /** Marks every unread notice of the reader read; returns how many. */
  async markAllRead(reader: NoticeReader, at: number): Promise<number> {
    const ids = await this.base(reader, { read: 0 }).select('n.id').execute();
    if (ids.length === 0) return 0;
    await this.db
      .insertInto('notice_reads')
      .values(ids.map((row) => ({ notice_id: row.id, user_id: reader.id, read_at: at })))
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .execute();
    return ids.length;
  }

  async insert(notice: {
    audience: NoticeAudience;
    userId: number | null;
    kind: NoticeKind;
    title: string;
    body: string;
    link?: string;
    createdBy: number | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('notices')
      .values({
        audience: notice.audience,
        user_id: notice.userId,
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link ?? '',
        created_by: notice.createdBy,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
      await trx.deleteFrom('notices').where('id', '=', id).execute();
    });
  }

  /** Queues a review SMS in the caller's transaction (adr/019). */
  async queueReviewSms(submissionId: number, userId: number, payloadJson: string, now: number): Promise<void> {
    await this.db
      .insertInto('review_outbox')
      .values({
        kind: 'review_sms',
        submission_id: submissionId,
        user_id: userId,
        payload_json: payloadJson,
        created_at: now,
        done_at: null,
      })
      .execute();
  }

  /** Queued review SMS that no live lease holds, oldest first. */
  async pendingReviewSms(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('review_outbox')
      .select('id')
      .where('done_at', 'is', null)
      .where('claimed_until', '<', now)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Claims a queued SMS for `leaseMs` by one conditional update; undefined when another drain has it. */
  claimReviewSms(id: number, now: number, leaseMs: number) {
    return this.db
      .updateTable('review_outbox')
      .set((eb) => ({ claimed_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('done_at', 'is', null)
      .where('claimed_until', '<', now)
      .returning(['id', 'submission_id', 'user_id', 'payload_json', 'attempts'])
      .executeTakeFirst();
  }

  async finishReviewSms(id: number, now: number): Promise<void> {
    await this.db.updateTable('review_outbox').set({ done_at: now }).where('id', '=', id).execute();
  }

  /** The phone a user is reached on: the account is the phone number. */
  async phoneOf(userId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('account').where('id', '=', userId).executeTakeFirst();
    return row?.account;
  }
}
