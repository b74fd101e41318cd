import type { Stage, SubmissionListQuery, SubmissionStatus } from '@zikao/contract';
import { SUBMISSION_STATUS_ORDER } from '@zikao/contract/ordering';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { type ChangeFeed, Memo } from '../../db/change-feed.ts';
import type { Database, SubmissionsTable, SubmissionVersionsTable } from '../../db/schema.ts';
import { inIdOrder, pageByText } from '../../shared/text-order.ts';

export type SubmissionRow = Selectable<SubmissionsTable>;
export type VersionRow = Selectable<SubmissionVersionsTable>;

/** What a list may show the caller: everything (admins) or one reviewer's assignments. */
export interface ListAccess {
  reviewerId: number | null;
  /** Batches under blind review: their candidates' names and exam numbers are not searchable. */
  blindBatchIds: readonly number[];
}

type S = ExpressionBuilder<Database & { s: SubmissionsTable }, 's'>;

const TODO_STATUSES: Record<'reviewer' | 'admin', SubmissionStatus[]> = {
  reviewer: ['assigned', 'reviewing'],
  admin: ['unassigned', 'assigned', 'reviewing', 'awaiting_check'],
};

/**
 * A status's place in `statuses` as SQL (statuses not listed come after them all), so the
 * database orders by the workflow rather than by the codes' spelling.
 */
function statusRankSql(statuses: readonly SubmissionStatus[]) {
  const cases = statuses.map((status, rank) => sql`when ${status} then ${rank}`);
  return sql<number>`case s.status ${sql.join(cases, sql` `)} else ${statuses.length} end`;
}

/** `%keyword%` with the keyword's own % _ and \ taken literally (`escape '\'` in both dialects). */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const like = (column: Expression<string>, pattern: string) => sql<SqlBool>`${column} like ${pattern} escape '\\'`;

/** Lower-cased text the list's keyword search looks in. */
export function searchTextOf(title: string, name: string, examNo: string): string {
  return `${title}\n${name}\n${examNo}`.toLowerCase().slice(0, 500);
}

/** The tables whose writes bump the review lists' data version (migration 010), and the version's own. */
const LIST_VERSION_TABLES = ['submissions', 'reviews', 'batches', 'theses', 'data_versions'] as const;
/** What list rows show from tables outside that version: candidate and reviewer names, exam numbers. */
const LIST_EXTRA_TABLES = ['users'] as const;

export class SubmissionRepository {
  private readonly db: Kysely<Database>;

  /** The data version, re-read only after a write to a table its triggers watch. */
  private readonly version: Memo<string> | null;

  private readonly changes: ChangeFeed | null;

