import type { ReviewLinkListQuery, ReviewLinkPurpose, ReviewLinkStatus } from '@zikao/contract/review-link';
import { type ExpressionBuilder, type Insertable, type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import type { Database, ReviewLinksTable } from '../../db/schema.ts';

export type ReviewLinkRow = Selectable<ReviewLinksTable>;

type Links = ExpressionBuilder<Database & { l: ReviewLinksTable }, 'l'>;

/** A status as a condition on the row at `now` (the same precedence as `linkStatus`). */
function statusIs(eb: Links, status: ReviewLinkStatus, now: number) {
  const live = eb.and([eb('l.revoked_at', 'is', null), eb('l.completed_at', 'is', null)]);
  switch (status) {
    case 'revoked':
      return eb('l.revoked_at', 'is not', null);
    case 'completed':
      return eb.and([eb('l.revoked_at', 'is', null), eb('l.completed_at', 'is not', null)]);
    case 'expired':
      return eb.and([live, eb('l.expires_at', '<=', now)]);
    case 'active':
      return eb.and([live, eb('l.expires_at', '>', now)]);
  }
}

/** Review links (adr/011): what each grants, what became of it, and its uses. */
export class ReviewLinkRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repository: ReviewLinkRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ReviewLinkRepository(trx), trx));
  }

  async insert(values: Insertable<ReviewLinksTable>): Promise<number> {
    const row = await this.db.insertInto('review_links').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A link, with whether a demo account made it (adr/028) and its thesis's title (for the trail),
   * in the one statement a link's call reads.
   */
  find(id: number): Promise<(ReviewLinkRow & { creator_demo: number; title: string }) | undefined> {
    return this.db
      .selectFrom('review_links as l')
      .innerJoin('users as c', 'c.id', 'l.created_by')
      .innerJoin('submissions as s', 's.id', 'l.submission_id')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .selectAll('l')
      .select(['c.demo as creator_demo', 't.title'])
      .where('l.id', '=', id)
      .executeTakeFirst();
  }

  private listed() {
    return this.db
      .selectFrom('review_links as l')
      .innerJoin('submissions as s', 's.id', 'l.submission_id')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('users as c', 'c.id', 'l.created_by');
  }

  /** The console's list: newest first, with the thesis and the creator's name. */
  async list(query: ReviewLinkListQuery, now: number) {
    let base = this.listed();
    if (query.submissionId !== undefined) base = base.where('l.submission_id', '=', query.submissionId);
    if (query.status) {
      const status = query.status;
      base = base.where((eb) => statusIs(eb as unknown as Links, status, now));
    }
    const [rows, total] = await Promise.all([
      base
        .selectAll('l')
        .select(['s.stage', 't.title', 'c.name as creator_name'])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** One link as the list shows it. */
  listedOne(id: number) {
    return this.listed()
      .selectAll('l')
      .select(['s.stage', 't.title', 'c.name as creator_name'])
      .where('l.id', '=', id)
      .executeTakeFirst();
  }

  /** Revokes a link not revoked yet; false when it already was. */
  async revoke(id: number, by: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('review_links')
      .set({ revoked_at: at, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether the submission has a 评阅 link acting as this reviewer that still works at `at`. */
  async hasLiveReviewLink(submissionId: number, reviewerId: number, at: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('review_links')
      .select('id')
      .where('submission_id', '=', submissionId)
      .where('purpose', '=', 'review')
      .where('reviewer_user_id', '=', reviewerId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Revokes the live 评阅 links of a submission that act as another reviewer than `keep`. */
  async revokeOtherReviewLinks(submissionId: number, keep: number, by: number, at: number): Promise<number[]> {
    const rows = await this.db
      .updateTable('review_links')
      .set({ revoked_at: at, revoked_by: by })
      .where('submission_id', '=', submissionId)
      .where('purpose', '=', 'review')
      .where('reviewer_user_id', '!=', keep)
      .where('revoked_at', 'is', null)
      .where('completed_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Marks a submission's live links of a purpose done; for 评阅, only those acting as `reviewerId`. */
  async complete(submissionId: number, purpose: ReviewLinkPurpose, at: number, reviewerId?: number): Promise<void> {
    let query = this.db
      .updateTable('review_links')
      .set({ completed_at: at })
      .where('submission_id', '=', submissionId)
      .where('purpose', '=', purpose)
      .where('revoked_at', 'is', null)
      .where('completed_at', 'is', null);
    if (reviewerId !== undefined) query = query.where('reviewer_user_id', '=', reviewerId);
    await query.execute();
  }

  /** A review sent back to its reviewer: their 评阅 links of the submission are open again. */
  async reopenReviewLinks(submissionId: number, reviewerId: number): Promise<void> {
    await this.db
      .updateTable('review_links')
      .set({ completed_at: null })
      .where('submission_id', '=', submissionId)
      .where('purpose', '=', 'review')
      .where('reviewer_user_id', '=', reviewerId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Counts one use of a link that is still usable at `at` (not revoked, not expired): 'continued'
   * when it was used less than `gap` ago, 'opened' when this use starts a session (the first use,
   * or the first after a rest), null when the link is no longer usable. Each attempt checks and
   * counts in one statement, so a revoke that has answered stops every use not yet counted (issue
   * 19 §3), and of two uses at once only one opens a session (the other finds the first's time).
   */
  async touch(id: number, at: number, gap: number): Promise<'continued' | 'opened' | null> {
    const attempt = async (opening: boolean) => {
      const result = await this.db
        .updateTable('review_links')
        .set((eb) => ({ use_count: eb('use_count', '+', 1), last_used_at: at }))
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .where((eb) =>
          opening
            ? eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', at - gap)])
            : eb('last_used_at', '>', at - gap),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    };
    if (await attempt(false)) return 'continued';
    if (await attempt(true)) return 'opened';
    // Another use opened the session meanwhile.
    return (await attempt(false)) ? 'continued' : null;
  }

  /**
   * Write-locks the submission's row until the transaction ends, and reads what a link's create
   * decides on: its status and reviewer. It must be the transaction's first statement. PostgreSQL
   * locks the row (FOR NO KEY UPDATE, as an UPDATE of it does, so the link rows' foreign-key locks
   * on it do not deadlock), without the write an UPDATE would notify to every instance. SQLite
   * needs a write to take its one writer lock before anything is read (a read first would pin a
   * snapshot that a writer in another process may outdate, and the later write would fail at
   * once instead of waiting): a no-op update of the row.
   */
  async lockSubmission(submissionId: number) {
    let query = this.db
      .selectFrom('submissions')
      .select(['id', 'status', 'reviewer_id'])
      .where('id', '=', submissionId);
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) query = query.forNoKeyUpdate();
    else {
      await this.db
        .updateTable('submissions')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', submissionId)
        .execute();
    }
    return query.executeTakeFirst();
  }
}
