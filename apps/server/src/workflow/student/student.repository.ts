import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The candidate side's reads: a student's theses, their submissions, versions, documents and reviews. */
export class StudentRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The student's theses with their batches, newest first. */
  theses(studentId: number) {
    return this.db
      .selectFrom('theses as t')
      .innerJoin('batches as b', 'b.id', 't.batch_id')
      .selectAll('t')
      .select(['b.name as batch_name', 'b.rules_json'])
      .where('t.student_id', '=', studentId)
      .orderBy('t.id', 'desc')
      .execute();
  }

  findThesis(thesisId: number) {
    return this.db
      .selectFrom('theses as t')
      .innerJoin('batches as b', 'b.id', 't.batch_id')
      .selectAll('t')
      .select(['b.name as batch_name', 'b.rules_json'])
      .where('t.id', '=', thesisId)
      .executeTakeFirst();
  }

  /** Every stage submission of a thesis. */
  submissions(thesisId: number) {
    return this.db.selectFrom('submissions').selectAll().where('thesis_id', '=', thesisId).execute();
  }

  /** A submission with the owner of its thesis and the batch rules, for the access check. */
  findSubmission(submissionId: number) {
    return this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .selectAll('s')
      .select(['t.student_id', 'b.rules_json'])
      .where('s.id', '=', submissionId)
      .executeTakeFirst();
  }

  /** Submitted reviews of these submissions (any version); drafts never leave the server. */
  submittedReviews(submissionIds: readonly number[]) {
    if (submissionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.reviewer_id')
      .select(['r.submission_id', 'r.version_no', 'r.verdict', 'r.score', 'r.comment', 'r.plagiarism_rate'])
      .select(['r.submitted_at', 'u.external as reviewer_external'])
      .where('r.submission_id', 'in', submissionIds)
      .where('r.state', '=', 'submitted')
      .execute();
  }

  documents(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('documents')
      .select(['id', 'owner_id', 'name', 'status', 'progress', 'error', 'page_count', 'source_mime'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Whether any submission version already holds this document. */
  async documentInUse(documentId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('submission_versions')
      .select('id')
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return row !== undefined;
  }

  uploads(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('uploads').select(['id', 'owner_id', 'name', 'kind']).where('id', 'in', ids).execute();
  }

  /** A submitted topic names the thesis. */
  async setThesisTitle(thesisId: number, title: string): Promise<void> {
    await this.db.updateTable('theses').set({ title, updated_at: Date.now() }).where('id', '=', thesisId).execute();
  }

  findUpload(id: string) {
    return this.db
      .selectFrom('uploads')
      .select(['id', 'owner_id', 'sha256', 'name', 'mime'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findDraft(thesisId: number) {
    return this.db.selectFrom('topic_drafts').selectAll().where('thesis_id', '=', thesisId).executeTakeFirst();
  }

  async saveDraft(thesisId: number, fieldsJson: string): Promise<number> {
    const now = Date.now();
    await this.db
      .insertInto('topic_drafts')
      .values({ thesis_id: thesisId, fields_json: fieldsJson, updated_at: now })
      .onConflict((oc) => oc.column('thesis_id').doUpdateSet({ fields_json: fieldsJson, updated_at: now }))
      .execute();
    return now;
  }

  async deleteDraft(thesisId: number): Promise<void> {
    await this.db.deleteFrom('topic_drafts').where('thesis_id', '=', thesisId).execute();
  }
}
