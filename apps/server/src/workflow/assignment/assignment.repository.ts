import { Role } from '@zikao/contract';
import { type AutoAssignPreviewQuery, LOAD_STATUSES } from '@zikao/contract/assignment';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Most submissions one automatic plan covers. */
export const AUTO_ASSIGN_LIMIT = 2000;

/**
 * A reviewer's majors, read the way the console's accounts store them: the names in
 * `majors_json` (the session's majorInfoList, `{majorCode, majorName}`); accounts without that
 * list fall back to `major_name`, which holds several majors joined by "、".
 */
export function majorsOf(row: { majors_json: string; major_name: string }): string[] {
  const names: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.majors_json || '[]');
    if (Array.isArray(parsed)) {
      for (const item of parsed) {
        if (typeof item === 'string') names.push(item);
        else if (item && typeof item === 'object' && 'majorName' in item && typeof item.majorName === 'string') {
          names.push(item.majorName);
        }
      }
    }
  } catch {
    // a malformed list counts as none; major_name still applies
  }
  if (names.length === 0) names.push(...row.major_name.split('、'));
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

export class AssignmentRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Active reviewers (role 3) with their current load, by id; only `ids` when given. External
   * reviewers (外审专家) are not among them: each is assigned through its review link.
   */
  async reviewers(ids?: readonly number[]) {
    let query = this.db
      .selectFrom('users as u')
      .select((eb) => [
        'u.id',
        'u.name',
        'u.account',
        'u.majors_json',
        'u.major_name',
        eb
          .selectFrom('submissions as s')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('s.reviewer_id', '=', 'u.id')
          .where('s.status', 'in', LOAD_STATUSES)
          .as('load'),
      ])
      .where('u.role', '=', Role.reviewer)
      .where('u.disabled', '=', 0)
      .where('u.external', '=', 0)
      .orderBy('u.id');
    if (ids) {
      if (ids.length === 0) return [];
      query = query.where('u.id', 'in', ids);
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      account: row.account,
      majors: majorsOf(row),
      load: Number(row.load ?? 0),
    }));
  }

  batches() {
    return this.db.selectFrom('batches').select(['id', 'name']).orderBy('id', 'desc').execute();
  }

  /** Majors of the submissions, for the filter. */
  async majors(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('submissions')
      .select('major_name')
      .distinct()
      .where('major_name', '!=', '')
      .orderBy('major_name')
      .execute();
    return rows.map((row) => row.major_name);
  }

  /** Unassigned submissions in the automatic plan's scope, oldest first. */
  unassigned(query: AutoAssignPreviewQuery) {
    let select = this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('users as u', 'u.id', 't.student_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .select([
        's.id',
        's.stage',
        's.major_name',
        't.title',
        'u.name as student_name',
        'u.exam_number',
        'b.name as batch_name',
      ])
      .where('s.status', '=', 'unassigned');
    if (query.stage) select = select.where('s.stage', '=', query.stage);
    if (query.batchId) select = select.where('s.batch_id', '=', query.batchId);
    if (query.major) select = select.where('s.major_name', '=', query.major);
    if (query.submissionIds) {
      if (query.submissionIds.length === 0) return Promise.resolve([]);
      select = select.where('s.id', 'in', query.submissionIds);
    }
    return select.orderBy('s.submitted_at').orderBy('s.id').limit(AUTO_ASSIGN_LIMIT).execute();
  }

  /**
   * Hands a previous reviewer's annotations on these submissions' documents to the new
   * reviewer, so that reassigning keeps the work done; returns how many moved.
   */
  async transferAnnotations(submissionId: number, fromReviewerId: number, toReviewerId: number): Promise<number> {
    const result = await this.db
      .updateTable('annotations')
      .set({ author_id: toReviewerId })
      .where('author_id', '=', fromReviewerId)
      .where('document_id', 'in', (eb) =>
        eb
          .selectFrom('submission_versions')
          .select('document_id')
          .where('submission_id', '=', submissionId)
          .where('document_id', 'is not', null),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
