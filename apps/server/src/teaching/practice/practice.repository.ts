import type {
  consolePracticeListSchema,
  PracticeHistorySort,
  PracticeReferenceOutcome,
  PracticeStatus,
  practiceListSchema,
} from '@zikao/contract/practice';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { z } from 'zod';
import type { Database, PracticeAttemptsTable, PracticeThesesTable } from '../../db/schema.ts';

/** `%keyword%` with the keyword's own % _ and \ taken literally (`escape '\'` in both dialects). */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const like = (column: Expression<string>, pattern: string) =>
  sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

type Eb = ExpressionBuilder<Database & { t: PracticeThesesTable }, 't'>;

/** Live annotations on the revision's reference document: its reference points. */
const referenceCount = (eb: Eb) =>
  eb
    .selectFrom('annotations as ra')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('ra.document_id', '=', 't.document_id')
    .where('ra.deleted', '=', 0);

const THESIS_COLUMNS = [
  't.id',
  't.series_id',
  't.revision',
  't.previous_id',
  't.title',
  't.major_name',
  't.difficulty',
  't.tags_json',
  't.description',
  't.status',
  't.document_id',
  't.locked',
  't.created_by',
  't.created_at',
  't.updated_at',
  't.published_at',
] as const;

export type PracticeThesisRow = Awaited<ReturnType<PracticeRepository['findThesis']>> & {};
export type PracticeAttemptRowData = NonNullable<Awaited<ReturnType<PracticeRepository['findAttempt']>>>;

const SORT_COLUMNS: Record<
  PracticeHistorySort,
  'a.submitted_at' | 'a.score' | 'a.precision' | 'a.recall' | 'a.time_spent_ms'
> = {
  submittedAt: 'a.submitted_at',
  score: 'a.score',
  precision: 'a.precision',
  recall: 'a.recall',
  timeSpent: 'a.time_spent_ms',
};