  constructor(db: Kysely<Database>, changes: ChangeFeed | null = null) {
    this.db = db;
    this.changes = changes;
    this.version = changes ? new Memo(changes, LIST_VERSION_TABLES) : null;
  }

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repository: SubmissionRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SubmissionRepository(trx), trx));
  }

  findById(id: number): Promise<SubmissionRow | undefined> {
    return this.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<SubmissionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('submissions').selectAll().where('id', 'in', ids).execute();
  }

  /** The submission with its thesis, candidate and batch, for the detail and the review rules. */
  findContext(id: number) {
    return this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('users as u', 'u.id', 't.student_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .leftJoin('users as r', 'r.id', 's.reviewer_id')
      .selectAll('s')
      .select([
        't.title',
        't.advisor',
        't.student_id',
        'u.name as student_name',
        'u.exam_number',
        'b.name as batch_name',
        'b.rules_json',
        'r.name as reviewer_name',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Applies a change only if the submission is still in `from` at `version`; false when another
   * request got there first. Every status change bumps row_version.
   */
  async advance(
    id: number,
    expected: { status: SubmissionStatus; currentVersion: number },
    changes: Updateable<SubmissionsTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('submissions')
      .set((eb) => ({ ...changes, row_version: eb('row_version', '+', 1), updated_at: Date.now() }))
      .where('id', '=', id)
      .where('status', '=', expected.status)
      .where('current_version', '=', expected.currentVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  batchRules(): Promise<Array<{ id: number; name: string; rules_json: string }>> {
    return this.db.selectFrom('batches').select(['id', 'name', 'rules_json']).execute();
  }

  private filter(query: SubmissionListQuery, access: ListAccess, withStatus: boolean) {
    return (eb: S): Expression<SqlBool> => {
      const conditions: Array<Expression<SqlBool>> = [eb('s.stage', '=', query.stage)];
      if (access.reviewerId !== null) conditions.push(eb('s.reviewer_id', '=', access.reviewerId));
      if (query.scope === 'todo') {
        conditions.push(eb('s.status', 'in', TODO_STATUSES[access.reviewerId === null ? 'admin' : 'reviewer']));
      } else if (query.scope === 'history') {
        let reviewed = eb
          .selectFrom('reviews as h')
          .select('h.id')
          .whereRef('h.submission_id', '=', 's.id')
          .where('h.state', '=', 'submitted');
        if (access.reviewerId !== null) reviewed = reviewed.where('h.reviewer_id', '=', access.reviewerId);
        conditions.push(eb.exists(reviewed));
      }
      if (withStatus && query.status) conditions.push(eb('s.status', '=', query.status));
      if (query.batchId) conditions.push(eb('s.batch_id', '=', query.batchId));
      if (query.major) conditions.push(eb('s.major_name', '=', query.major));
      const keyword = query.keyword?.trim();
      if (keyword) {
        const pattern = likePattern(keyword);
        const anywhere = like(eb.ref('s.search_text'), pattern);
        conditions.push(
          access.blindBatchIds.length > 0
            ? eb.or([
                like(eb.ref('s.title_search'), pattern),
                eb.and([anywhere, eb('s.batch_id', 'not in', access.blindBatchIds)]),
              ])
            : anywhere,
        );
      }
      return eb.and(conditions);
    };
  }

  /**
   * One page of a stage's submissions, with thesis, candidate, batch, reviewer and current review.
   * The page's ids come first from submissions alone, so the planner walks one ordered index and
   * stops at the page instead of joining every matching row before sorting.
   */
  async list(query: SubmissionListQuery, access: ListAccess, limit: number, offset: number) {
    const page = await this.pageIds(query, access, limit, offset);
    if (page.length === 0) return [];
    const rows = await this.db
      .selectFrom('submissions as s')
      .where('s.id', 'in', page)
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('users as u', 'u.id', 't.student_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .leftJoin('users as r', 'r.id', 's.reviewer_id')
      .leftJoin('users as released', 'released.id', 's.released_reviewer_id')
      .leftJoin('reviews as rv', (join) =>
        join.onRef('rv.submission_id', '=', 's.id').onRef('rv.version_no', '=', 's.current_version'),
      )
      .select([
        's.id',
        's.stage',
        's.status',
        's.thesis_id',
        's.batch_id',
        's.major_name',
        's.reviewer_id',
        's.current_version',
        's.uploads_used',
        's.submitted_at',
        's.updated_at',
        't.title',
        'u.name as student_name',
        'u.exam_number',
        'b.name as batch_name',
        'r.name as reviewer_name',
        'released.name as released_name',
        'rv.verdict',
        'rv.score',
        'rv.state as review_state',
      ])
      .execute();
    return inIdOrder(rows, page);
  }

  /**
   * The ids of one page in the query's order: titles by pinyin (ordered in code, see
   * `pageByText`), statuses by the workflow's order, and by default what still waits for the
   * viewer first, newest first within each group.
   */
  private async pageIds(query: SubmissionListQuery, access: ListAccess, limit: number, offset: number) {
    const base = this.db.selectFrom('submissions as s').where(this.filter(query, access, true));
    if (query.sort === 'title') {
      const rows = await base
        .innerJoin('theses as t', 't.id', 's.thesis_id')
        .select(['s.id', 't.title as text'])
        .execute();
      return pageByText(rows, query.order, limit, offset);
    }
    const waiting = TODO_STATUSES[access.reviewerId === null ? 'admin' : 'reviewer'];
    const ordered =
      query.sort === 'status'
        ? base.orderBy(statusRankSql(SUBMISSION_STATUS_ORDER), query.order)
        : query.sort === 'pendingFirst'
          ? base
              .orderBy(sql<number>`case when s.status in (${sql.join(waiting)}) then 0 else 1 end`)
              .orderBy('s.submitted_at', query.order)
          : base.orderBy(
              ({ submittedAt: 's.submitted_at', updatedAt: 's.updated_at' } as const)[query.sort],
              query.order,
            );
    const page = await ordered.select('s.id').orderBy('s.id', 'desc').limit(limit).offset(offset).execute();
    return page.map((row) => row.id);
  }

  /** Bumped by database triggers on every write that changes what a review list shows. */
  private dataVersion(): Promise<string> {
    return this.version ? this.version.get(() => this.readDataVersion()) : this.readDataVersion();
  }

  /**
   * The version a cached list answer is tagged with. While every write is watched it is exact:
   * the data version and the stamp of `users` (names the trigger-bumped version does not cover).
   * Otherwise it is the data version alone, and answers must also age out.
   */
  async listVersion(): Promise<{ version: string; exact: boolean }> {
    const users = this.changes?.stamp(LIST_EXTRA_TABLES) ?? null;
    const data = await this.dataVersion();
    return users === null ? { version: data, exact: false } : { version: `${data}:${users}`, exact: true };
  }

  /** The exact list version when it is known without a read; undefined otherwise. */
  currentListVersion(): string | undefined {
    const users = this.changes?.stamp(LIST_EXTRA_TABLES) ?? null;
    const data = users === null ? undefined : this.version?.peek();
    return data === undefined ? undefined : `${data}:${users}`;
  }

  private async readDataVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('data_versions')
      .select('version')
      .where('name', '=', 'review_lists')
      .executeTakeFirst();
    return String(row?.version ?? 0);
  }

  /** Rows per status under the list's filters (all but the status filter). */
  async counts(
    query: SubmissionListQuery,
    access: ListAccess,
  ): Promise<Array<{ status: SubmissionStatus; n: number }>> {
    const rows = await this.db
      .selectFrom('submissions as s')
      .where(this.filter(query, access, false))
      .select((eb) => ['s.status', eb.fn.countAll<number>().as('n')])
      .groupBy('s.status')
      .execute();
    return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
  }

  /** Batches and majors present in a stage's submissions the caller may list, for the filter options. */
  async filterOptions(
    query: Pick<SubmissionListQuery, 'stage' | 'scope'>,
    access: ListAccess,
  ): Promise<{ batches: Array<{ id: number; name: string }>; majors: string[] }> {
    const where = this.filter({ ...query, page: 1, pageSize: 1, sort: 'submittedAt', order: 'desc' }, access, false);
    const [batches, majors] = await Promise.all([
      this.db
        .selectFrom('batches as b')
        .select(['b.id', 'b.name'])
        .where('b.id', 'in', this.db.selectFrom('submissions as s').where(where).select('s.batch_id'))
        .orderBy('b.name')
        .orderBy('b.id')
        .execute(),
      this.db
        .selectFrom('submissions as s')
        .where(where)
        .select('s.major_name')
        .distinct()
        .orderBy('s.major_name')
        .execute(),
    ]);
    return { batches, majors: majors.map((row) => row.major_name).filter((major) => major !== '') };
  }

  versions(submissionId: number): Promise<VersionRow[]> {
    return this.db
      .selectFrom('submission_versions')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .orderBy('version_no')
      .execute();
  }

  async insertThesis(thesis: {
    batchId: number;
    studentId: number;
    majorName: string;
    title: string;
    advisor: string;
  }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('theses')
      .values({
        batch_id: thesis.batchId,
        student_id: thesis.studentId,
        major_name: thesis.majorName,
        title: thesis.title,
        advisor: thesis.advisor,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findThesis(id: number) {
    return this.db
      .selectFrom('theses as t')
      .innerJoin('users as u', 'u.id', 't.student_id')
      .selectAll('t')
      .select(['u.name as student_name', 'u.exam_number'])
      .where('t.id', '=', id)
      .executeTakeFirst();
  }

  async insertSubmission(values: {
    thesisId: number;
    batchId: number;
    majorName: string;
    stage: Stage;
    searchText: string;
    titleSearch: string;
  }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('submissions')
      .values({
        thesis_id: values.thesisId,
        batch_id: values.batchId,
        major_name: values.majorName,
        stage: values.stage,
        status: 'unassigned',
        reviewer_id: null,
        current_version: 0,
        uploads_used: 0,
        row_version: 1,
        search_text: values.searchText,
        title_search: values.titleSearch,
        submitted_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertVersion(values: {
    submissionId: number;
    versionNo: number;
    documentId: number | null;
    structuredJson: string | null;
    attachmentsJson: string;
    plagiarismRate: number | null;
    carryState: 'none' | 'pending';
    submittedAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('submission_versions')
      .values({
        submission_id: values.submissionId,
        version_no: values.versionNo,
        document_id: values.documentId,
        structured_json: values.structuredJson,
        attachments_json: values.attachmentsJson,
        plagiarism_rate: values.plagiarismRate,
        carry_state: values.carryState,
        submitted_at: values.submittedAt,
      })
      .execute();
  }

  /** Owner of each of these uploads (attachments), for the check that they are the candidate's own. */
  async uploadOwners(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('uploads').select(['id', 'owner_id']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.owner_id]));
  }

  /** Claims a pending carry-over; false when another request has claimed it. */
  async claimCarry(versionId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('submission_versions')
      .set({ carry_state: 'done' })
      .where('id', '=', versionId)
      .where('carry_state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The submission whose version holds this document, if any. */
  versionOfDocument(documentId: number) {
    return this.db
      .selectFrom('submission_versions as v')
      .innerJoin('submissions as s', 's.id', 'v.submission_id')
      .select(['v.submission_id', 'v.version_no', 's.reviewer_id'])
      .where('v.document_id', '=', documentId)
      .executeTakeFirst();
  }
}
