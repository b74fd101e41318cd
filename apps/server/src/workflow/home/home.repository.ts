import type { Stage, SubmissionStatus } from '@zikao/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database, SubmissionsTable } from '../../db/schema.ts';

/** Statuses in which a submission waits for its reviewer. */
export const ACTIVE_STATUSES: readonly SubmissionStatus[] = ['assigned', 'reviewing'];

/**
 * The audit actions that make a submission its reviewer's work anew: an assignment, an admin's
 * 重新开放, a candidate's new version after 退回修改.
 */
export const ARRIVAL_ACTIONS = ['assign', 'reopen', 'resubmit'] as const;
export type ArrivalAction = (typeof ARRIVAL_ACTIONS)[number];

type S = ExpressionBuilder<Database & { s: SubmissionsTable }, 's'>;

/** When the submission became its reviewer's work: the newest arrival in the audit trail, else its submission. */
function arrivedAt(eb: S) {
  return eb.fn.coalesce(
    eb
      .selectFrom('audit_log as a')
      .select((inner) => inner.fn.max('a.created_at').as('at'))
      .where('a.entity', '=', 'submission')
      .whereRef('a.entity_id', '=', 's.id')
      .where('a.action', 'in', ARRIVAL_ACTIONS),
    eb.ref('s.submitted_at'),
  );
}

/**
 * Waiting since before `cutoff`: a version submitted before it (an arrival is never earlier than
 * the version's submission, so newer submissions are out at once) and no arrival at or after it.
 * Two ways to look for that arrival:
 * - `row`: each submission's own audit rows, by the entity index; used inside the counts' CASE,
 *   which PostgreSQL evaluates as one hashed subplan;
 * - `set`: the recent arrivals as a set read once per statement, for a WHERE. There a correlated
 *   NOT EXISTS becomes an anti join on PostgreSQL whose plan hangs on the table statistics: 54 s
 *   over 100,000 submissions right after a bulk load, before ANALYZE, against 60 ms for this form.
 */
function overdue(eb: S, cutoff: number, lookup: 'row' | 'set'): Expression<SqlBool> {
  const recent = eb
    .selectFrom('audit_log as a')
    .where('a.entity', '=', 'submission')
    .where('a.action', 'in', ARRIVAL_ACTIONS)
    .where('a.created_at', '>=', cutoff);
  return eb.and([
    eb('s.status', 'in', ACTIVE_STATUSES),
    eb('s.submitted_at', '<', cutoff),
    lookup === 'row'
      ? eb.not(eb.exists(recent.select('a.id').whereRef('a.entity_id', '=', 's.id')))
      : eb('s.id', 'not in', recent.select('a.entity_id')),
  ]);
}

/** Handed back by an admin and not since assigned anew or resubmitted: the reopen is the newest arrival. */
function reopened(eb: S): Expression<SqlBool> {
  return eb.and([
    eb('s.status', '=', 'reviewing'),
    eb.exists(
      eb
        .selectFrom('audit_log as a')
        .select('a.id')
        .where('a.entity', '=', 'submission')
        .whereRef('a.entity_id', '=', 's.id')
        .where('a.action', '=', 'reopen')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('audit_log as b')
                .select('b.id')
                .where('b.entity', '=', 'submission')
                .whereRef('b.entity_id', '=', 's.id')
                .where('b.action', 'in', ['assign', 'resubmit'])
                .whereRef('b.created_at', '>', 'a.created_at'),
            ),
          ),
        ),
    ),
  ]);
}

export interface ActiveGroup {
  batch_id: number;
  stage: Stage;
  reviewer_id: number | null;
  status: SubmissionStatus;
  n: number;
  overdue: number;
}

export interface QueueRow {
  id: number;
  stage: Stage;
  status: SubmissionStatus;
  batch_id: number;
  current_version: number;
  submitted_at: number;
  arrived_at: number;
  title: string;
  student_name: string;
  batch_name: string;
  rules_json: string;
  review_state: string | null;
}

