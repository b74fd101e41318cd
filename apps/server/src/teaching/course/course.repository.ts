import { COURSE_OVERRUN_MS, type LiveCourseStatus } from '@zikao/contract/course';
import { compareText } from '@zikao/contract/ordering';
import { Role } from '@zikao/contract/roles';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { CoursesTable, Database } from '../../db/schema.ts';

/** A course with its lecturer's name, and whether the lecturer is a demo account (the board's check, adr/028). */
export type CourseRow = Selectable<CoursesTable> & { lecturer_name: string; lecturer_demo: number };

type Courses = ExpressionBuilder<Database & { c: CoursesTable }, 'c'>;

/**
 * A status as a condition on the row at `now`: the same rules as the contract's
 * `liveCourseStatus` (结束 pressed → ended; 开始 pressed → live until the overrun; else the schedule).
 */
export function statusIs(eb: Courses, status: LiveCourseStatus, now: number) {
  const notEnded = eb('c.ended_at', 'is', null);
  const started = eb.and([notEnded, eb('c.started_at', 'is not', null)]);
  const scheduled = eb.and([notEnded, eb('c.started_at', 'is', null)]);
  const overrunEnd = eb('c.end_at', '>', now - COURSE_OVERRUN_MS);
  switch (status) {
    case 'upcoming':
      return eb.and([scheduled, eb('c.start_at', '>', now)]);
    case 'live':
      return eb.or([
        eb.and([started, overrunEnd]),
        eb.and([scheduled, eb('c.start_at', '<=', now), eb('c.end_at', '>', now)]),
      ]);
    case 'ended':
      return eb.or([
        eb('c.ended_at', 'is not', null),
        eb.and([started, eb('c.end_at', '<=', now - COURSE_OVERRUN_MS)]),
        eb.and([scheduled, eb('c.end_at', '<=', now)]),
      ]);
  }
}

