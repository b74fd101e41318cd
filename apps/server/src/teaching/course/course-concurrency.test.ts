import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import type { CourseDto } from '@zikao/contract/course';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildCourseWorld, type CourseWorld, createCourse } from './course.test-kit.ts';

/**
 * Issue 32 §4.5 for the lecturer's 开始 and 结束 and the admin's 取消: of many presses at once, on
 * two instances sharing the database, one changes the course and is audited; the others get the
 * answer a repeat gets (1080001 课程已在直播中, 课程未在直播中，无法结束, 课程已取消).
 */
describe('开始, 结束 and 取消 pressed many times at once, on two instances', () => {
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

  const burst = (path: string, body: Record<string, unknown>, token: string) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) => (apps[i % apps.length] as TestApp).post<CourseDto>(path, body, { token })),
    );

  const audited = async (courseId: number, action: string) =>
    Number(
      (
        await app()
          .database.db.selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('entity', '=', 'course')
          .where('entity_id', '=', courseId)
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** One answer is the change, every other the repeat's refusal. */
  const oneWins = (answers: Array<{ body: { errorCode: number; errorMsg: string } }>, repeat: string) => {
    assert.equal(
      answers.filter((a) => a.body.errorCode === 0).length,
      1,
      JSON.stringify(answers.map((a) => a.body.errorMsg)),
    );
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.deepEqual([answer.body.errorCode, answer.body.errorMsg], [ErrorCode.conflict, repeat]);
    }
  };

  it('starts a course once for 20 开始 at once, with one 开始直播 in the audit trail', async () => {
    const course = await createCourse(app(), world);
    const answers = await burst('/api/v1/course/start', { id: course.id }, world.lecturer.token);
    oneWins(answers, '课程已在直播中');
    assert.equal(await audited(course.id, 'courseStart'), 1);
    const row = await app()
      .database.db.selectFrom('courses')
      .selectAll()
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    const winner = answers.find((a) => a.body.errorCode === 0)?.body.data;
    assert.equal(Number(row.started_at), winner?.startedAt, 'the course keeps the start that answered');
  });

  it('ends a live course once for 20 结束 at once', async () => {
    const course = await createCourse(app(), world);
    const started = await app().post('/api/v1/course/start', { id: course.id }, { token: world.lecturer.token });
    assert.equal(started.body.errorCode, 0, started.body.errorMsg);
    const answers = await burst('/api/v1/course/end', { id: course.id }, world.lecturer.token);
    oneWins(answers, '课程未在直播中，无法结束');
    assert.equal(await audited(course.id, 'courseEnd'), 1);
  });

  it('cancels a course once for 20 取消 at once', async () => {
    const course = await createCourse(app(), world);
    const answers = await burst('/api/v1/course/cancel', { id: course.id, reason: '讲师临时有事' }, world.admin.token);
    oneWins(answers, '课程已取消');
    assert.equal(await audited(course.id, 'courseCancel'), 1);
  });
});