/**
 * The homes' reads (issue 21 §3): counts grouped in the database, lists with a LIMIT. Every
 * reviewer-side read is filtered by `reviewer_id`; the admin reads cover every submission.
 */
export class HomeRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Waiting submissions (待评阅, 评阅中) counted by batch, stage, reviewer and status, with how many
   * of each are overdue: one pass for every count the homes show. One reviewer's, or everyone's (null).
   */
  async activeGroups(reviewerId: number | null, cutoff: number): Promise<ActiveGroup[]> {
    let query = this.db
      .selectFrom('submissions as s')
      .select((eb) => [
        's.batch_id',
        's.stage',
        's.reviewer_id',
        's.status',
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(overdue(eb, cutoff, 'row'))
              .then(1)
              .else(0)
              .end(),
          )
          .as('overdue'),
      ])
      .where('s.status', 'in', ACTIVE_STATUSES);
    if (reviewerId !== null) query = query.where('s.reviewer_id', '=', reviewerId);
    const rows = await query.groupBy(['s.batch_id', 's.stage', 's.reviewer_id', 's.status']).execute();
    return rows.map((row) => ({ ...row, n: Number(row.n), overdue: Number(row.overdue ?? 0) }));
  }

  async names(userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * One reviewer's waiting submissions, the longest waiting first: the page's ids and arrivals from
   * submissions alone (their own index, one audit lookup each), then those few rows with their
   * thesis, candidate, batch and review.
   */
  async queue(reviewerId: number, limit: number): Promise<QueueRow[]> {
    return this.queueRows(
      await this.db
        .selectFrom('submissions as s')
        .select((eb) => ['s.id', arrivedAt(eb).as('arrived_at')])
        .where('s.reviewer_id', '=', reviewerId)
        .where('s.status', 'in', ACTIVE_STATUSES)
        .orderBy('arrived_at')
        .orderBy('s.id')
        .limit(limit)
        .execute(),
    );
  }

  /** One reviewer's reviews handed back by an admin, the oldest reopen first. */
  async reopenedQueue(reviewerId: number, limit: number): Promise<QueueRow[]> {
    return this.queueRows(
      await this.db
        .selectFrom('submissions as s')
        .select((eb) => ['s.id', arrivedAt(eb).as('arrived_at')])
        .where('s.reviewer_id', '=', reviewerId)
        .where((eb) => reopened(eb))
        .orderBy('arrived_at')
        .orderBy('s.id')
        .limit(limit)
        .execute(),
    );
  }

  private async queueRows(page: ReadonlyArray<{ id: number; arrived_at: unknown }>): Promise<QueueRow[]> {
    if (page.length === 0) return [];
    const rows = await this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('users as u', 'u.id', 't.student_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .leftJoin('reviews as rv', (join) =>
        join.onRef('rv.submission_id', '=', 's.id').onRef('rv.version_no', '=', 's.current_version'),
      )
      .select([
        's.id',
        's.stage',
        's.status',
        's.batch_id',
        's.current_version',
        's.submitted_at',
        't.title',
        'u.name as student_name',
        'b.name as batch_name',
        'b.rules_json',
        'rv.state as review_state',
      ])
      .where(
        's.id',
        'in',
        page.map((row) => row.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return page.flatMap((entry) => {
      const row = byId.get(entry.id);
      return row ? [{ ...row, arrived_at: Number(entry.arrived_at) }] : [];
    });
  }

  /** The newest arrival of each submission, with the admin's reason when it was a reopen. */
  async lastArrivals(
    submissionIds: readonly number[],
  ): Promise<Map<number, { action: ArrivalAction; reason: string; at: number }>> {
    const last = new Map<number, { action: ArrivalAction; reason: string; at: number }>();
    if (submissionIds.length === 0) return last;
    const rows = await this.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action', 'reason', 'created_at'])
      .where('entity', '=', 'submission')
      .where('entity_id', 'in', submissionIds)
      .where('action', 'in', ARRIVAL_ACTIONS)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      last.set(row.entity_id, { action: row.action as ArrivalAction, reason: row.reason, at: row.created_at });
    }
    return last;
  }

  /** Reviews this reviewer submitted since `since`. */
  async reviewedSince(reviewerId: number, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reviewer_id', '=', reviewerId)
      .where('state', '=', 'submitted')
      .where('submitted_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Every submission by status, over every batch. */
  async statusCounts(): Promise<Array<{ status: SubmissionStatus; n: number }>> {
    const rows = await this.db
      .selectFrom('submissions')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
  }

  /** 待分配 submissions a revoked review link released (migration 027): they wait for a 改派. */
  async releasedCount(): Promise<number> {
    const row = await this.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'unassigned')
      .where('released_reviewer_id', 'is not', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async unassignedByStage(): Promise<Array<{ stage: Stage; n: number }>> {
    const rows = await this.db
      .selectFrom('submissions')
      .select((eb) => ['stage', eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'unassigned')
      .groupBy('stage')
      .execute();
    return rows.map((row) => ({ stage: row.stage, n: Number(row.n) }));
  }

  openBatches(limit: number) {
    return this.db
      .selectFrom('batches')
      .select(['id', 'name', 'rules_json'])
      .where('status', '=', 'open')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Submissions of these batches by status. */
  async batchCounts(
    batchIds: readonly number[],
  ): Promise<Array<{ batch_id: number; status: SubmissionStatus; n: number }>> {
    if (batchIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('submissions')
      .select((eb) => ['batch_id', 'status', eb.fn.countAll<number>().as('n')])
      .where('batch_id', 'in', batchIds)
      .groupBy(['batch_id', 'status'])
      .execute();
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  }

  /** Theses of these batches (a candidate's thesis, whatever its stages), as 批次管理 counts them. */
  async batchTheses(batchIds: readonly number[]): Promise<Map<number, number>> {
    if (batchIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('theses')
      .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
      .where('batch_id', 'in', batchIds)
      .groupBy('batch_id')
      .execute();
    return new Map(rows.map((row) => [row.batch_id, Number(row.n)]));
  }

  /**
   * Overdue reviews, those whose version was submitted first at the top (the candidates who have
   * waited longest), without their arrival: the caller reads it for these few (`lastArrivals`).
   * The page's ids come from submissions alone; only those rows are joined.
   */
  async overdueList(cutoff: number, limit: number) {
    const page = await this.db
      .selectFrom('submissions as s')
      .select('s.id')
      .where((eb) => overdue(eb, cutoff, 'set'))
      .orderBy('s.submitted_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
    if (page.length === 0) return [];
    const rows = await this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .leftJoin('users as r', 'r.id', 's.reviewer_id')
      .select([
        's.id',
        's.stage',
        's.status',
        's.reviewer_id',
        's.submitted_at',
        't.title',
        'b.name as batch_name',
        'r.name as reviewer_name',
      ])
      .where(
        's.id',
        'in',
        page.map((row) => row.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return page.flatMap((entry) => byId.get(entry.id) ?? []);
  }

  /** Verdicts waiting for the admin check (待复核), the longest waiting first. */
  awaitingCheck(limit: number) {
    return this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .leftJoin('users as r', 'r.id', 's.reviewer_id')
      .leftJoin('reviews as rv', (join) =>
        join.onRef('rv.submission_id', '=', 's.id').onRef('rv.version_no', '=', 's.current_version'),
      )
      .select([
        's.id',
        's.stage',
        's.updated_at',
        't.title',
        'b.name as batch_name',
        'r.name as reviewer_name',
        'rv.verdict',
        'rv.score',
        'rv.submitted_at as reviewed_at',
      ])
      .where('s.status', '=', 'awaiting_check')
      .orderBy('s.updated_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
  }
}
