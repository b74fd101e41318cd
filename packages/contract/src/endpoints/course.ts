import {
  type BoardAttendanceResult,
  type BoardContext,
  type BoardHandInListResult,
  type BoardLinkResult,
  BoardPath,
  boardAttendanceSchema,
  boardContextSchema,
  boardCredentialSchema,
  boardHandInFieldsSchema,
  boardHandInFileSchema,
  boardHandInListSchema,
  boardPageSchema,
  type CourseDetail,
  type CourseDto,
  type CourseListResult,
  type CourseOptions,
  CoursePath,
  type CoursewareDto,
  courseBoardLinkSchema,
  courseCancelSchema,
  courseCreateSchema,
  courseLinksSchema,
  courseListSchema,
  courseRefSchema,
  courseUpdateSchema,
  coursewareListSchema,
  coursewarePageSchema,
  coursewareRefSchema,
  coursewareSortSchema,
  coursewareUploadFieldsSchema,
  type HandInDto,
} from '../course.ts';
import { type Endpoint, type EndpointAccess, get, post } from '../endpoint.ts';
import { Role, TEACHER_SIDE_ROLES } from '../roles.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/** A board call: no session, the board link's credential in the input (see EndpointAccess.credential). */
const BoardLink = { auth: 'public', credential: 'board-link' } as const satisfies EndpointAccess;
/** The board's file reads (page images, hand-ins): `<img src>` and downloads cannot sign. */
const BoardLinkUnsigned = { ...BoardLink, signature: 'none' } as const satisfies EndpointAccess;

/**
 * The teaching area's live courses (issue 14): courses and their courseware, the live-course
 * board's links, attendance and hand-ins. The candidate's own list stays `workflowEndpoints.studentCourses`.
 */
export const courseEndpoints = {
  // Courses: teachers see and run their own, admins all (teacher-side roles; the service checks ownership).
  courseList: post<CourseListResult>()({
    path: CoursePath.list,
    input: courseListSchema,
    access: Access.teacherSide,
  }),
  courseDetail: post<CourseDetail>()({
    path: CoursePath.detail,
    input: courseRefSchema,
    access: Access.teacherSide,
  }),
  courseOptions: post<CourseOptions>()({
    path: CoursePath.options,
    input: emptyInputSchema,
    access: Access.admins,
  }),
  courseCreate: post<CourseDto>()({
    path: CoursePath.create,
    input: courseCreateSchema,
    access: Access.admins,
  }),
  courseUpdate: post<CourseDto>()({
    path: CoursePath.update,
    input: courseUpdateSchema,
    access: Access.admins,
  }),
  courseCancel: post<CourseDto>()({
    path: CoursePath.cancel,
    input: courseCancelSchema,
    access: Access.admins,
  }),
  /** The streaming and playback addresses, pasted by the lecturer (or an admin). */
  courseLinks: post<CourseDto>()({
    path: CoursePath.links,
    input: courseLinksSchema,
    access: Access.teacherSide,
  }),
  /** 开始: 直播中 from now, whatever the schedule says. */
  courseStart: post<CourseDto>()({
    path: CoursePath.start,
    input: courseRefSchema,
    access: Access.teacherSide,
  }),
  /** 结束: 已结束 from now. */
  courseEnd: post<CourseDto>()({
    path: CoursePath.end,
    input: courseRefSchema,
    access: Access.teacherSide,
  }),
  /**
   * A signed board link. Presenter: the lecturer or an admin. Viewer: the lecturer or an admin
   * (复制学员链接, a guest link), or a candidate the course is for (their own link, with `uid`).
   */
  courseBoardLink: post<BoardLinkResult>()({
    path: CoursePath.boardLink,
    input: courseBoardLinkSchema,
    access: { roles: [...TEACHER_SIDE_ROLES, Role.student] },
  }),

  // Courseware: the lecturer of the course, or an admin.
  /** Multipart: `courseId` as a field (signed in the query), the file as `file`. PDF, PPT/PPTX, PNG/JPEG. */
  coursewareUpload: post<CoursewareDto>()({
    path: CoursePath.coursewareUpload,
    input: coursewareUploadFieldsSchema,
    form: 'multipart',
    access: { roles: TEACHER_SIDE_ROLES, signature: 'multipart' },
  }),
  coursewareList: post<CoursewareDto[]>()({
    path: CoursePath.coursewareList,
    input: coursewareListSchema,
    access: Access.teacherSide,
  }),
  coursewareDelete: post<{ deleted: number }>()({
    path: CoursePath.coursewareDelete,
    input: coursewareRefSchema,
    access: Access.teacherSide,
  }),
  coursewareSort: post<CoursewareDto[]>()({
    path: CoursePath.coursewareSort,
    input: coursewareSortSchema,
    access: Access.teacherSide,
  }),
  /** One page as a PNG, for the console and the list's preview. */
  coursewarePage: get<never>()({
    path: `${CoursePath.coursewarePage}/:fileId/:pageNo`,
    input: coursewarePageSchema,
    body: 'file',
    access: { roles: TEACHER_SIDE_ROLES, signature: 'none' },
  }),

  // The board (/board, no login): authorised by the link in the input alone.
  /** The course, the deck of pages, the class's state and who the caller is; a candidate's link records attendance. */
  boardContext: post<BoardContext>()({
    path: BoardPath.context,
    input: boardContextSchema,
    access: BoardLink,
  }),
  boardPage: get<never>()({
    path: `${BoardPath.page}/:fileId/:pageNo`,
    input: boardPageSchema,
    body: 'file',
    access: BoardLinkUnsigned,
  }),
  /** 出勤: presenter only; with `export: 1` the same rows as .xlsx (出勤表). */
  boardAttendance: post<BoardAttendanceResult>()({
    path: BoardPath.attendance,
    input: boardAttendanceSchema,
    body: 'json-or-file',
    access: BoardLink,
  }),
  /** 学员上传: all for the presenter, one's own for a viewer. */
  boardHandInList: post<BoardHandInListResult>()({
    path: BoardPath.handInList,
    input: boardHandInListSchema,
    access: BoardLink,
  }),
  /** Multipart: the credential, `clientId` and `name` as fields (signed in the query), the file as `file`. */
  boardHandInUpload: post<HandInDto>()({
    path: BoardPath.handInUpload,
    input: boardHandInFieldsSchema,
    form: 'multipart',
    access: { ...BoardLink, signature: 'multipart' },
  }),
  boardHandInFile: get<never>()({
    path: `${BoardPath.handInFile}/:id`,
    input: boardHandInFileSchema,
    body: 'file',
    access: BoardLinkUnsigned,
  }),
  /**
   * The board's WebSocket (board.ts): not a request-response call, but declared here so its path
   * and credential are in the table; `endpointUrl` builds its address (then `http` → `ws`).
   */
  boardSocket: get<never>()({
    path: BoardPath.socket,
    input: boardCredentialSchema,
    body: 'file',
    access: BoardLinkUnsigned,
  }),
} satisfies Record<string, Endpoint>;
