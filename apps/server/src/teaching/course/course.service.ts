import type { courseCreateSchema, courseLinksSchema, courseListSchema } from '@zikao/contract/course';
import {
  type BoardLinkResult,
  type BoardRole,
  COURSE_OVERRUN_MS,
  type CourseDto,
  type CourseListResult,
  type CourseOptions,
  type LiveCourseStatus,
  liveCourseStatus,
} from '@zikao/contract/course';
import { Role } from '@zikao/contract/roles';
import type { LiveCourseDto, StudentCoursesResult } from '@zikao/contract/student-info';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AccountService } from '../../identity/accounts/account.service.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import type { CourseRepository, CourseRow, CourseStats } from './course.repository.ts';
import { lockCourseRow } from './course-lock.ts';
import { mayLecture, mayManageCourse, mayViewCourse, seesOnlyOwnCourses } from './course-rules.ts';

type CourseFields = z.output<typeof courseCreateSchema>;
type CourseListInput = z.output<typeof courseListSchema>;
type CourseLinksInput = z.output<typeof courseLinksSchema>;

/** Told when a course's status or courseware changes, so open boards hear of it (the board hub). */
export interface CourseEvents {
  statusChanged(courseId: number, status: LiveCourseStatus, cancelled: boolean): void;
  coursewareChanged(courseId: number): void;
}

/** Makes signed board links (the board module's signer). */
export interface BoardLinkMaker {
  make(link: { cid: number; role: BoardRole; uid?: number | undefined }, courseEndAt: number): BoardLinkResult;
}

/** A candidate's 课程 page shows at most this many courses, newest first. */
const STUDENT_COURSE_LIMIT = 200;

type Targets = Awaited<ReturnType<CourseRepository['targets']>>;

export const statusOf = (row: CourseRow, now: number): LiveCourseStatus =>
  liveCourseStatus(
    {
      startAt: Number(row.start_at),
      endAt: Number(row.end_at),
      startedAt: row.started_at === null ? null : Number(row.started_at),
      endedAt: row.ended_at === null ? null : Number(row.ended_at),
    },
    now,
  );

const EMPTY_STATS: CourseStats = { coursewareCount: 0, pageCount: 0, attendanceCount: 0, handInCount: 0 };

