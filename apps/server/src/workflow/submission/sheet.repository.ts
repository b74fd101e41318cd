import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The reads of the information sheet and the attachments view. */
export class SheetRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  school(studentId: number) {
    return this.db.selectFrom('users').select('school_name').where('id', '=', studentId).executeTakeFirst();
  }

  /** Every stage's submission of a thesis, with its current version's dates and rate. */
  stages(thesisId: number) {
    return this.db
      .selectFrom('submissions as s')
      .leftJoin('submission_versions as v', (join) =>
        join.onRef('v.submission_id', '=', 's.id').onRef('v.version_no', '=', 's.current_version'),
      )
      .select([
        's.id',
        's.stage',
        's.status',
        's.current_version',
        's.submitted_at',
        'v.submitted_at as version_submitted_at',
        'v.plagiarism_rate as version_rate',
      ])
      .where('s.thesis_id', '=', thesisId)
      .execute();
  }

  /** The submitted reviews of these submissions, newest version first. */
  async submittedReviews(submissionIds: readonly number[]) {
    if (submissionIds.length === 0) return [];
    return this.db
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.reviewer_id')
      .select([
        'r.submission_id',
        'r.version_no',
        'r.verdict',
        'r.score',
        'r.comment',
        'r.plagiarism_rate',
        'r.submitted_at',
        'u.name as reviewer_name',
      ])
      .where('r.submission_id', 'in', submissionIds)
      .where('r.state', '=', 'submitted')
      .orderBy('r.version_no', 'desc')
      .execute();
  }

  async uploads(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db.selectFrom('uploads').select(['id', 'size', 'mime']).where('id', 'in', ids).execute();
  }

  upload(id: string) {
    return this.db.selectFrom('uploads').select(['sha256', 'mime']).where('id', '=', id).executeTakeFirst();
  }
}
