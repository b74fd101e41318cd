import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BoardLinkResult, CourseCreateInput, CourseDto, CoursewareDto } from '@zikao/contract/course';
import { Role } from '@zikao/contract/roles';
import { findSoffice } from '../../system/converter.ts';
import { type BuiltUser, buildBatch, buildThesis, buildUser } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/** The tests' LINK_SECRET: known, so a test can sign a link it altered. */
export const TEST_LINK_SECRET = 'test-link-secret-0123456789abcdef-0123456789';

export const HOUR = 3_600_000;

/** An admin, two lecturers, a reviewer, and candidates in and out of a batch, with their tokens. */
export interface CourseWorld {
  admin: BuiltUser & { token: string };
  lecturer: BuiltUser & { token: string };
  otherLecturer: BuiltUser & { token: string };
  batchId: number;
  /** A candidate with a thesis in `batchId`. */
  student: BuiltUser & { token: string };
  /** A candidate of another batch and major. */
  outsider: BuiltUser & { token: string };
}

export async function buildCourseWorld(app: TestApp): Promise<CourseWorld> {
  const withToken = async (user: BuiltUser, side: 'teacher' | 'student' = 'teacher') => ({
    ...user,
    token: await app.login(user.account, user.password, side),
  });
  const admin = await withToken(await buildUser(app, { role: Role.admin, name: '赵管理' }));
  const lecturer = await withToken(await buildUser(app, { role: Role.teacher, name: '王老师' }));
  const otherLecturer = await withToken(await buildUser(app, { role: Role.teacher, name: '孙老师' }));
  const batchId = await buildBatch(app);
  const studentUser = await buildUser(app, { role: Role.student, name: '李同学', examNumber: '030124100901' });
  await buildThesis(app, {
    batchId,
    studentId: studentUser.id,
    majorName: '汉语言文学',
    title: '论鲁迅小说的叙事艺术',
    advisor: '王老师',
  });
  const student = await withToken(studentUser, 'student');
  const outsiderUser = await buildUser(app, { role: Role.student, name: '周同学', examNumber: '030124100902' });
  await app.database.db
    .updateTable('users')
    .set({ major_name: '行政管理' })
    .where('id', '=', outsiderUser.id)
    .execute();
  const outsider = await withToken(outsiderUser, 'student');
  return { admin, lecturer, otherLecturer, batchId, student, outsider };
}

/** An admin creates a course (an hour from now, for an hour, for the world's batch, by default). */
export async function createCourse(
  app: TestApp,
  world: CourseWorld,
  overrides: Partial<CourseCreateInput> = {},
): Promise<CourseDto> {
  const start = Date.now() + HOUR;
  const response = await app.post<CourseDto>(
    '/api/v1/course/create',
    {
      title: '毕业论文写作指导（一）',
      lecturerId: world.lecturer.id,
      startAt: start,
      endAt: start + HOUR,
      batchIds: [world.batchId],
      majors: [],
      streamUrl: 'https://live.example.com/room/1',
      playbackUrl: '',
      ...overrides,
    },
    { token: world.admin.token },
  );
  if (response.body.errorCode !== 0) throw new Error(`create course failed: ${response.body.errorMsg}`);
  return response.body.data;
}

/** Uploads a courseware file as `token`'s user and waits until it is rendered (or failed). */
export async function uploadCourseware(
  app: TestApp,
  token: string,
  courseId: number,
  bytes: Buffer,
  name: string,
): Promise<CoursewareDto> {
  const form = new FormData();
  form.append('courseId', String(courseId));
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await app.upload<CoursewareDto>('/api/v1/course/courseware/upload', form, { token });
  if (response.body.errorCode !== 0) throw new Error(`upload failed: ${response.body.errorMsg}`);
  await app.liveCourses.courseware.drain();
  const listed = await app.post<CoursewareDto[]>('/api/v1/course/courseware/list', { courseId }, { token });
  const file = listed.body.data.find((entry) => entry.id === response.body.data.id);
  if (!file) throw new Error('uploaded courseware not listed');
  return file;
}

/** A course whose board shows a deck of `pages` pages (one PDF, rendered), for turning pages on it. */
export async function createCourseWithDeck(app: TestApp, world: CourseWorld, pages = 10): Promise<CourseDto> {
  const course = await createCourse(app, world);
  const slides = Array.from({ length: pages }, (_, i) => `Slide ${i + 1}`);
  const file = await uploadCourseware(app, world.lecturer.token, course.id, multiPagePdf(slides), '讲义.pdf');
  if (file.status !== 'ready') throw new Error(`the deck did not render: ${file.error}`);
  return course;
}

/** A board link made through the API (打开板书, 复制学员链接, 进入课堂). */
export async function boardLink(
  app: TestApp,
  token: string,
  courseId: number,
  role: 'presenter' | 'viewer',
): Promise<BoardLinkResult> {
  const response = await app.post<BoardLinkResult>('/api/v1/course/boardLink', { courseId, role }, { token });
  if (response.body.errorCode !== 0) throw new Error(`board link failed: ${response.body.errorMsg}`);
  return response.body.data;
}

/** The credential the board page merges into its calls: the page's `sig` as `linkSig`. */
export function credentialOf(url: string): Record<string, string> {
  const query = new URL(url, 'http://page.local').searchParams;
  const credential: Record<string, string> = {
    cid: query.get('cid') ?? '',
    role: query.get('role') ?? '',
    exp: query.get('exp') ?? '',
    linkSig: query.get('sig') ?? '',
  };
  const uid = query.get('uid');
  if (uid) credential.uid = uid;
  return credential;
}

/**
 * A real PowerPoint file made by LibreOffice from a PDF (Impress imports each page as a slide),
 * as a lecturer's PPT or PPTX would arrive.
 */
export function slidesFromPdf(pdf: Buffer, format: 'pptx' | 'ppt'): Buffer {
  const soffice = findSoffice(process.env.PATH);
  if (!soffice) throw new Error('LibreOffice (soffice) is needed: apt-get install libreoffice-impress-nogui');
  const dir = mkdtempSync(path.join(tmpdir(), 'zikao-slides-'));
  try {
    writeFileSync(path.join(dir, 'deck.pdf'), pdf);
    const result = spawnSync(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--infilter=impress_pdf_import',
        '--convert-to',
        format,
        '--outdir',
        dir,
        path.join(dir, 'deck.pdf'),
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    if (result.status !== 0) throw new Error(`soffice exited with ${result.status}`);
    return readFileSync(path.join(dir, `deck.${format}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
