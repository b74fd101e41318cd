import { BOARD_PING_INTERVAL_MS } from '@zikao/contract/board';
import {
  type AttendanceDto,
  type BoardAttendanceResult,
  type BoardContext,
  type BoardCredential,
  type BoardHandInListResult,
  type BoardRole,
  type BoardState,
  boardHandInFieldsSchema,
  HAND_IN_ACCEPT,
  HAND_IN_LIMITS,
  type HandInDto,
} from '@zikao/contract/course';
import { ErrorCode } from '@zikao/contract/errors';
import { Role } from '@zikao/contract/roles';
import type { FastifyRequest } from 'fastify';
import { DEMO_LINK_REFUSED, isRefusedDemo } from '../../access/demo-accounts.ts';
import {
  AppError,
  conflict,
  emptyFile,
  fileTypeRejected,
  forbidden,
  invalidInput,
  noFile,
  notFound,
  tooManyRequests,
} from '../../shared/errors.ts';
import { checkPictureSize } from '../../shared/image-dimensions.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { checkSignature } from '../../shared/signature-hook.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { parseInput } from '../../shared/validation.ts';
import type { CourseRepository, CourseRow } from '../course/course.repository.ts';
import { type CourseService, statusOf } from '../course/course.service.ts';
import type { CoursewareService } from '../course/courseware.service.ts';
import { keep, receiveForm, SNIFFED_MIME, type SniffedType, sniffFile } from '../course/received-file.ts';
import { attendanceWorkbook } from './attendance-export.ts';
import type { AttendanceRow, Attendee, BoardRepository, HandInRow, Visit } from './board.repository.ts';
import type { BoardLinkSigner } from './board-link.ts';

/** 1030004 with the board's wording: the page shows it full-page and stops reconnecting. */
export const badBoardLink = (message = '课堂链接无效') => new AppError(ErrorCode.badReviewLink, message);

/** A verified board link: the course it opens, as whom. */
export interface BoardGrant {
  course: CourseRow;
  role: BoardRole;
  expiresAt: number;
  /** A candidate's own viewer link; null for the presenter's and a guest's. */
  student: { id: number; name: string } | null;
}

/** Someone is online when a socket of theirs is open and was heard from within this long. */
export const ONLINE_WINDOW_MS = 3 * BOARD_PING_INTERVAL_MS;

const ATTENDANCE_LIMIT = 5000;
/** Hand-ins a course takes in all: guests choose their own client ids, so a cap per attendee is not enough. */
const HAND_INS_PER_COURSE = 2000;
const HAND_IN_LIST_LIMIT = 500;

/** Hand-ins the board takes, by content. */
const HAND_IN_TYPES: ReadonlySet<SniffedType> = new Set([
  'png',
  'jpg',
  'gif',
  'webp',
  'heic',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'zip',
]);
const INLINE_IMAGES: ReadonlySet<string> = new Set([
  SNIFFED_MIME.png,
  SNIFFED_MIME.jpg,
  SNIFFED_MIME.gif,
  SNIFFED_MIME.webp,
]);

const guestName = (clientId: string, name: string | undefined) => name?.trim() || `访客${clientId.slice(-4)}`;

export function toAttendanceDto(row: AttendanceRow, now: number): AttendanceDto {
  const lastSeenAt = Number(row.last_seen_at);
  const online = row.connections > 0 && lastSeenAt >= now - ONLINE_WINDOW_MS;
  const since = row.present_since === null ? null : Number(row.present_since);
  // The stay under way counts up to now; one whose sockets' instance vanished, up to its last sign of life.
  const current = since === null ? 0 : Math.max(0, (online ? now : lastSeenAt) - since);
  return {
    id: row.id,
    kind: row.user_id === null ? 'guest' : 'student',
    userId: row.user_id,
    name: row.name,
    examNumber: row.exam_number ?? '',
    joinedAt: Number(row.joined_at),
    lastSeenAt,
    joins: row.joins,
    online,
    leftAt: online ? null : row.left_at !== null ? Number(row.left_at) : since !== null ? lastSeenAt : null,
    presentMs: Number(row.present_ms) + current,
  };
}

export function toHandInDto(row: HandInRow): HandInDto {
  return {
    id: row.id,
    courseId: row.course_id,
    name: row.name,
    size: Number(row.size),
    mime: row.mime,
    isImage: INLINE_IMAGES.has(row.mime),
    uploaderName: row.uploader_name,
    uploaderKind: row.user_id === null ? 'guest' : 'student',
    createdAt: Number(row.created_at),
  };
}

