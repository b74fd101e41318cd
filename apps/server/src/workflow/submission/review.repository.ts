import type { ReviewState, Verdict } from '@zikao/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ReviewsTable } from '../../db/schema.ts';

export type ReviewRow = Selectable<ReviewsTable>;
export type ReviewWithName = ReviewRow & { reviewer_name: string };

export interface ReviewFields {
  verdict: Verdict | null;
  score: number | null;
  rubric_json: string;
  comment: string;
  plagiarism_rate: number | null;
  time_spent_ms: number;
}

/** One review per version of a submission: a draft until it is submitted. */
export class ReviewRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  find(submissionId: number, versionNo: number): Promise<ReviewRow | undefined> {
    return this.db
      .selectFrom('reviews')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .where('version_no', '=', versionNo)
      .executeTakeFirst();
  }

  forSubmission(submissionId: number): Promise<ReviewWithName[]> {
    return this.db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.reviewer_id')
      .selectAll('reviews')
      .select('users.name as reviewer_name')
      .where('reviews.submission_id', '=', submissionId)
      .orderBy('reviews.version_no')
      .execute();
  }

  /** Writes the version's review as `state`, creating it if needed. */
  async upsert(
    submissionId: number,
    versionNo: number,
    reviewerId: number,
    fields: ReviewFields,
    state: ReviewState,
  ): Promise<void> {
    const now = Date.now();
    const submittedAt = state === 'submitted' ? now : null;
    await this.db
      .insertInto('reviews')
      .values({
        submission_id: submissionId,
        version_no: versionNo,
        reviewer_id: reviewerId,
        ...fields,
        state,
        submitted_at: submittedAt,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['submission_id', 'version_no'])
          .doUpdateSet({ ...fields, reviewer_id: reviewerId, state, submitted_at: submittedAt, updated_at: now }),
      )
      .execute();
  }

  async setState(submissionId: number, versionNo: number, state: ReviewState): Promise<void> {
    await this.db
      .updateTable('reviews')
      .set({ state, updated_at: Date.now() })
      .where('submission_id', '=', submissionId)
      .where('version_no', '=', versionNo)
      .execute();
  }

  /** Drops another reviewer's unsubmitted draft when a submission is reassigned. */
  async dropDraftsNotBy(submissionIds: readonly number[], reviewerId: number): Promise<void> {
    if (submissionIds.length === 0) return;
    await this.db
      .deleteFrom('reviews')
      .where('submission_id', 'in', submissionIds)
      .where('state', '=', 'draft')
      .where('reviewer_id', '!=', reviewerId)
      .execute();
  }
}