function toDto(row: CourseRow, targets: Targets, stats: CourseStats, user: SessionUser, now: number): CourseDto {
  const own = targets.filter((target) => target.course_id === row.id);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    lecturerId: row.lecturer_id,
    lecturerName: row.lecturer_name,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: statusOf(row, now),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    cancelled: row.cancelled_at !== null,
    cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
    cancelReason: row.cancel_reason,
    streamUrl: row.stream_url,
    playbackUrl: row.playback_url,
    batches: own
      .filter((target) => target.batch_id !== null)
      .map((target) => ({ id: target.batch_id as number, name: target.batch_name ?? '' })),
    majors: own.filter((target) => target.major_name !== null).map((target) => target.major_name as string),
    ...stats,
    canManage: mayManageCourse(user, row),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * Live courses (issue 14): admins create, edit and cancel them; the lecturer starts and ends
 * them and pastes the streaming addresses; candidates see the ones for their batch or major.
 */
export class CourseService {
  private readonly repository: CourseRepository;
  private readonly accounts: AccountService;
  private readonly audit: AuditService;
  private readonly links: BoardLinkMaker;
  private events: CourseEvents | null = null;

  constructor(deps: {
    repository: CourseRepository;
    accounts: AccountService;
    audit: AuditService;
    links: BoardLinkMaker;
  }) {
    this.repository = deps.repository;
    this.accounts = deps.accounts;
    this.audit = deps.audit;
    this.links = deps.links;
  }

  /** Who hears of status and courseware changes (set once the board hub exists). */
  listen(events: CourseEvents): void {
    this.events = events;
  }

  /** Tells open boards that a course's courseware changed. */
  coursewareChanged(courseId: number): void {
    this.events?.coursewareChanged(courseId);
  }

  /**
   * The course, if the caller may see it (`view`) or run it (`manage`): 1040001 when there is no
   * such course, 1030003 when it is another lecturer's.
   */
  async require(user: SessionUser, id: number, need: 'view' | 'manage'): Promise<CourseRow> {
    const row = await this.repository.find(id);
    if (!row) throw notFound('课程不存在');
    const allowed = need === 'view' ? mayViewCourse(user, row) : mayManageCourse(user, row);
    if (!allowed) throw forbidden('只能管理自己主讲的课程');
    return row;
  }

  /** A course row by id, for the board, which has checked the link instead of a session. */
  find(id: number): Promise<CourseRow | undefined> {
    return this.repository.find(id);
  }

  async list(user: SessionUser, query: CourseListInput): Promise<CourseListResult> {
    const now = Date.now();
    const { rows, total, counts } = await this.repository.list(
      {
        lecturerId: seesOnlyOwnCourses(user) ? user.id : query.lecturerId,
        keyword: query.keyword,
        status: query.status,
        includeCancelled: query.includeCancelled === 1 && !seesOnlyOwnCourses(user),
        order: query.order,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      },
      now,
    );
    const list = await this.dtos(rows, user, now);
    return { list, total, page: query.page, pageSize: query.pageSize, counts, serverTime: now };
  }

  async get(user: SessionUser, id: number): Promise<CourseDto> {
    const row = await this.require(user, id, 'view');
    return this.dto(row, user);
  }

  async options(): Promise<CourseOptions> {
    const [lecturers, batches, majors] = await Promise.all([
      this.repository.lecturers(),
      this.repository.batches(),
      this.repository.majors(),
    ]);
    return { lecturers, batches, majors };
  }

  async create(admin: SessionUser, input: CourseFields): Promise<CourseDto> {
    await this.checkFields(input);
    const now = Date.now();
    const id = await this.repository.transaction(async (repository, trx) => {
      const created = await repository.insert({
        title: input.title,
        description: input.description,
        lecturer_id: input.lecturerId,
        start_at: input.startAt,
        end_at: input.endAt,
        stream_url: input.streamUrl,
        playback_url: input.playbackUrl,
        started_at: null,
        ended_at: null,
        cancelled_at: null,
        cancel_reason: '',
        created_by: admin.id,
        created_at: now,
        updated_at: now,
      });
      await repository.replaceTargets(created, input.batchIds, input.majors);
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'courseCreate',
          entity: 'course',
          entityId: created,
          detail: {
            subject: input.title,
            lecturerId: input.lecturerId,
            startAt: input.startAt,
            endAt: input.endAt,
            batchIds: input.batchIds,
            majors: input.majors,
          },
        },
      ]);
      return created;
    });
    return this.get(admin, id);
  }

  async update(admin: SessionUser, input: CourseFields & { id: number }): Promise<CourseDto> {
    const before = await this.require(admin, input.id, 'manage');
    if (before.cancelled_at !== null) throw conflict('课程已取消，不能再修改');
    await this.checkFields(input);
    const now = Date.now();
    await this.repository.transaction(async (repository, trx) => {
      await repository.update(input.id, {
        title: input.title,
        description: input.description,
        lecturer_id: input.lecturerId,
        start_at: input.startAt,
        end_at: input.endAt,
        stream_url: input.streamUrl,
        playback_url: input.playbackUrl,
        updated_at: now,
      });
      await repository.replaceTargets(input.id, input.batchIds, input.majors);
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'courseUpdate',
          entity: 'course',
          entityId: input.id,
          detail: {
            subject: input.title,
            changed: changedFields(before, input),
          },
        },
      ]);
    });
    const after = await this.get(admin, input.id);
    if (after.status !== statusOf(before, now)) this.events?.statusChanged(after.id, after.status, false);
    return after;
  }

  async cancel(admin: SessionUser, id: number, reason: string): Promise<CourseDto> {
    const row = await this.require(admin, id, 'manage');
    if (row.cancelled_at !== null) throw conflict('课程已取消');
    const now = Date.now();
    await this.changeLocked(id, async (current, repository, trx) => {
      if (current.cancelled_at !== null) throw conflict('课程已取消');
      await repository.update(id, { cancelled_at: now, cancel_reason: reason, updated_at: now });
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'courseCancel',
          entity: 'course',
          entityId: id,
          reason,
          detail: { subject: current.title, status: statusOf(current, now) },
        },
      ]);
    });
    const after = await this.get(admin, id);
    this.events?.statusChanged(id, after.status, true);
    return after;
  }

  /** The lecturer pastes the streaming service's addresses. */
  async setLinks(user: SessionUser, input: CourseLinksInput): Promise<CourseDto> {
    const row = await this.requireRunnable(user, input.id);
    await this.repository.update(row.id, {
      stream_url: input.streamUrl,
      playback_url: input.playbackUrl,
      updated_at: Date.now(),
    });
    return this.get(user, row.id);
  }

  /** 开始: live from now until 结束 (or the overrun past the scheduled end). */
  async start(user: SessionUser, id: number): Promise<CourseDto> {
    await this.requireRunnable(user, id);
    const now = Date.now();
    await this.changeLocked(id, async (current, repository, trx) => {
      if (current.cancelled_at !== null) throw conflict('课程已取消');
      if (statusOf(current, now) === 'live') throw conflict('课程已在直播中');
      if (Number(current.end_at) + COURSE_OVERRUN_MS <= now) throw conflict('课程已超过结束时间，不能再开始');
      await repository.update(id, { started_at: now, ended_at: null, updated_at: now });
      await this.audit.record(trx, [
        { actorId: user.id, action: 'courseStart', entity: 'course', entityId: id, detail: { subject: current.title } },
      ]);
    });
    this.events?.statusChanged(id, 'live', false);
    return this.get(user, id);
  }

  /** 结束: ended from now, whatever the schedule says. */
  async end(user: SessionUser, id: number): Promise<CourseDto> {
    await this.requireRunnable(user, id);
    const now = Date.now();
    await this.changeLocked(id, async (current, repository, trx) => {
      if (current.cancelled_at !== null) throw conflict('课程已取消');
      if (statusOf(current, now) !== 'live') throw conflict('课程未在直播中，无法结束');
      await repository.update(id, { ended_at: now, updated_at: now });
      await this.audit.record(trx, [
        { actorId: user.id, action: 'courseEnd', entity: 'course', entityId: id, detail: { subject: current.title } },
      ]);
    });
    this.events?.statusChanged(id, 'ended', false);
    return this.get(user, id);
  }

  /**
   * A change of the course's status (开始, 结束, 取消), decided on the row read under its write lock
   * (issue 32 §4.5): of presses made at once, on any instance, one changes the course and is
   * audited, and the others get the answer a repeat gets (1080001, 课程已在直播中 and the like).
   */
  private changeLocked(
    id: number,
    change: (current: CourseRow, repository: CourseRepository, trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    return this.repository.transaction(async (repository, trx) => {
      await lockCourseRow(trx, id);
      const current = await repository.find(id);
      if (!current) throw notFound('课程不存在');
      await change(current, repository, trx);
    });
  }

  /**
   * 打开板书 / 复制学员链接 for the lecturer or an admin; a candidate gets a viewer link of their own
   * (with their id, so that joining records them) for a course that is for them.
   */
  async boardLink(user: SessionUser, courseId: number, role: BoardRole): Promise<BoardLinkResult> {
    if (user.role === Role.student) {
      if (role !== 'viewer') throw forbidden('考生只能以学员身份进入课堂');
      const row = await this.repository.find(courseId);
      if (!row) throw notFound('课程不存在');
      if (row.cancelled_at !== null || !(await this.repository.isForStudent(courseId, user.id))) {
        throw forbidden('该课程不面向您的批次或专业');
      }
      return this.links.make({ cid: row.id, role, uid: user.id }, Number(row.end_at));
    }
    const row = await this.require(user, courseId, 'manage');
    if (row.cancelled_at !== null) throw conflict('课程已取消');
    return this.links.make({ cid: row.id, role }, Number(row.end_at));
  }

  /** The candidate's 课程 page: their courses with 进入课堂 (their own viewer link) and the playback link. */
  async studentCourses(studentId: number): Promise<StudentCoursesResult> {
    const rows = await this.repository.forStudent(studentId, STUDENT_COURSE_LIMIT);
    const stats = await this.repository.stats(rows.map((row) => row.id));
    const now = Date.now();
    const list = rows.map((row): LiveCourseDto => {
      const status = statusOf(row, now);
      const endAt = Number(row.end_at);
      return {
        id: row.id,
        title: row.title,
        lecturer: row.lecturer_name,
        startAt: Number(row.start_at),
        endAt,
        status,
        url: status === 'live' ? row.stream_url : status === 'ended' ? row.playback_url : '',
        streamUrl: row.stream_url,
        playbackUrl: row.playback_url,
        boardUrl:
          status === 'ended' ? null : this.links.make({ cid: row.id, role: 'viewer', uid: studentId }, endAt).url,
        pageCount: stats.get(row.id)?.pageCount ?? 0,
      };
    });
    return { list };
  }

  private async requireRunnable(user: SessionUser, id: number): Promise<CourseRow> {
    const row = await this.require(user, id, 'manage');
    if (row.cancelled_at !== null) throw conflict('课程已取消');
    return row;
  }

  private async checkFields(input: CourseFields): Promise<void> {
    const lecturer = await this.accounts.person(input.lecturerId);
    if (!lecturer || !mayLecture(lecturer)) throw invalidInput('主讲教师须为启用的教师账号');
    const found = await this.repository.existingBatchIds(input.batchIds);
    if (found.length !== new Set(input.batchIds).size) throw invalidInput('所选批次不存在');
  }

  private async dto(row: CourseRow, user: SessionUser): Promise<CourseDto> {
    const [dto] = await this.dtos([row], user, Date.now());
    return dto as CourseDto;
  }

  private async dtos(rows: CourseRow[], user: SessionUser, now: number): Promise<CourseDto[]> {
    const ids = rows.map((row) => row.id);
    const [targets, stats] = await Promise.all([this.repository.targets(ids), this.repository.stats(ids)]);
    return rows.map((row) => toDto(row, targets, stats.get(row.id) ?? EMPTY_STATS, user, now));
  }
}

/** The names of the fields an edit changed, for the audit trail. */
function changedFields(before: CourseRow, after: CourseFields): string[] {
  const changed: string[] = [];
  if (before.title !== after.title) changed.push('title');
  if (before.description !== after.description) changed.push('description');
  if (before.lecturer_id !== after.lecturerId) changed.push('lecturerId');
  if (Number(before.start_at) !== after.startAt) changed.push('startAt');
  if (Number(before.end_at) !== after.endAt) changed.push('endAt');
  if (before.stream_url !== after.streamUrl) changed.push('streamUrl');
  if (before.playback_url !== after.playbackUrl) changed.push('playbackUrl');
  return changed;
}
