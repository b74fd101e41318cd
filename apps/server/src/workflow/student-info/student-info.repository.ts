import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Read-only queries for the candidate's own pages; every one is bound to one student id. */
export class StudentInfoRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  student(studentId: number) {
    return this.db
      .selectFrom('users')
      .select(['name', 'exam_number', 'major_name', 'school_name', 'apply_exam_level', 'exam_committee_name'])
      .where('id', '=', studentId)
      .executeTakeFirst();
  }

  /** The student's theses, newest batch first. */
  theses(studentId: number) {
    return this.db
      .selectFrom('theses as t')
      .innerJoin('batches as b', 'b.id', 't.batch_id')
      .select(['t.id', 't.title', 't.major_name', 't.created_at', 'b.name as batch_name'])
      .where('t.student_id', '=', studentId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute();
  }

  submissions(thesisIds: readonly number[]) {
    if (thesisIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('submissions')
      .select(['id', 'thesis_id', 'stage', 'status', 'current_version', 'uploads_used'])
      .where('thesis_id', 'in', thesisIds)
      .execute();
  }

  /** Submitted reviews only: drafts are never shown to the candidate. */
  submittedReviews(submissionIds: readonly number[]) {
    if (submissionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('reviews')
      .select(['submission_id', 'version_no', 'verdict', 'score', 'submitted_at'])
      .where('submission_id', 'in', submissionIds)
      .where('state', '=', 'submitted')
      .execute();
  }
}