export interface CourseListFilter {
  /** Only this lecturer's courses (a teacher's own list, or an admin's filter). */
  lecturerId?: number | undefined;
  keyword?: string | undefined;
  status?: LiveCourseStatus | undefined;
  includeCancelled: boolean;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Per-course numbers the list shows beside each row. */
export interface CourseStats {
  coursewareCount: number;
  pageCount: number;
  attendanceCount: number;
  handInCount: number;
}

/** `%keyword%` with the keyword's own % _ and \ taken literally (`escape '\'` in both dialects). */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const like = (column: Expression<string>, pattern: string) =>
  sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

/** Courses and who they are for (issue 14). */
export class CourseRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  transaction<T>(fn: (repository: CourseRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new CourseRepository(trx), trx));
  }

  async insert(values: Insertable<CoursesTable>): Promise<number> {
    const row = await this.db.insertInto('courses').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<CoursesTable>): Promise<void> {
    await this.db.updateTable('courses').set(values).where('id', '=', id).execute();
  }

  private withLecturer() {
    return this.db
      .selectFrom('courses as c')
      .innerJoin('users as u', 'u.id', 'c.lecturer_id')
      .selectAll('c')
      .select(['u.name as lecturer_name', 'u.demo as lecturer_demo']);
  }

  find(id: number): Promise<CourseRow | undefined> {
    return this.withLecturer().where('c.id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<CourseRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withLecturer().where('c.id', 'in', ids).execute();
  }

  async replaceTargets(courseId: number, batchIds: readonly number[], majors: readonly string[]): Promise<void> {
    await this.db.deleteFrom('course_targets').where('course_id', '=', courseId).execute();
    const rows = [
      ...[...new Set(batchIds)].map((batchId) => ({ course_id: courseId, batch_id: batchId, major_name: null })),
      ...[...new Set(majors)].map((major) => ({ course_id: courseId, batch_id: null, major_name: major })),
    ];
    if (rows.length > 0) await this.db.insertInto('course_targets').values(rows).execute();
  }

  /** Targets of many courses, with each batch's name. */
  targets(courseIds: readonly number[]) {
    if (courseIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('course_targets as t')
      .leftJoin('batches as b', 'b.id', 't.batch_id')
      .select(['t.course_id', 't.batch_id', 't.major_name', 'b.name as batch_name'])
      .where('t.course_id', 'in', courseIds)
      .orderBy('t.batch_id')
      .orderBy('t.major_name')
      .execute();
  }

  private filtered(filter: Omit<CourseListFilter, 'status' | 'order' | 'limit' | 'offset'>) {
    let query = this.db.selectFrom('courses as c');
    if (filter.lecturerId !== undefined) query = query.where('c.lecturer_id', '=', filter.lecturerId);
    if (!filter.includeCancelled) query = query.where('c.cancelled_at', 'is', null);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where((eb) =>
        eb.or([
          like(eb.ref('c.title'), pattern),
          eb.exists(
            eb
              .selectFrom('users as k')
              .select('k.id')
              .whereRef('k.id', '=', 'c.lecturer_id')
              .where((inner) => like(inner.ref('k.name'), pattern)),
          ),
        ]),
      );
    }
    return query;
  }

  /** One page of the list, its total for the tab, and the counts of every tab. */
  async list(filter: CourseListFilter, now: number) {
    const base = this.filtered(filter);
    const tab = filter.status;
    const inTab = tab ? base.where((eb) => statusIs(eb as unknown as Courses, tab, now)) : base;
    const [ids, counts] = await Promise.all([
      inTab
        .select('c.id')
        .orderBy('c.start_at', filter.order)
        .orderBy('c.id', filter.order)
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      base
        .select((eb) => {
          const count = (status: LiveCourseStatus) =>
            eb.fn
              .sum<number>(
                eb
                  .case()
                  .when(statusIs(eb as unknown as Courses, status, now))
                  .then(1)
                  .else(0)
                  .end(),
              )
              .as(status);
          return [eb.fn.countAll<number>().as('all'), count('upcoming'), count('live'), count('ended')];
        })
        .executeTakeFirst(),
    ]);
    const rows = await this.findMany(ids.map((row) => row.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const tally = {
      all: Number(counts?.all ?? 0),
      upcoming: Number(counts?.upcoming ?? 0),
      live: Number(counts?.live ?? 0),
      ended: Number(counts?.ended ?? 0),
    };
    return {
      rows: ids.map((row) => byId.get(row.id)).filter((row): row is CourseRow => row !== undefined),
      total: tab ? tally[tab] : tally.all,
      counts: tally,
    };
  }

  /** Ready courseware, pages, attendees and hand-ins per course. */
  async stats(courseIds: readonly number[]): Promise<Map<number, CourseStats>> {
    const stats = new Map<number, CourseStats>(
      courseIds.map((id) => [id, { coursewareCount: 0, pageCount: 0, attendanceCount: 0, handInCount: 0 }]),
    );
    if (courseIds.length === 0) return stats;
    const [files, attendance, handIns] = await Promise.all([
      this.db
        .selectFrom('courseware_files')
        .select([
          'course_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('page_count').as('pages'),
        ])
        .where('course_id', 'in', courseIds)
        .where('status', '=', 'ready')
        .groupBy('course_id')
        .execute(),
      this.db
        .selectFrom('course_attendance')
        .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('course_id', 'in', courseIds)
        .groupBy('course_id')
        .execute(),
      this.db
        .selectFrom('course_hand_ins')
        .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('course_id', 'in', courseIds)
        .groupBy('course_id')
        .execute(),
    ]);
    for (const row of files) {
      const entry = stats.get(row.course_id);
      if (entry) {
        entry.coursewareCount = Number(row.n);
        entry.pageCount = Number(row.pages ?? 0);
      }
    }
    for (const row of attendance) {
      const entry = stats.get(row.course_id);
      if (entry) entry.attendanceCount = Number(row.n);
    }
    for (const row of handIns) {
      const entry = stats.get(row.course_id);
      if (entry) entry.handInCount = Number(row.n);
    }
    return stats;
  }

  /**
   * Courses a candidate is for: a target batch is one of their theses' batches, or a target major
   * is their major or one of their theses'. Cancelled courses are left out; at most `limit`, by start.
   */
  async forStudent(studentId: number, limit: number): Promise<CourseRow[]> {
    const rows = await this.withLecturer()
      .where('c.cancelled_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('course_targets as t')
            .select('t.course_id')
            .whereRef('t.course_id', '=', 'c.id')
            .where((inner) =>
              inner.or([
                inner(
                  't.batch_id',
                  'in',
                  inner.selectFrom('theses as th').select('th.batch_id').where('th.student_id', '=', studentId),
                ),
                inner(
                  't.major_name',
                  'in',
                  inner.selectFrom('users as s').select('s.major_name').where('s.id', '=', studentId),
                ),
                inner(
                  't.major_name',
                  'in',
                  inner.selectFrom('theses as tm').select('tm.major_name').where('tm.student_id', '=', studentId),
                ),
              ]),
            ),
        ),
      )
      .orderBy('c.start_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
    return rows;
  }

  /** Whether the course is for this candidate (the same rule as `forStudent`). */
  async isForStudent(courseId: number, studentId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('course_targets as t')
      .select('t.course_id')
      .where('t.course_id', '=', courseId)
      .where((eb) =>
        eb.or([
          eb(
            't.batch_id',
            'in',
            eb.selectFrom('theses as th').select('th.batch_id').where('th.student_id', '=', studentId),
          ),
          eb('t.major_name', 'in', eb.selectFrom('users as s').select('s.major_name').where('s.id', '=', studentId)),
          eb(
            't.major_name',
            'in',
            eb.selectFrom('theses as tm').select('tm.major_name').where('tm.student_id', '=', studentId),
          ),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Staff who may lecture: teachers and reviewers, enabled, not external experts. */
  lecturers() {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'account'])
      .where('role', 'in', [Role.teacher, Role.reviewer])
      .where('disabled', '=', 0)
      .where('external', '=', 0)
      .orderBy('name')
      .orderBy('id')
      .limit(1000)
      .execute();
  }

  batches() {
    return this.db.selectFrom('batches').select(['id', 'name']).orderBy('id', 'desc').limit(500).execute();
  }

  existingBatchIds(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('batches').select('id').where('id', 'in', ids).execute();
  }

  /** Majors known from candidates and theses. */
  async majors(): Promise<string[]> {
    const [fromStudents, fromTheses] = await Promise.all([
      this.db
        .selectFrom('users')
        .select('major_name')
        .distinct()
        .where('role', '=', Role.student)
        .where('major_name', '!=', '')
        .limit(500)
        .execute(),
      this.db.selectFrom('theses').select('major_name').distinct().where('major_name', '!=', '').limit(500).execute(),
    ]);
    return [...new Set([...fromStudents, ...fromTheses].map((row) => row.major_name))].sort(compareText);
  }

  /** A user's name and exam number, for attendance and links. */
  person(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'role', 'disabled', 'exam_number', 'demo'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }
}
