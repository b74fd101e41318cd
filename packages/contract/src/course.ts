import { z } from 'zod';
import { type ListResult, listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';
import { LIVE_COURSE_STATUS_LABELS, type LiveCourseStatus } from './student-info.ts';

/**
 * Live courses (直播课程, issue 14): a lecturer, a schedule, the batches or majors it is for, the
 * streaming and playback addresses pasted from the streaming service, courseware shown as page
 * images, and the live-course board (看板) opened through a signed link.
 */

// The candidate's 课程 page named the status first; it lives there and is shared from here.
export { LIVE_COURSE_STATUS_LABELS, type LiveCourseStatus };
export const LIVE_COURSE_STATUSES = ['upcoming', 'live', 'ended'] as const satisfies readonly LiveCourseStatus[];

/** The course calls (session), relative to the API base. */
export const CoursePath = {
  list: '/v1/course/list',
  detail: '/v1/course/detail',
  /** Lecturers, batches and majors for the console's form (admins). */
  options: '/v1/course/options',
  create: '/v1/course/create',
  update: '/v1/course/update',
  cancel: '/v1/course/cancel',
  /** The lecturer pastes the streaming and playback addresses (the lecturer or an admin). */
  links: '/v1/course/links',
  /** 开始 and 结束: the lecturer's override of the scheduled status. */
  start: '/v1/course/start',
  end: '/v1/course/end',
  /** A signed board link: presenter (the lecturer, an admin) or viewer (复制学员链接; a candidate's own). */
  boardLink: '/v1/course/boardLink',
  coursewareUpload: '/v1/course/courseware/upload',
  coursewareList: '/v1/course/courseware/list',
  coursewareDelete: '/v1/course/courseware/delete',
  coursewareSort: '/v1/course/courseware/sort',
  /** GET `/v1/course/courseware/page/:fileId/:pageNo`: one page as a PNG (a session's preview). */
  coursewarePage: '/v1/course/courseware/page',
} as const;

/** The board's calls: authorised by the board link's credential alone, never by a session. */
export const BOARD_API_BASE = '/v1/board';
export const BoardPath = {
  context: `${BOARD_API_BASE}/context`,
  /** GET `/v1/board/page/:fileId/:pageNo?…credential`: one courseware page as a PNG. */
  page: `${BOARD_API_BASE}/page`,
  attendance: `${BOARD_API_BASE}/attendance`,
  handInList: `${BOARD_API_BASE}/handIn/list`,
  /** Multipart: the credential, `clientId` and `name` as fields (signed in the query), the file as `file`. */
  handInUpload: `${BOARD_API_BASE}/handIn/upload`,
  /** GET `/v1/board/handIn/file/:id?…credential`: an image inline, anything else as a download. */
  handInFile: `${BOARD_API_BASE}/handIn/file`,
  /** GET, upgraded to a WebSocket: `/api/v1/board/ws?cid=…&role=…&exp=…&uid=…&linkSig=…` (board.ts). */
  socket: `${BOARD_API_BASE}/ws`,
} as const;

/** The board page of the web app (seed §2: hidden, no login). */
export const BOARD_PAGE_PATH = '/board';

export const BOARD_ROLES = ['presenter', 'viewer'] as const;
export type BoardRole = (typeof BOARD_ROLES)[number];
export const BOARD_ROLE_LABELS: Record<BoardRole, string> = { presenter: '主讲人', viewer: '学员' };

const id = idSchema;
const epochMs = wholeNumber(
  z.number({ error: '须为时间戳（毫秒）' }).int('须为时间戳（毫秒）').positive('须为时间戳（毫秒）'),
);

/** A streaming-service address: empty, or an http(s) URL (never `javascript:` and the like). */
const serviceUrl = z
  .string({ error: '须为网址' })
  .trim()
  .max(500, '不能超过 500 个字符')
  .refine((value) => value === '' || isHttpUrl(value), '须为以 http:// 或 https:// 开头的网址')
  .default('');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A course lasts at most this long: a longer one is a typo in the schedule. */
export const COURSE_MAX_DURATION_MS = 12 * 3_600_000;
/**
 * After 开始, a course the lecturer forgets to 结束 still ends this long after its scheduled end;
 * until then it is 直播中 however late it runs.
 */
export const COURSE_OVERRUN_MS = 3 * 3_600_000;

const courseFields = {
  title: z.string({ error: '请填写课程名称' }).trim().min(1, '请填写课程名称').max(100, '不能超过 100 个字符'),
  description: z.string().trim().max(1000, '不能超过 1000 个字符').default(''),
  lecturerId: wholeNumber(z.number({ error: '请选择主讲教师' }).int().positive('请选择主讲教师')),
  startAt: epochMs,
  endAt: epochMs,
  batchIds: z.array(id, { error: '须为批次编号的列表' }).max(50, '最多 50 个批次').default([]),
  majors: z
    .array(z.string().trim().min(1, '专业名称不能为空').max(50, '专业名称不能超过 50 个字符'), {
      error: '须为专业名称的列表',
    })
    .max(50, '最多 50 个专业')
    .default([]),
  streamUrl: serviceUrl,
  playbackUrl: serviceUrl,
};

type ScheduleAndTargets = { startAt: number; endAt: number; batchIds: number[]; majors: string[] };
const scheduleRules = <T extends z.ZodType<ScheduleAndTargets>>(schema: T) =>
  schema
    .refine((input) => input.endAt > input.startAt, { message: '结束时间须晚于开始时间', path: ['endAt'] })
    .refine((input) => input.endAt - input.startAt <= COURSE_MAX_DURATION_MS, {
      message: `课程时长不能超过 ${COURSE_MAX_DURATION_MS / 3_600_000} 小时`,
      path: ['endAt'],
    })
    .refine((input) => input.batchIds.length + input.majors.length > 0, {
      message: '请至少选择一个批次或专业',
      path: ['batchIds'],
    });

/** 新建课程 (admins). */
export const courseCreateSchema = scheduleRules(z.object(courseFields));
export type CourseCreateInput = z.input<typeof courseCreateSchema>;

/** 编辑课程 (admins): every field again, with the course's id. */
export const courseUpdateSchema = scheduleRules(z.object({ id, ...courseFields }));
export type CourseUpdateInput = z.input<typeof courseUpdateSchema>;

export const courseRefSchema = z.object({ id });

/** 取消课程 (admins): the course leaves the candidates' pages and the lecturer's list. */
export const courseCancelSchema = z.object({
  id,
  reason: z.string().trim().max(200, '不能超过 200 个字符').default(''),
});

/** The lecturer pastes the addresses from the streaming service. */
export const courseLinksSchema = z.object({ id, streamUrl: serviceUrl, playbackUrl: serviceUrl });

/**
 * The course list (/classroom/list, the console's 课程管理): teachers see their own courses, admins
 * all. Sorted by the scheduled start; `status` is one tab, the counts cover every tab.
 */
export const courseListSchema = listQuerySchema.omit({ export: true }).extend({
  status: z.enum(LIVE_COURSE_STATUSES, { error: '须为 upcoming、live 或 ended' }).optional(),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
  /** 1: cancelled courses too (the console); otherwise they are left out. */
  includeCancelled: wholeNumber(z.number().int().min(0).max(1)).default(0),
  /** Admins only: one lecturer's courses. */
  lecturerId: id.optional(),
});
export type CourseListQuery = z.input<typeof courseListSchema>;

export interface CourseTargetBatch {
  id: number;
  name: string;
}

export interface CourseDto {
  id: number;
  title: string;
  description: string;
  lecturerId: number;
  lecturerName: string;
  /** Epoch ms of the schedule. */
  startAt: number;
  endAt: number;
  /** From the schedule, overridden by the lecturer's 开始 / 结束. */
  status: LiveCourseStatus;
  /** When the lecturer pressed 开始 / 结束, or null. */
  startedAt: number | null;
  endedAt: number | null;
  cancelled: boolean;
  cancelledAt: number | null;
  cancelReason: string;
  streamUrl: string;
  playbackUrl: string;
  batches: CourseTargetBatch[];
  majors: string[];
  /** Ready courseware files and their pages. */
  coursewareCount: number;
  pageCount: number;
  /** People who joined (candidates and named guests), and files handed in. */
  attendanceCount: number;
  handInCount: number;
  /** The caller may start, end, manage courseware and paste links: the lecturer or an admin. */
  canManage: boolean;
  createdAt: number;
  updatedAt: number;
}

export type CourseStatusCounts = Record<'all' | LiveCourseStatus, number>;

export interface CourseListResult extends ListResult<CourseDto> {
  /** Per tab, for the same keyword and lecturer, whatever `status` is. */
  counts: CourseStatusCounts;
  /** The server's clock (epoch ms), for the elapsed time and countdowns. */
  serverTime: number;
}

export interface CourseDetail extends CourseDto {
  courseware: CoursewareDto[];
  serverTime: number;
}

/** What the console's form offers. */
export interface CourseOptions {
  /** Teachers and reviewers who may lecture, enabled ones only. */
  lecturers: Array<{ id: number; name: string; account: string }>;
  batches: CourseTargetBatch[];
  /** Majors known from candidates and theses. */
  majors: string[];
}

/** 打开板书 (presenter), 复制学员链接 (viewer); a candidate may ask for a viewer link only. */
export const courseBoardLinkSchema = z.object({
  courseId: id,
  role: z.enum(BOARD_ROLES, { error: '须为 presenter 或 viewer' }),
});

export interface BoardLinkResult {
  /** The board page's path with its query: `/board?cid=…&role=…&exp=…&sig=…` (and `uid` for a candidate). */
  url: string;
  role: BoardRole;
  expiresAt: number;
}

/** A board link lasts until this long after the course's scheduled end (at least this long from now). */
export const BOARD_LINK_GRACE_MS = 24 * 3_600_000;

// Courseware (课件).

export const COURSEWARE_KINDS = ['pdf', 'slides', 'image'] as const;
export type CoursewareKind = (typeof COURSEWARE_KINDS)[number];
export const COURSEWARE_KIND_LABELS: Record<CoursewareKind, string> = {
  pdf: 'PDF',
  slides: '演示文稿',
  image: '图片',
};
export const COURSEWARE_STATUSES = ['converting', 'ready', 'failed'] as const;
export type CoursewareStatus = (typeof COURSEWARE_STATUSES)[number];
export const COURSEWARE_STATUS_LABELS: Record<CoursewareStatus, string> = {
  converting: '转换中',
  ready: '可用',
  failed: '转换失败',
};

/** Files the upload accepts, told apart by content on the server: PDF, PPT/PPTX, PNG/JPEG. */
export const COURSEWARE_ACCEPT = '.pdf,.ppt,.pptx,.png,.jpg,.jpeg';
export const COURSEWARE_LIMITS = {
  /** Files per course. */
  files: 30,
  /** Pages per file; a longer PDF is refused. */
  pages: 300,
  /** Bytes per file. */
  bytes: 50 * 1024 * 1024,
  /** Widest page image rendered, in pixels. */
  pageWidth: 1600,
} as const;

/**
 * The largest picture taken where it is decoded: courseware (drawn by the server into page images)
 * and board hand-ins (shown in the browser). A picture's header is read before anything decodes
 * it (issue 32 §4.4): a side over 10,000 pixels or more than 50 megapixels in all (a 50 MP phone
 * photo, 8160×6120, fits; its RGBA pixels take 200 MB) is refused.
 */
export const IMAGE_LIMITS = {
  maxSide: 10_000,
  maxPixels: 50_000_000,
} as const;

/** The multipart form's text fields (the file part is `file`). */
export const coursewareUploadFieldsSchema = z.object({ courseId: id });
export const coursewareListSchema = z.object({ courseId: id });
export const coursewareRefSchema = z.object({ id });
export const coursewareSortSchema = z.object({
  courseId: id,
  /** Every file of the course, in the new order. */
  ids: z.array(id).min(1, '请至少提供一个课件').max(COURSEWARE_LIMITS.files, '课件过多'),
});
export const coursewarePageSchema = z.object({
  fileId: id,
  pageNo: wholeNumber(
    z.number({ error: '须为数字' }).int('须为整数').min(1, '页码从 1 开始').max(COURSEWARE_LIMITS.pages),
  ),
});

export interface CoursewarePageDto {
  fileId: number;
  pageNo: number;
  /** The page image's pixels. */
  width: number;
  height: number;
}

export interface CoursewareDto {
  id: number;
  courseId: number;
  name: string;
  kind: CoursewareKind;
  size: number;
  status: CoursewareStatus;
  /** Why it failed, in Chinese; empty otherwise. */
  error: string;
  pageCount: number;
  /** Empty until ready. */
  pages: CoursewarePageDto[];
  sort: number;
  uploaderName: string;
  createdAt: number;
}

// The board's link-authorised calls.

/**
 * The board link's credential, merged from the page URL's query into every board call (body, or
 * the query of a GET and of the WebSocket). The request signature owns `t` and `sig`, so the
 * client sends the page's `sig` as `linkSig`, as for review links (adr/011). `uid` is present on a
 * candidate's own viewer link, and is signed with the rest.
 */
export const boardCredentialSchema = z.object({
  cid: id,
  role: z.enum(BOARD_ROLES, { error: '须为 presenter 或 viewer' }),
  exp: epochMs,
  uid: id.optional(),
  linkSig: z.string({ error: '缺少链接签名' }).regex(/^[A-Za-z0-9_-]{16,128}$/, '格式不正确'),
});
export type BoardCredential = z.infer<typeof boardCredentialSchema>;

/**
 * A browser's own id for a guest (a viewer link with no `uid`): random, kept in the browser, so a
 * reconnect or a reload is the same attendee and sees its own hand-ins.
 */
export const boardClientIdSchema = z.string({ error: '缺少客户端标识' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '格式不正确');
/** A guest's name as they type it on the board (a candidate's comes from their account). */
export const boardGuestNameSchema = z.string().trim().max(40, '姓名不能超过 40 个字符');

export const boardContextSchema = boardCredentialSchema.extend({
  clientId: boardClientIdSchema.optional(),
});
export const boardPageSchema = boardCredentialSchema.extend(coursewarePageSchema.shape);
export const boardHandInListSchema = boardCredentialSchema.extend({ clientId: boardClientIdSchema.optional() });
export const boardHandInFieldsSchema = boardCredentialSchema.extend({
  clientId: boardClientIdSchema,
  name: boardGuestNameSchema.default(''),
});
export const boardHandInFileSchema = boardCredentialSchema.extend({
  id,
  clientId: boardClientIdSchema.optional(),
  /** 1: as a download even when it is an image. */
  download: wholeNumber(z.number().int().min(0).max(1)).default(0),
});

/** The board's course header: what the page shows above the tabs. */
export interface BoardCourse {
  id: number;
  title: string;
  lecturerName: string;
  startAt: number;
  endAt: number;
  status: LiveCourseStatus;
  startedAt: number | null;
  endedAt: number | null;
  cancelled: boolean;
  streamUrl: string;
  playbackUrl: string;
}

/** One page of the board's deck: every ready courseware file's pages, in the files' order. */
export interface BoardDeckPage {
  /** 1-based position in the deck: the `page` of the board's state and messages. */
  index: number;
  fileId: number;
  fileName: string;
  pageNo: number;
  width: number;
  height: number;
}

/** Where the class is: the presenter's page and zoom, and whether viewers follow (同步). */
export interface BoardState {
  /** 1-based deck index. */
  page: number;
  /** 1 is fit to the viewer; between BOARD_ZOOM.min and BOARD_ZOOM.max. */
  zoom: number;
  rotation: BoardRotation;
  /** 同步: viewers follow the presenter's page and zoom. */
  sync: boolean;
  /** Increases with every change; a client ignores a message older than what it has. */
  seq: number;
  updatedAt: number;
}

export const BOARD_ROTATIONS = [0, 90, 180, 270] as const;
export type BoardRotation = (typeof BOARD_ROTATIONS)[number];
export const BOARD_ZOOM = { min: 0.25, max: 8 } as const;

export interface BoardContext {
  course: BoardCourse;
  role: BoardRole;
  /** Who this viewer is: a candidate (`uid` link) by their account; a guest by the name they gave, if any. */
  viewer: { userId: number | null; name: string };
  deck: BoardDeckPage[];
  state: BoardState;
  expiresAt: number;
  serverTime: number;
  handIn: { accept: string; maxBytes: number; maxFiles: number };
}

export const ATTENDEE_KINDS = ['student', 'guest'] as const;
export type AttendeeKind = (typeof ATTENDEE_KINDS)[number];

/** 出勤: one person's presence in one course. */
export interface AttendanceDto {
  id: number;
  kind: AttendeeKind;
  userId: number | null;
  name: string;
  /** The candidate's exam number, when known. */
  examNumber: string;
  /** First join, last sign of life (epoch ms), and how many times they joined. */
  joinedAt: number;
  lastSeenAt: number;
  joins: number;
  /** Connected to the board now (any instance). */
  online: boolean;
}

export interface BoardAttendanceResult {
  list: AttendanceDto[];
  /** Online now. */
  online: number;
}

/** 学员上传: what viewers hand in. */
export const HAND_IN_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,.heic,.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.zip';
export const HAND_IN_LIMITS = {
  bytes: 20 * 1024 * 1024,
  /** Per attendee per course. */
  filesPerAttendee: 20,
} as const;

export interface HandInDto {
  id: number;
  courseId: number;
  name: string;
  size: number;
  mime: string;
  /** Images are shown inline; other files are downloads. */
  isImage: boolean;
  uploaderName: string;
  uploaderKind: AttendeeKind;
  createdAt: number;
}

export interface BoardHandInListResult {
  /** The presenter sees all; a viewer their own (by `uid`, or by `clientId` for a guest). */
  list: HandInDto[];
}

/** Paths of the web app's board page with the credential in its query. */
export function boardPageUrl(credential: Omit<BoardCredential, 'linkSig'> & { sig: string }): string {
  const query = new URLSearchParams({
    cid: String(credential.cid),
    role: credential.role,
    exp: String(credential.exp),
    ...(credential.uid === undefined ? {} : { uid: String(credential.uid) }),
    sig: credential.sig,
  });
  return `${BOARD_PAGE_PATH}?${query}`;
}

/** The status of a course at `now`: the schedule, overridden by the lecturer's 开始 / 结束. */
export function liveCourseStatus(
  course: { startAt: number; endAt: number; startedAt: number | null; endedAt: number | null },
  now: number,
): LiveCourseStatus {
  if (course.endedAt !== null) return 'ended';
  if (course.startedAt !== null) return now < course.endAt + COURSE_OVERRUN_MS ? 'live' : 'ended';
  if (now < course.startAt) return 'upcoming';
  return now < course.endAt ? 'live' : 'ended';
}
