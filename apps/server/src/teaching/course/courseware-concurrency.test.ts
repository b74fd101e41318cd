import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { COURSEWARE_LIMITS, type CoursewareDto } from '@zikao/contract/course';
import { png } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildCourseWorld, type CourseWorld, createCourse } from './course.test-kit.ts';

/**
 * Issue 19 §3 for courseware: at most 30 files per course, each in a place of its own, however
 * many uploads arrive at once, on two instances sharing the database.
 */
describe('the courseware limit under a burst, on two instances', () => {
  let apps: TestApp[] = [];
  let world: CourseWorld;

  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
    world = await buildCourseWorld(first);
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;

  it(`keeps ${COURSEWARE_LIMITS.files} of 45 files uploaded at once, in ${COURSEWARE_LIMITS.files} places`, async () => {
    const course = await createCourse(app(), world);
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => {
        const form = new FormData();
        form.append('courseId', String(course.id));
        form.append('file', new Blob([new Uint8Array(Buffer.concat([png(), Buffer.from(`#${i}`)]))]), `板书${i}.png`);
        return (apps[i % apps.length] as TestApp).upload<CoursewareDto>('/api/v1/course/courseware/upload', form, {
          token: world.lecturer.token,
        });
      }),
    );
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, COURSEWARE_LIMITS.files, JSON.stringify(codes));
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.equal(answer.body.errorCode, ErrorCode.conflict);
      assert.equal(answer.body.errorMsg, `每门课程最多 ${COURSEWARE_LIMITS.files} 个课件`);
    }
    for (const instance of apps) await instance.liveCourses.courseware.drain();
    const rows = await app()
      .database.db.selectFrom('courseware_files')
      .select('sort')
      .where('course_id', '=', course.id)
      .orderBy('sort')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.sort),
      Array.from({ length: COURSEWARE_LIMITS.files }, (_, i) => i + 1),
      'each file has a place of its own',
    );
  });
});