/**
 * The board's calls, authorised by the link alone (adr/012): the link's HMAC and expiry, then the
 * course (not cancelled) and, on a candidate's link, the candidate (still an enabled account).
 */
export class BoardService {
  private readonly repository: BoardRepository;
  private readonly courses: CourseService;
  private readonly courseRows: CourseRepository;
  private readonly courseware: CoursewareService;
  private readonly links: BoardLinkSigner;
  private readonly storage: FileStorage;
  private readonly readState: (courseId: number) => Promise<BoardState>;
  private readonly deployment: boolean;
  private readonly guestsPerAddress: number;

  constructor(deps: {
    repository: BoardRepository;
    courses: CourseService;
    courseRows: CourseRepository;
    courseware: CoursewareService;
    links: BoardLinkSigner;
    storage: FileStorage;
    readState: (courseId: number) => Promise<BoardState>;
    /** A deployment (NODE_ENV=production): a demo lecturer's course or a demo candidate's link is refused (adr/028). */
    deployment: boolean;
    /** Guests one client address may bring into a course's 出勤 (BOARD_GUESTS_PER_ADDRESS). */
    guestsPerAddress: number;
  }) {
    this.repository = deps.repository;
    this.courses = deps.courses;
    this.courseRows = deps.courseRows;
    this.courseware = deps.courseware;
    this.links = deps.links;
    this.storage = deps.storage;
    this.readState = deps.readState;
    this.deployment = deps.deployment;
    this.guestsPerAddress = deps.guestsPerAddress;
  }

  /** Throws 1030004 unless the link is genuine, unexpired, and its course and candidate still stand. */
  async verify(credential: BoardCredential): Promise<BoardGrant> {
    const check = this.links.check(credential);
    if (!check.ok) throw badBoardLink(check.reason === 'expired' ? '课堂链接已过期' : '课堂链接无效');
    const course = await this.courses.find(credential.cid);
    if (!course) throw badBoardLink('课程不存在');
    if (course.cancelled_at !== null) throw badBoardLink('课程已取消');
    if (isRefusedDemo(this.deployment, { demo: course.lecturer_demo })) throw badBoardLink(DEMO_LINK_REFUSED);
    let student: BoardGrant['student'] = null;
    if (credential.uid !== undefined) {
      if (credential.role !== 'viewer') throw badBoardLink();
      const person = await this.courseRows.person(credential.uid);
      if (!person || person.role !== Role.student || person.disabled === 1) throw badBoardLink('课堂链接已失效');
      if (isRefusedDemo(this.deployment, person)) throw badBoardLink(DEMO_LINK_REFUSED);
      student = { id: person.id, name: person.name };
    }
    return { course, role: credential.role, expiresAt: credential.exp, student };
  }

  /** The attendee a viewer is: the candidate of their own link, or a guest browser. */
  attendee(grant: BoardGrant, clientId: string | undefined, name?: string): Attendee | null {
    if (grant.role !== 'viewer') return null;
    if (grant.student) return { key: `u:${grant.student.id}`, userId: grant.student.id, name: grant.student.name };
    if (!clientId) return null;
    return { key: `g:${clientId}`, userId: null, name: guestName(clientId, name) };
  }

  /**
   * The page's first call: the course, the deck and the class's state; a candidate's visit is
   * recorded. A guest link opened by a signed-in candidate (`user`, from the session the browser
   * sent) answers their own link to switch to: the session names who attends, and grants nothing more.
   */
  async context(
    credential: BoardCredential,
    clientId: string | undefined,
    user: SessionUser | null = null,
  ): Promise<BoardContext> {
    const grant = await this.verify(credential);
    const now = Date.now();
    const { course } = grant;
    if (grant.student) {
      const attendee = this.attendee(grant, clientId) as Attendee;
      await this.repository.record(course.id, attendee, this.visit(now, false));
    }
    const ownLink = await this.ownLinkOf(grant, user);
    const [deck, state] = await Promise.all([this.courseware.deck(course.id), this.readState(course.id)]);
    return {
      course: {
        id: course.id,
        title: course.title,
        lecturerName: course.lecturer_name,
        startAt: Number(course.start_at),
        endAt: Number(course.end_at),
        status: statusOf(course, now),
        startedAt: course.started_at === null ? null : Number(course.started_at),
        endedAt: course.ended_at === null ? null : Number(course.ended_at),
        cancelled: course.cancelled_at !== null,
        streamUrl: course.stream_url,
        playbackUrl: course.playback_url,
      },
      role: grant.role,
      viewer: { userId: grant.student?.id ?? null, name: grant.student?.name ?? '' },
      ownLink,
      deck,
      state,
      expiresAt: grant.expiresAt,
      serverTime: now,
      handIn: { accept: HAND_IN_ACCEPT, maxBytes: HAND_IN_LIMITS.bytes, maxFiles: HAND_IN_LIMITS.filesPerAttendee },
    };
  }

