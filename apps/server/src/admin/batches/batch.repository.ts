import type { BatchListQuery, BatchStatus } from '@zikao/contract/console';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inIdOrder, pageByText } from '../../shared/text-order.ts';

/** `%keyword%` with the keyword's own % _ and \ taken literally (`escape '\'` in both dialects). */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const like = (column: Expression<string>, pattern: string) =>
  sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

export interface BatchListRow {
  id: number;
  name: string;
  status: BatchStatus;
  rules_json: string;
  created_at: number;
  updated_at: number;
  thesis_count: number;
  submission_count: number;
}

/** Batches for the console: the list with thesis counts, and the writes. */
export class BatchRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repository: BatchRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new BatchRepository(trx), trx));
  }

  private listBase(query: Pick<BatchListQuery, 'keyword' | 'status'>) {
    let base = this.db.selectFrom('batches as b');
    const keyword = query.keyword?.trim();
    if (keyword) base = base.where((eb) => like(eb.ref('b.name'), likePattern(keyword)));
    if (query.status) base = base.where('b.status', '=', query.status);
    return base;
  }

  private withCounts() {
    return this.db
      .selectFrom('batches as b')
      .selectAll('b')
      .select((eb) => [
        eb
          .selectFrom('theses as t')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('t.batch_id', '=', 'b.id')
          .as('thesis_count'),
        eb
          .selectFrom('submissions as s')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('s.batch_id', '=', 'b.id')
          .as('submission_count'),
      ]);
  }

  async list(query: BatchListQuery): Promise<{ rows: BatchListRow[]; total: number }> {
    const ids = this.listBase(query).select('b.id');
    const limit = query.pageSize;
    const offset = (query.page - 1) * query.pageSize;
    const total = this.listBase(query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    if (query.sort === 'name') {
      // Names in pinyin order, which the databases do not collate (see pageByText).
      const [named, counted] = await Promise.all([
        this.listBase(query).select(['b.id', 'b.name as text']).execute(),
        total,
      ]);
      const page = pageByText(named, query.order, limit, offset);
      const rows = page.length ? await this.withCounts().where('b.id', 'in', page).execute() : [];
      return { rows: inIdOrder(rows, page).map(normalise), total: Number(counted?.n ?? 0) };
    }
    const column = query.sort === 'thesisCount' ? 'thesis_count' : 'b.created_at';
    const [rows, count] = await Promise.all([
      this.withCounts()
        .where('b.id', 'in', ids)
        .orderBy(column, query.order)
        .orderBy('b.id', query.order)
        .limit(limit)
        .offset(offset)
        .execute(),
      total,
    ]);
    return { rows: rows.map(normalise), total: Number(count?.n ?? 0) };
  }

  async findById(id: number): Promise<BatchListRow | undefined> {
    const row = await this.withCounts().where('b.id', '=', id).executeTakeFirst();
    return row ? normalise(row) : undefined;
  }

  /** Another batch with this name, ignoring `exceptId`. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('batches').select('id').where('name', '=', name);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(name: string, rulesJson: string): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('batches')
      .values({ name, status: 'open', rules_json: rulesJson, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: { name?: string; rulesJson?: string; status?: BatchStatus }): Promise<void> {
    await this.db
      .updateTable('batches')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.rulesJson !== undefined ? { rules_json: changes.rulesJson } : {}),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }
}

// PostgreSQL returns counts as strings.
function normalise<T extends { thesis_count: unknown; submission_count: unknown }>(
  row: T,
): Omit<T, 'thesis_count' | 'submission_count'> & { thesis_count: number; submission_count: number } {
  return { ...row, thesis_count: Number(row.thesis_count ?? 0), submission_count: Number(row.submission_count ?? 0) };
}
