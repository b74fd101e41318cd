import type { CoursewareStatus } from '@zikao/contract/course';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CoursewareFilesTable, CoursewarePagesTable, Database } from '../../db/schema.ts';
import { lockCourseRow } from './course-lock.ts';

export type CoursewareRow = Selectable<CoursewareFilesTable> & { uploader_name: string };
export type CoursewarePageRow = Selectable<CoursewarePagesTable>;

/** Courseware files and their rendered pages. */
export class CoursewareRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  transaction<T>(fn: (repository: CoursewareRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new CoursewareRepository(trx)));
  }

  private withUploader() {
    return this.db
      .selectFrom('courseware_files as f')
      .innerJoin('users as u', 'u.id', 'f.uploaded_by')
      .selectAll('f')
      .select('u.name as uploader_name');
  }

  find(id: number): Promise<CoursewareRow | undefined> {
    return this.withUploader().where('f.id', '=', id).executeTakeFirst();
  }

  /** A course's files in their order; `readyOnly` for the board's deck. */
  ofCourse(courseId: number, readyOnly = false): Promise<CoursewareRow[]> {
    let query = this.withUploader().where('f.course_id', '=', courseId);
    if (readyOnly) query = query.where('f.status', '=', 'ready');
    return query.orderBy('f.sort').orderBy('f.id').execute();
  }

  /** How many pages the course's board shows: every page of its ready files. */
  async deckSize(courseId: number): Promise<number> {
    const row = await this.db
      .selectFrom('courseware_pages as p')
      .innerJoin('courseware_files as f', 'f.id', 'p.file_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('f.course_id', '=', courseId)
      .where('f.status', '=', 'ready')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  pagesOf(fileIds: readonly number[]): Promise<CoursewarePageRow[]> {
    if (fileIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('courseware_pages')
      .selectAll()
      .where('file_id', 'in', fileIds)
      .orderBy('file_id')
      .orderBy('page_no')
      .execute();
  }

  page(fileId: number, pageNo: number): Promise<CoursewarePageRow | undefined> {
    return this.db
      .selectFrom('courseware_pages')
      .selectAll()
      .where('file_id', '=', fileId)
      .where('page_no', '=', pageNo)
      .executeTakeFirst();
  }

  async countOfCourse(courseId: number): Promise<{ count: number; maxSort: number }> {
    const row = await this.db
      .selectFrom('courseware_files')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('sort').as('max_sort')])
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), maxSort: Number(row?.max_sort ?? 0) };
  }

  async insert(values: Insertable<CoursewareFilesTable>): Promise<number> {
    const row = await this.db.insertInto('courseware_files').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A file at the end of the course's list, unless the course has `limit` files already (issue 19
   * §3): counted and inserted while the course row is write-locked by a no-op update, the
   * transaction's first statement (a row lock on PostgreSQL, the one writer lock on SQLite), so a
   * burst of uploads neither passes the limit nor gives two files one place. Null when full.
   */
  async insertWithin(values: Omit<Insertable<CoursewareFilesTable>, 'sort'>, limit: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockCourseRow(trx, values.course_id);
      const repository = new CoursewareRepository(trx);
      const { count, maxSort } = await repository.countOfCourse(values.course_id);
      if (count >= limit) return null;
      return repository.insert({ ...values, sort: maxSort + 1 });
    });
  }

  /** Marks a file's outcome; false when it was deleted meanwhile. */
  async finish(
    id: number,
    outcome: { status: CoursewareStatus; error: string; pages: Array<Omit<CoursewarePageRow, 'file_id'>> },
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('courseware_files')
      .set({
        status: outcome.status,
        error: outcome.error,
        page_count: outcome.pages.length,
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await this.db.deleteFrom('courseware_pages').where('file_id', '=', id).execute();
    // Batches stay under every dialect's limit on bound parameters.
    for (let i = 0; i < outcome.pages.length; i += 100) {
      await this.db
        .insertInto('courseware_pages')
        .values(outcome.pages.slice(i, i + 100).map((page) => ({ ...page, file_id: id })))
        .execute();
    }
    return true;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('courseware_pages').where('file_id', '=', id).execute();
    await this.db.deleteFrom('courseware_files').where('id', '=', id).execute();
  }

  async setSort(courseId: number, ids: readonly number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await this.db
        .updateTable('courseware_files')
        .set({ sort: index + 1 })
        .where('id', '=', id)
        .where('course_id', '=', courseId)
        .execute();
    }
  }

  /** Files left converting by a stopped server. */
  unfinished(): Promise<Array<{ id: number }>> {
    return this.db.selectFrom('courseware_files').select('id').where('status', '=', 'converting').execute();
  }
}