export interface AttemptListFilter {
  userId?: number;
  thesisId?: number;
  keyword?: string | undefined;
  sort: PracticeHistorySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface PointRow {
  reference_annotation_id: string;
  outcome: PracticeReferenceOutcome;
  credit: number;
  matched_annotation_id: string | null;
  cover: number;
}

/** Practice theses, attempts and their scored points. */
export class PracticeRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repository: PracticeRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new PracticeRepository(trx), trx));
  }

  // ------------------------------------------------------------ theses

  private thesisQuery() {
    return this.db
      .selectFrom('practice_theses as t')
      .innerJoin('documents as d', 'd.id', 't.document_id')
      .innerJoin('users as c', 'c.id', 't.created_by')
      .select(THESIS_COLUMNS)
      .select(['d.status as document_status', 'd.page_count', 'c.name as creator_name'])
      .select((eb) => [
        referenceCount(eb).as('reference_count'),
        eb
          .selectFrom('practice_attempts as pa')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('pa.thesis_id', '=', 't.id')
          .as('attempt_count'),
        eb
          .selectFrom('practice_attempts as pa')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('pa.thesis_id', '=', 't.id')
          .where('pa.status', '=', 'submitted')
          .as('submitted_count'),
        eb
          .selectFrom('practice_attempts as pa')
          .select((sub) => sub.fn.avg<number | string | null>('pa.score').as('n'))
          .whereRef('pa.thesis_id', '=', 't.id')
          .where('pa.status', '=', 'submitted')
          .as('average_score'),
        eb
          .selectFrom('practice_theses as later')
          .select((sub) => sub.fn.max('later.revision').as('n'))
          .whereRef('later.series_id', '=', 't.series_id')
          .as('latest_revision'),
      ]);
  }

  findThesis(id: number) {
    return this.thesisQuery().where('t.id', '=', id).executeTakeFirst();
  }

  /** Inserts a revision; a first revision (no series yet) starts its own series. */
  async insertThesis(
    values: Omit<Insertable<PracticeThesesTable>, 'series_id'> & { series_id: number | null },
  ): Promise<number> {
    const { id } = await this.db
      .insertInto('practice_theses')
      .values({ ...values, series_id: values.series_id ?? 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.series_id === null) {
      await this.db.updateTable('practice_theses').set({ series_id: id }).where('id', '=', id).execute();
    }
    return id;
  }

  async updateThesis(
    id: number,
    changes: Partial<Omit<Insertable<PracticeThesesTable>, 'id' | 'series_id' | 'document_id'>>,
  ): Promise<void> {
    await this.db
      .updateTable('practice_theses')
      .set({ ...changes, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  /** The other revisions of a series in this status (publishing one withdraws the published one). */
  revisionsInStatus(seriesId: number, status: PracticeStatus) {
    return this.db
      .selectFrom('practice_theses')
      .select(['id', 'revision', 'title'])
      .where('series_id', '=', seriesId)
      .where('status', '=', status)
      .execute();
  }

  async nextRevision(seriesId: number): Promise<number> {
    const row = await this.db
      .selectFrom('practice_theses')
      .select((eb) => eb.fn.max('revision').as('n'))
      .where('series_id', '=', seriesId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  /** Whether a document already is a practice document (a revision's or an attempt's). */
  async isPracticeDocument(documentId: number): Promise<boolean> {
    const [thesis, attempt] = await Promise.all([
      this.db.selectFrom('practice_theses').select('id').where('document_id', '=', documentId).executeTakeFirst(),
      this.db.selectFrom('practice_attempts').select('id').where('document_id', '=', documentId).executeTakeFirst(),
    ]);
    return Boolean(thesis || attempt);
  }

  async listConsole(query: z.output<typeof consolePracticeListSchema>) {
    let base = this.db.selectFrom('practice_theses as t');
    const keyword = query.keyword?.trim();
    if (keyword) base = base.where((eb) => like(eb.ref('t.search_text'), likePattern(keyword)));
    if (query.status) base = base.where('t.status', '=', query.status);
    if (query.difficulty) base = base.where('t.difficulty', '=', query.difficulty);
    const ids = base.select('t.id');
    const [rows, count] = await Promise.all([
      this.thesisQuery()
        .where('t.id', 'in', ids)
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Published revisions, with the caller's attempts and best score on the series and their open attempt. */
  async listPublished(userId: number, query: z.output<typeof practiceListSchema>) {
    let base = this.db.selectFrom('practice_theses as t').where('t.status', '=', 'published');
    const keyword = query.keyword?.trim();
    if (keyword) base = base.where((eb) => like(eb.ref('t.search_text'), likePattern(keyword)));
    if (query.difficulty) base = base.where('t.difficulty', '=', query.difficulty);
    if (query.majorName) base = base.where('t.major_name', '=', query.majorName);
    if (query.tag) base = base.where((eb) => like(eb.ref('t.tags_json'), likePattern(JSON.stringify(query.tag))));
    const mine = (eb: Eb) =>
      eb
        .selectFrom('practice_attempts as pa')
        .innerJoin('practice_theses as st', 'st.id', 'pa.thesis_id')
        .whereRef('st.series_id', '=', 't.series_id')
        .where('pa.user_id', '=', userId)
        .where('pa.status', '=', 'submitted');
    const [rows, count] = await Promise.all([
      base
        .innerJoin('documents as d', 'd.id', 't.document_id')
        .select(THESIS_COLUMNS)
        .select('d.page_count')
        .select((eb) => [
          mine(eb)
            .select((sub) => sub.fn.countAll<number>().as('n'))
            .as('my_attempts'),
          mine(eb)
            .select((sub) => sub.fn.max('pa.score').as('n'))
            .as('my_best'),
          eb
            .selectFrom('practice_attempts as open')
            .select('open.id')
            .whereRef('open.thesis_id', '=', 't.id')
            .where('open.user_id', '=', userId)
            .where('open.status', '=', 'open')
            .limit(1)
            .as('open_attempt_id'),
        ])
        .orderBy('t.published_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  // ------------------------------------------------------------ attempts

  private attemptQuery() {
    return this.db
      .selectFrom('practice_attempts as a')
      .innerJoin('practice_theses as t', 't.id', 'a.thesis_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a')
      .select([
        't.title',
        't.major_name',
        't.difficulty',
        't.tags_json',
        't.description',
        't.revision',
        't.series_id',
        't.status as thesis_status',
        't.document_id as reference_document_id',
        'u.name as user_name',
      ]);
  }

  findAttempt(id: number) {
    return this.attemptQuery().where('a.id', '=', id).executeTakeFirst();
  }

  findOpenAttempt(thesisId: number, userId: number) {
    return this.attemptQuery()
      .where('a.thesis_id', '=', thesisId)
      .where('a.user_id', '=', userId)
      .where('a.status', '=', 'open')
      .executeTakeFirst();
  }

  /** A new open attempt; the revision is locked from now on (its reference points are frozen). */
  async insertAttempt(values: Pick<Insertable<PracticeAttemptsTable>, 'thesis_id' | 'user_id' | 'document_id'>) {
    const { id } = await this.db
      .insertInto('practice_attempts')
      .values({ ...values, status: 'open', started_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('practice_theses').set({ locked: 1 }).where('id', '=', values.thesis_id).execute();
    return id;
  }

  /**
   * Deletes a document copied for an attempt that was never made (a start that lost the race for
   * the open attempt): the caller's own, and only while no attempt refers to it. Its pages go with it.
   */
  async discardCopy(documentId: number, ownerId: number): Promise<void> {
    await this.db
      .deleteFrom('documents')
      .where('id', '=', documentId)
      .where('owner_id', '=', ownerId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('practice_attempts').select('id').where('document_id', '=', documentId))),
      )
      .execute();
  }

  /** Records the scores of an open attempt; false when it was submitted meanwhile. */
  async submitAttempt(
    id: number,
    scores: Required<
      Pick<
        Updateable<PracticeAttemptsTable>,
        'score' | 'precision' | 'recall' | 'f1' | 'credit' | 'time_spent_ms' | 'reference_count' | 'annotation_count'
      >
    > & { submitted_at: number },
    points: readonly PointRow[],
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('practice_attempts')
      .set({ ...scores, status: 'submitted' })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    for (let start = 0; start < points.length; start += 100) {
      await this.db
        .insertInto('practice_attempt_points')
        .values(points.slice(start, start + 100).map((point) => ({ ...point, attempt_id: id })))
        .execute();
    }
    return true;
  }

  points(attemptId: number): Promise<PointRow[]> {
    return this.db
      .selectFrom('practice_attempt_points')
      .select(['reference_annotation_id', 'outcome', 'credit', 'matched_annotation_id', 'cover'])
      .where('attempt_id', '=', attemptId)
      .execute();
  }

  /** Submitted attempts, of one marker or on one revision, paged and sorted. */
  async listAttempts(filter: AttemptListFilter) {
    let base = this.db
      .selectFrom('practice_attempts as a')
      .innerJoin('practice_theses as t', 't.id', 'a.thesis_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .where('a.status', '=', 'submitted');
    if (filter.userId !== undefined) base = base.where('a.user_id', '=', filter.userId);
    if (filter.thesisId !== undefined) base = base.where('a.thesis_id', '=', filter.thesisId);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      // The caller's history searches thesis titles; the console's list of a revision, markers' names.
      const column = filter.userId !== undefined ? 't.search_text' : 'u.name';
      base = base.where((eb) => like(eb.ref(column), likePattern(keyword)));
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll('a')
        .select(['t.title', 't.revision', 't.difficulty', 'u.name as user_name'])
        .orderBy(SORT_COLUMNS[filter.sort], filter.order)
        .orderBy('a.id', filter.order)
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** A marker's count, average and best over their submitted attempts. */
  async cardNumbers(userId: number) {
    const row = await this.db
      .selectFrom('practice_attempts')
      .select((eb) => [
        eb.fn.countAll<number>().as('attempts'),
        eb.fn.avg<number | string | null>('score').as('average'),
        eb.fn.max('score').as('best'),
      ])
      .where('user_id', '=', userId)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    return {
      attempts: Number(row?.attempts ?? 0),
      average: row?.average === null || row?.average === undefined ? null : Number(row.average),
      best: row?.best === null || row?.best === undefined ? null : Number(row.best),
    };
  }

  /** A marker's latest submitted attempts, newest first. */
  trend(userId: number, limit: number) {
    return this.db
      .selectFrom('practice_attempts as a')
      .innerJoin('practice_theses as t', 't.id', 'a.thesis_id')
      .select(['a.id', 'a.submitted_at', 'a.score', 't.title'])
      .where('a.user_id', '=', userId)
      .where('a.status', '=', 'submitted')
      .orderBy('a.submitted_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Every submitted attempt's numbers on a revision (the console's statistics). */
  submittedScores(thesisId: number) {
    return this.db
      .selectFrom('practice_attempts')
      .select(['user_id', 'score', 'precision', 'recall'])
      .where('thesis_id', '=', thesisId)
      .where('status', '=', 'submitted')
      .execute();
  }

  /** Per reference point of a revision: how many submitted attempts found it, fully or partly. */
  pointCounts(thesisId: number) {
    return this.db
      .selectFrom('practice_attempt_points as p')
      .innerJoin('practice_attempts as a', 'a.id', 'p.attempt_id')
      .select((eb) => [
        'p.reference_annotation_id',
        eb.fn.sum<number | string>(eb.case().when('p.outcome', '=', 'found').then(1).else(0).end()).as('found'),
        eb.fn.sum<number | string>(eb.case().when('p.outcome', '=', 'partial').then(1).else(0).end()).as('partial'),
      ])
      .where('a.thesis_id', '=', thesisId)
      .where('a.status', '=', 'submitted')
      .groupBy('p.reference_annotation_id')
      .execute();
  }
}