  /** A signed-in, enabled candidate's own viewer link, for a guest link they opened; null otherwise. */
  private async ownLinkOf(grant: BoardGrant, user: SessionUser | null): Promise<string | null> {
    if (grant.role !== 'viewer' || grant.student || user?.role !== Role.student) return null;
    const person = await this.courseRows.person(user.id);
    if (!person || person.role !== Role.student || person.disabled === 1) return null;
    if (isRefusedDemo(this.deployment, person)) return null;
    return this.links.make({ cid: grant.course.id, role: 'viewer', uid: person.id }, Number(grant.course.end_at)).url;
  }

  private visit(now: number, connect: boolean): Visit {
    return { now, connect, staleBefore: now - ONLINE_WINDOW_MS };
  }

  /** How many pages the course's deck has now (a presenter may not turn past them). */
  deckSize(courseId: number): Promise<number> {
    return this.courseware.deckSize(courseId);
  }

  async pageImage(credential: BoardCredential, fileId: number, pageNo: number) {
    const grant = await this.verify(credential);
    return this.courseware.pageOf(grant.course.id, fileId, pageNo);
  }

  /** 出勤, for the presenter. */
  async attendance(credential: BoardCredential): Promise<BoardAttendanceResult> {
    const grant = await this.verify(credential);
    return this.attendanceOf(grant);
  }

  /** 出勤表 (.xlsx), for the presenter: the rows 出勤 shows, with the time in class. */
  async attendanceExport(credential: BoardCredential): Promise<{ fileName: string; body: Buffer }> {
    const grant = await this.verify(credential);
    const { list } = await this.attendanceOf(grant);
    return attendanceWorkbook({ title: grant.course.title, startAt: Number(grant.course.start_at) }, list);
  }

  private async attendanceOf(grant: BoardGrant): Promise<BoardAttendanceResult> {
    if (grant.role !== 'presenter') throw forbidden('只有主讲人可以查看出勤');
    const now = Date.now();
    const rows = await this.repository.listAttendance(grant.course.id, ATTENDANCE_LIMIT);
    const list = rows.map((row) => toAttendanceDto(row, now));
    return { list, online: list.filter((entry) => entry.online).length };
  }

  // What the socket hub records.

  /**
   * A board socket joined: the attendee's row, created or refreshed; null for a new guest from an
   * address that has brought as many guests as it may into the course.
   */
  async join(grant: BoardGrant, attendee: Attendee, address: string): Promise<AttendanceRow | null> {
    const id = await this.present(grant, attendee, address, true);
    return id === null ? null : ((await this.repository.findAttendance(id)) as AttendanceRow);
  }

  /** The message of a guest turned away by the per-address limit. */
  guestsFull(): string {
    return `同一网络地址加入本课堂的访客已达上限（${this.guestsPerAddress} 人）`;
  }

  /** Records a visit: a candidate by account, a guest by browser within the per-address limit (null past it). */
  private present(grant: BoardGrant, attendee: Attendee, address: string, connect: boolean): Promise<number | null> {
    const visit = this.visit(Date.now(), connect);
    if (attendee.userId !== null) return this.repository.record(grant.course.id, attendee, visit);
    return this.repository.recordGuest(grant.course.id, attendee, address, visit, this.guestsPerAddress);
  }

  async leave(attendanceId: number): Promise<AttendanceRow | undefined> {
    await this.repository.leave(attendanceId, Date.now());
    return this.repository.findAttendance(attendanceId);
  }

  touch(attendanceId: number): Promise<void> {
    return this.repository.touch(attendanceId, Date.now());
  }

  onlineCount(courseId: number): Promise<number> {
    return this.repository.onlineCount(courseId, Date.now() - ONLINE_WINDOW_MS);
  }

  // 学员上传.

