import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findSoffice } from '../../system/converter.ts';
import { linkedPicturePptx, type RequestRecorder, recordRequests } from '../../test/linked-documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  TEST_LINK_SECRET,
  uploadCourseware,
} from './course.test-kit.ts';

// A lecturer's slides whose pictures are linked to a server LibreOffice can reach (adr/027).
describe('courseware: a PPTX converts without reaching anything', {
  skip: !findSoffice(process.env.PATH) && 'LibreOffice is not installed',
}, () => {
  let app: TestApp;
  let world: CourseWorld;
  let recorder: RequestRecorder;
  before(async () => {
    recorder = await recordRequests();
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    world = await buildCourseWorld(app);
  });
  after(async () => {
    await app.close();
    await recorder.close();
  });

  it('renders the slide and sends the linked address no request', async () => {
    const course = await createCourse(app, world);
    const slides = linkedPicturePptx({
      picture: recorder.url('/linked-picture.png'),
      pictureViaHyperlink: recorder.url('/picture-via-hyperlink.png'),
      hyperlink: recorder.url('/hyperlink.html'),
    });
    const file = await uploadCourseware(app, world.lecturer.token, course.id, slides, '第二讲 文献检索.pptx');
    assert.equal(file.status, 'ready', file.error);
    assert.equal(file.kind, 'slides');
    assert.equal(file.pageCount, 1);
    assert.deepEqual(recorder.requests, [], 'LibreOffice sent requests to the linked address');
    assert.ok(
      app.logs.some((entry) => entry.coursewareId === file.id && entry.droppedLinks === 2),
      'the removal is logged',
    );
  });
});
