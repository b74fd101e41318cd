import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CourseDetail, CoursewareDto } from '@zikao/contract/course';
import { damagedPdf, minimalDocx, minimalPdf, multiPagePdf, png } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  slidesFromPdf,
  TEST_LINK_SECRET,
  uploadCourseware,
} from './course.test-kit.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('courseware: uploads checked by content, rendered to page images', () => {
  let app: TestApp;
  let world: CourseWorld;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    world = await buildCourseWorld(app);
  });
  after(() => app.close());

  const upload = (token: string, courseId: number, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('courseId', String(courseId));
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return app.upload<CoursewareDto>('/api/v1/course/courseware/upload', form, { token });
  };

  it('renders each page of a PDF to a PNG the lecturer can open', async () => {
    const course = await createCourse(app, world);
    const file = await uploadCourseware(
      app,
      world.lecturer.token,
      course.id,
      multiPagePdf(['One', 'Two', 'Three']),
      '第一讲.pdf',
    );
    assert.equal(file.status, 'ready', file.error);
    assert.equal(file.kind, 'pdf');
    assert.equal(file.name, '第一讲.pdf');
    assert.equal(file.pageCount, 3);
    assert.deepEqual(
      file.pages.map((page) => page.pageNo),
      [1, 2, 3],
    );
    // A4 portrait rendered 1600 pixels wide.
    assert.equal(file.pages[0]?.width, 1600);
    assert.equal(file.pages[0]?.height, Math.round((1600 * 842) / 595));
    const image = await app.server.inject({
      method: 'GET',
      url: `/api/v1/course/courseware/page/${file.id}/2`,
      headers: { authorization: `Bearer ${world.lecturer.token}` },
    });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.deepEqual(image.rawPayload.subarray(0, 8), PNG_MAGIC);
    assert.deepEqual(pngSize(image.rawPayload), { width: file.pages[1]?.width, height: file.pages[1]?.height });
    const detail = await app.post<CourseDetail>(
      '/api/v1/course/detail',
      { id: course.id },
      { token: world.lecturer.token },
    );
    assert.equal(detail.body.data.coursewareCount, 1);
    assert.equal(detail.body.data.pageCount, 3);
    assert.equal(detail.body.data.courseware[0]?.id, file.id);
  });

  it('converts PPTX and PPT slides with LibreOffice, one page per slide', async () => {
    const course = await createCourse(app, world);
    const deck = multiPagePdf(['Slide A', 'Slide B']);
    for (const format of ['pptx', 'ppt'] as const) {
      // Named .pdf on purpose: the type is told by content, not by name.
      const file = await uploadCourseware(
        app,
        world.lecturer.token,
        course.id,
        slidesFromPdf(deck, format),
        `课件.${format}`,
      );
      assert.equal(file.kind, 'slides', format);
      assert.equal(file.status, 'ready', `${format}: ${file.error}`);
      assert.equal(file.pageCount, 2, format);
    }
  });

  it('takes a PNG or JPEG as a one-page courseware', async () => {
    const course = await createCourse(app, world);
    const file = await uploadCourseware(app, world.lecturer.token, course.id, png(), '板书照片.jpg');
    assert.equal(file.kind, 'image');
    assert.equal(file.status, 'ready', file.error);
    assert.equal(file.pageCount, 1);
  });

  it('refuses anything else by its content, whatever it is called', async () => {
    const course = await createCourse(app, world);
    for (const [bytes, name] of [
      [Buffer.from('这不是 PDF，只是一段文字。'), '讲义.pdf'],
      [minimalDocx(), '讲义.pptx'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png'],
      [Buffer.concat([Buffer.from('<html><script>alert(1)</script>\n'), minimalPdf()]), '讲义.pdf'],
    ] as const) {
      const response = await upload(world.lecturer.token, course.id, bytes, name);
      assert.equal(response.body.errorCode, 1070002, name);
      assert.match(response.body.errorMsg, /按文件内容识别/);
    }
    const empty = await upload(world.lecturer.token, course.id, Buffer.alloc(0), 'empty.pdf');
    assert.equal(empty.body.errorCode, 1000001);
    const listed = await app.post<CoursewareDto[]>(
      '/api/v1/course/courseware/list',
      { courseId: course.id },
      { token: world.lecturer.token },
    );
    assert.deepEqual(listed.body.data, []);
  });

  it('marks a damaged PDF as failed with the reason', async () => {
    const course = await createCourse(app, world);
    const file = await uploadCourseware(app, world.lecturer.token, course.id, damagedPdf(), '坏文件.pdf');
    assert.equal(file.status, 'failed');
    assert.match(file.error, /损坏/);
    assert.deepEqual(file.pages, []);
  });

  it('lets only the lecturer or an admin manage it; another lecturer gets 1030003', async () => {
    const course = await createCourse(app, world);
    const file = await uploadCourseware(app, world.lecturer.token, course.id, multiPagePdf(['X']), 'x.pdf');
    const refused = await upload(world.otherLecturer.token, course.id, multiPagePdf(['Y']), 'y.pdf');
    assert.equal(refused.body.errorCode, 1030003);
    const page = await app.server.inject({
      method: 'GET',
      url: `/api/v1/course/courseware/page/${file.id}/1`,
      headers: { authorization: `Bearer ${world.otherLecturer.token}` },
    });
    assert.equal(page.json().errorCode, 1030003);
    const deleted = await app.post(
      '/api/v1/course/courseware/delete',
      { id: file.id },
      { token: world.otherLecturer.token },
    );
    assert.equal(deleted.body.errorCode, 1030003);
    const student = await upload(world.student.token, course.id, multiPagePdf(['Z']), 'z.pdf');
    assert.equal(student.body.errorCode, 1030003);
    const byAdmin = await uploadCourseware(app, world.admin.token, course.id, multiPagePdf(['A']), 'a.pdf');
    assert.equal(byAdmin.status, 'ready');
  });

  it('reorders and deletes files', async () => {
    const course = await createCourse(app, world);
    const first = await uploadCourseware(app, world.lecturer.token, course.id, multiPagePdf(['1']), '一.pdf');
    const second = await uploadCourseware(app, world.lecturer.token, course.id, multiPagePdf(['2', '2b']), '二.pdf');
    const sorted = await app.post<CoursewareDto[]>(
      '/api/v1/course/courseware/sort',
      { courseId: course.id, ids: [second.id, first.id] },
      { token: world.lecturer.token },
    );
    assert.deepEqual(
      sorted.body.data.map((file) => file.name),
      ['二.pdf', '一.pdf'],
    );
    const deck = await app.liveCourses.courseware.deck(course.id);
    assert.deepEqual(
      deck.map((page) => [page.index, page.fileName, page.pageNo]),
      [
        [1, '二.pdf', 1],
        [2, '二.pdf', 2],
        [3, '一.pdf', 1],
      ],
    );
    const partial = await app.post(
      '/api/v1/course/courseware/sort',
      { courseId: course.id, ids: [second.id] },
      { token: world.lecturer.token },
    );
    assert.equal(partial.body.errorCode, 1000001);
    const deleted = await app.post(
      '/api/v1/course/courseware/delete',
      { id: second.id },
      { token: world.lecturer.token },
    );
    assert.equal(deleted.body.errorCode, 0);
    const left = await app.post<CoursewareDto[]>(
      '/api/v1/course/courseware/list',
      { courseId: course.id },
      { token: world.lecturer.token },
    );
    assert.deepEqual(
      left.body.data.map((file) => file.id),
      [first.id],
    );
  });

  it('refuses a file over the size limit while it streams', async () => {
    const small = await createTestApp({ UPLOAD_MAX_MB: '1' });
    try {
      const w = await buildCourseWorld(small);
      const course = await createCourse(small, w);
      const form = new FormData();
      form.append('courseId', String(course.id));
      form.append(
        'file',
        new Blob([new Uint8Array(Buffer.concat([multiPagePdf(['big']), Buffer.alloc(1_200_000)]))]),
        'big.pdf',
      );
      const response = await small.upload('/api/v1/course/courseware/upload', form, { token: w.lecturer.token });
      assert.equal(response.body.errorCode, 1070001);
    } finally {
      await small.close();
    }
  });
});
