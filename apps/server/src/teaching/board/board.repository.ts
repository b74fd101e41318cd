import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { CourseAttendanceTable, CourseHandInsTable, Database } from '../../db/schema.ts';
import { lockCourseRow } from '../course/course-lock.ts';

export type AttendanceRow = Selectable<CourseAttendanceTable> & { exam_number: string | null };
export type HandInRow = Selectable<CourseHandInsTable>;

/** Who is joining: a candidate (`u:<id>`) or a guest browser (`g:<client id>`). */
export interface Attendee {
  key: string;
  userId: number | null;
  name: string;
}

/** Attendance (出勤) and hand-ins (学员上传) of the board. */
export class BoardRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Records presence: the first time inserts the row; later times refresh it. `connect` counts a
   * board socket's join (joins + 1, connections + 1); otherwise the page was only opened.
   * `address`: a guest's client address, kept on a new row (guests per address are capped).
   */
  async record(courseId: number, attendee: Attendee, visit: Visit, address: string | null = null): Promise<number> {
    const { now, connect } = visit;
    const row = await this.db
      .insertInto('course_attendance')
      .values({
        course_id: courseId,
        attendee_key: attendee.key,
        user_id: attendee.userId,
        name: attendee.name,
        joined_at: now,
        last_seen_at: now,
        joins: connect ? 1 : 0,
        connections: connect ? 1 : 0,
        client_address: address,
        present_since: connect ? now : null,
        present_ms: 0,
      })
      // One row per person however many sockets join at once: the unique (course, attendee) key.
      .onConflict((conflict) => conflict.columns(['course_id', 'attendee_key']).doUpdateSet(refreshed(attendee, visit)))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A guest's presence, counted per person (issue 32 §4.12): the guest is its browser's client id,
   * so a browser seen before keeps its row, from whatever address and with however many sockets.
   * A new guest gets a row unless `address` has brought `limit` guests into the course already:
   * then null. The count and the insert run under the course's row lock, so a burst of made-up
   * client ids from one address, on any instance, stops at the limit.
   */
  async recordGuest(
    courseId: number,
    attendee: Attendee,
    address: string,
    visit: Visit,
    limit: number,
  ): Promise<number | null> {
    const known = await this.refresh(courseId, attendee, visit);
    if (known !== undefined) return known;
    return this.db.transaction().execute(async (trx) => {
      await lockCourseRow(trx, courseId);
      const repository = new BoardRepository(trx);
      // The same browser's other socket may have made the row while this one waited for the lock.
      const raced = await repository.refresh(courseId, attendee, visit);
      if (raced !== undefined) return raced;
      const row = await trx
        .selectFrom('course_attendance')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('course_id', '=', courseId)
        .where('client_address', '=', address)
        .executeTakeFirst();
      if (Number(row?.n ?? 0) >= limit) return null;
      return repository.record(courseId, attendee, visit, address);
    });
  }

  /** Refreshes the attendee's row if there is one; its id, or undefined. */
  private async refresh(courseId: number, attendee: Attendee, visit: Visit) {
    const row = await this.db
      .updateTable('course_attendance')
      .set(refreshed(attendee, visit))
      .where('course_id', '=', courseId)
      .where('attendee_key', '=', attendee.key)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * A board socket closed. The person's last one ends their stay: its time is added to the time in
   * class, and they left now. Every expression reads the row as it was before this update.
   */
  async leave(attendanceId: number, now: number): Promise<void> {
    const last = sql`course_attendance.connections <= 1`;
    await this.db
      .updateTable('course_attendance')
      .set({
        last_seen_at: now,
        connections: sql<number>`case when course_attendance.connections > 0 then course_attendance.connections - 1 else 0 end`,
        present_ms: sql<number>`case when ${last} and course_attendance.present_since is not null
          then course_attendance.present_ms + (${now} - course_attendance.present_since)
          else course_attendance.present_ms end`,
        present_since: sql<number | null>`case when ${last} then null else course_attendance.present_since end`,
        left_at: sql<number | null>`case when ${last} then ${now} else course_attendance.left_at end`,
      })
      .where('id', '=', attendanceId)
      .execute();
  }

  async touch(attendanceId: number, now: number): Promise<void> {
    await this.db.updateTable('course_attendance').set({ last_seen_at: now }).where('id', '=', attendanceId).execute();
  }

  private attendance() {
    return this.db
      .selectFrom('course_attendance as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a')
      .select('u.exam_number');
  }

  findAttendance(id: number): Promise<AttendanceRow | undefined> {
    return this.attendance().where('a.id', '=', id).executeTakeFirst();
  }

  /** A course's attendance, first joined first (a class is at most a few thousand people). */
  listAttendance(courseId: number, limit: number): Promise<AttendanceRow[]> {
    return this.attendance()
      .where('a.course_id', '=', courseId)
      .orderBy('a.joined_at')
      .orderBy('a.id')
      .limit(limit)
      .execute();
  }

  async onlineCount(courseId: number, seenSince: number): Promise<number> {
    const row = await this.db
      .selectFrom('course_attendance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('course_id', '=', courseId)
      .where('connections', '>', 0)
      .where('last_seen_at', '>=', seenSince)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertHandIn(values: Insertable<CourseHandInsTable>): Promise<number> {
    const row = await this.db.insertInto('course_hand_ins').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A hand-in within the limits (issue 19 §3): the attendee's and the course's counts are read and
   * the row inserted while the course row is write-locked, so concurrent hand-ins of a course queue
   * up and no burst gets past a limit. The lock is a no-op update of the course, the first
   * statement of the transaction: PostgreSQL locks the row, SQLite takes its one writer lock before
   * anything is read. Answers the new id, or which limit is reached.
   */
  async insertHandInWithin(
    values: Insertable<CourseHandInsTable>,
    limits: { perAttendee: number; perCourse: number },
  ): Promise<{ id: number } | { full: 'attendee' | 'course' }> {
    return this.db.transaction().execute(async (trx) => {
      await lockCourseRow(trx, values.course_id);
      const repository = new BoardRepository(trx);
      if ((await repository.countHandIns(values.course_id, values.attendee_key)) >= limits.perAttendee) {
        return { full: 'attendee' as const };
      }
      if ((await repository.countHandIns(values.course_id, null)) >= limits.perCourse)
        return { full: 'course' as const };
      return { id: await repository.insertHandIn(values) };
    });
  }

  findHandIn(id: number): Promise<HandInRow | undefined> {
    return this.db.selectFrom('course_hand_ins').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first; one attendee's when `attendeeKey` is given. */
  listHandIns(courseId: number, attendeeKey: string | null, limit: number): Promise<HandInRow[]> {
    let query = this.db.selectFrom('course_hand_ins').selectAll().where('course_id', '=', courseId);
    if (attendeeKey !== null) query = query.where('attendee_key', '=', attendeeKey);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** A course's hand-ins, or one attendee's (`attendeeKey`). */
  async countHandIns(courseId: number, attendeeKey: string | null): Promise<number> {
    let query = this.db
      .selectFrom('course_hand_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('course_id', '=', courseId);
    if (attendeeKey !== null) query = query.where('attendee_key', '=', attendeeKey);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/**
 * A visit: when, whether it opens a socket (`connect`; otherwise the page was only opened), and
 * since when a row with open sockets but no sign of life is stale (`staleBefore`: its sockets'
 * instance went away without closing them).
 */
export interface Visit {
  now: number;
  connect: boolean;
  staleBefore: number;
}

/**
 * What a visit changes on an attendee's row: seen now, under this name; a join counts a socket.
 * The first socket of a stay starts it; a join onto a stale row ends the stale stay where it was
 * last seen and starts a new one, so a crashed instance's sockets neither count nor add time.
 * Every expression reads the row as it was before the update (SQLite and PostgreSQL alike).
 */
function refreshed(attendee: Attendee, visit: Visit) {
  const { now, connect, staleBefore } = visit;
  if (!connect) return { last_seen_at: now, name: attendee.name };
  const staying = sql`course_attendance.connections > 0 and course_attendance.last_seen_at >= ${staleBefore}`;
  const stale = sql`course_attendance.connections > 0 and course_attendance.last_seen_at < ${staleBefore}`;
  return {
    last_seen_at: now,
    name: attendee.name,
    joins: sql<number>`course_attendance.joins + 1`,
    connections: sql<number>`case when ${staying} then course_attendance.connections + 1 else 1 end`,
    present_ms: sql<number>`case when ${stale} and course_attendance.present_since is not null
      then course_attendance.present_ms + (course_attendance.last_seen_at - course_attendance.present_since)
      else course_attendance.present_ms end`,
    present_since: sql<number>`case when ${staying} then coalesce(course_attendance.present_since, ${now}) else ${now} end`,
  };
}
