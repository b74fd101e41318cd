import type { ReviewerItem } from '@zikao/contract/statistics';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type Dimensions, instantsOf } from './statistics.repository.ts';
import type { DayRange } from './statistics-period.ts';

const PENDING = ['assigned', 'reviewing'] as const;

/** One reviewer's papers under the statistics' filters, a page at a time (the workload table's rows open them). */
export class ReviewerItemsRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** What waits for the reviewer: assigned or in review, the version having arrived in the period. */
  async pending(reviewerId: number, days: DayRange | null, dims: Dimensions, page: number, pageSize: number) {
    let base = this.db
      .selectFrom('submissions as s')
      .where('s.reviewer_id', '=', reviewerId)
      .where('s.status', 'in', PENDING);
    if (days) {
      const { from, toExclusive } = instantsOf(days);
      base = base.where('s.submitted_at', '>=', from).where('s.submitted_at', '<', toExclusive);
    }
    if (dims.batchId !== undefined) base = base.where('s.batch_id', '=', dims.batchId);
    if (dims.stage !== undefined) base = base.where('s.stage', '=', dims.stage);
    if (dims.major !== undefined) base = base.where('s.major_name', '=', dims.major);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .innerJoin('theses as t', 't.id', 's.thesis_id')
        .innerJoin('batches as b', 'b.id', 's.batch_id')
        .select(['s.id', 's.stage', 's.major_name', 's.submitted_at', 't.title', 'b.name as batch_name'])
        .orderBy('s.submitted_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    const list = rows.map(
      (row): ReviewerItem => ({
        submissionId: row.id,
        stage: row.stage,
        title: row.title,
        majorName: row.major_name,
        batchName: row.batch_name,
        at: Number(row.submitted_at),
        outcome: null,
        score: null,
      }),
    );
    return { list, total: Number(count?.n ?? 0) };
  }

  /** What the reviewer submitted in the period, newest first. */
  async reviewed(reviewerId: number, days: DayRange | null, dims: Dimensions, page: number, pageSize: number) {
    let base = this.db.selectFrom('stats_reviews as f').where('f.reviewer_id', '=', reviewerId);
    if (days) {
      // The days' instants: the index runs by reviewer and submission time, newest first.
      const { from, toExclusive } = instantsOf(days);
      base = base.where('f.reviewed_at', '>=', from).where('f.reviewed_at', '<', toExclusive);
    }
    if (dims.batchId !== undefined) base = base.where('f.batch_id', '=', dims.batchId);
    if (dims.stage !== undefined) base = base.where('f.stage', '=', dims.stage);
    if (dims.major !== undefined) base = base.where('f.major_name', '=', dims.major);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .innerJoin('submissions as s', 's.id', 'f.submission_id')
        .innerJoin('theses as t', 't.id', 's.thesis_id')
        .innerJoin('batches as b', 'b.id', 'f.batch_id')
        .select([
          'f.submission_id',
          'f.stage',
          'f.major_name',
          'f.reviewed_at',
          'f.outcome',
          'f.score',
          't.title',
          'b.name as batch_name',
        ])
        .orderBy('f.reviewed_at', 'desc')
        .orderBy('f.review_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    const list = rows.map(
      (row): ReviewerItem => ({
        submissionId: row.submission_id,
        stage: row.stage,
        title: row.title,
        majorName: row.major_name,
        batchName: row.batch_name,
        at: Number(row.reviewed_at),
        outcome: row.outcome,
        score: row.score === null ? null : Number(row.score),
      }),
    );
    return { list, total: Number(count?.n ?? 0) };
  }
}