  async handIns(credential: BoardCredential, clientId: string | undefined): Promise<BoardHandInListResult> {
    const grant = await this.verify(credential);
    if (grant.role === 'presenter') {
      const rows = await this.repository.listHandIns(grant.course.id, null, HAND_IN_LIST_LIMIT);
      return { list: rows.map(toHandInDto) };
    }
    const attendee = this.attendee(grant, clientId);
    if (!attendee) return { list: [] };
    const rows = await this.repository.listHandIns(grant.course.id, attendee.key, HAND_IN_LIST_LIMIT);
    return { list: rows.map(toHandInDto) };
  }

  /** A viewer hands in a file: checked by content and size, kept, and announced to the presenter. */
  async handIn(request: FastifyRequest): Promise<{ item: HandInDto; attendee: Attendee }> {
    if (!request.isMultipart()) throw invalidInput('请以 multipart/form-data 格式上传文件');
    const signature = request.pendingSignature;
    if (!signature) throw invalidInput('缺少签名');
    const form = await receiveForm(request.parts(), this.storage, HAND_IN_LIMITS.bytes);
    try {
      checkSignature({ ...signature.params, ...form.fields }, signature.t, signature.sig);
      const fields = parseInput(boardHandInFieldsSchema, form.fields);
      const grant = await this.verify(fields);
      if (grant.role !== 'viewer') throw forbidden('主讲人无需上传，请在学员上传中查看');
      const attendee = this.attendee(grant, fields.clientId, fields.name) as Attendee;
      const file = form.file;
      if (!file) throw noFile();
      if (file.size === 0) throw emptyFile();
      const type = await sniffFile(file.tempPath);
      if (!type || !HAND_IN_TYPES.has(type)) {
        throw fileTypeRejected('仅支持图片、PDF、Office 文档和 ZIP（按文件内容识别）');
      }
      // The presenter's browser decodes the pictures it shows: their size comes from the header first (issue 32 §4.4).
      if (type === 'png' || type === 'jpg' || type === 'gif' || type === 'webp' || type === 'heic') {
        await checkPictureSize(file.tempPath, type, INLINE_IMAGES.has(SNIFFED_MIME[type]));
      }
      // A quick refusal before the file is kept; the insert checks again under the course's lock.
      const full = (limit: 'attendee' | 'course') =>
        conflict(
          limit === 'attendee'
            ? `每人每节课最多上传 ${HAND_IN_LIMITS.filesPerAttendee} 个文件`
            : '本节课的学员上传已达上限',
        );
      if ((await this.repository.countHandIns(grant.course.id, attendee.key)) >= HAND_IN_LIMITS.filesPerAttendee) {
        throw full('attendee');
      }
      if ((await this.repository.countHandIns(grant.course.id, null)) >= HAND_INS_PER_COURSE) throw full('course');
      if ((await this.present(grant, attendee, request.ip, false)) === null) throw tooManyRequests(this.guestsFull());
      await keep(this.storage, file);
      const now = Date.now();
      const inserted = await this.repository.insertHandInWithin(
        {
          course_id: grant.course.id,
          attendee_key: attendee.key,
          user_id: attendee.userId,
          uploader_name: attendee.name,
          name: file.name,
          sha256: file.sha256,
          size: file.size,
          mime: SNIFFED_MIME[type],
          created_at: now,
        },
        { perAttendee: HAND_IN_LIMITS.filesPerAttendee, perCourse: HAND_INS_PER_COURSE },
      );
      // The kept file stays: content-addressed, it may be another hand-in's too.
      if ('full' in inserted) throw full(inserted.full);
      const row = (await this.repository.findHandIn(inserted.id)) as HandInRow;
      return { item: toHandInDto(row), attendee };
    } finally {
      await form.cleanup();
    }
  }

  /** A hand-in's bytes: for the presenter, or the viewer who sent it. */
  async handInFile(credential: BoardCredential, id: number, clientId: string | undefined) {
    const grant = await this.verify(credential);
    const row = await this.repository.findHandIn(id);
    if (!row || row.course_id !== grant.course.id) throw notFound('文件不存在');
    if (grant.role !== 'presenter') {
      const attendee = this.attendee(grant, clientId);
      if (!attendee || attendee.key !== row.attendee_key) throw forbidden('只能查看自己上传的文件');
    }
    return { row, isImage: INLINE_IMAGES.has(row.mime), body: await this.storage.read(row.sha256) };
  }
}
