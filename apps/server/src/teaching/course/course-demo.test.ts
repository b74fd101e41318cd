import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BoardAttendanceResult, BoardContext, CourseListResult } from '@zikao/contract/course';
import type { StudentCoursesResult } from '@zikao/contract/student-info';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { boardLink, credentialOf } from './course.test-kit.ts';

describe('the live-course demo data', () => {
  let app: TestApp;

  before(async () => {
    app = await createTestApp({ SEED_REVIEW_DEMO: '1' });
    await app.liveCourses.courseware.drain();
  });
  after(() => app.close());

  it('gives the demo teacher a course in every status, with rendered courseware', async () => {
    const token = await app.login('13800000002');
    const list = await app.post<CourseListResult>('/api/v1/course/list', { pageSize: 50 }, { token });
    const { counts } = list.body.data;
    assert.ok(counts.live >= 1 && counts.upcoming >= 1 && counts.ended >= 1, JSON.stringify(counts));
    const live = list.body.data.list.find((course) => course.status === 'live');
    assert.ok((live?.pageCount ?? 0) > 0);
    assert.ok((live?.attendanceCount ?? 0) > 0 && (live?.handInCount ?? 0) > 0);
    const ended = list.body.data.list.find((course) => course.status === 'ended');
    assert.match(ended?.playbackUrl ?? '', /^https:\/\//);
  });

  it('shows the demo candidate their courses, and the demo teacher opens the live course’s board', async () => {
    const student = await app.login('13800000001', 'Zikao@2026', 'student');
    const mine = await app.post<StudentCoursesResult>('/api/v1/student/courses', {}, { token: student });
    const statuses = new Set(mine.body.data.list.map((course) => course.status));
    assert.deepEqual([...statuses].sort(), ['ended', 'live', 'upcoming']);
    // The start-up log names the live course, never a link to it (adr/028).
    const logged = app.logs.find((line) => String(line.msg).startsWith('live-course demo data created'));
    assert.equal(logged?.url, undefined);
    const liveCourseId = Number(logged?.liveCourseId);
    const teacher = await app.login('13800000002');
    const credential = credentialOf((await boardLink(app, teacher, liveCourseId, 'presenter')).url);
    const context = await app.post<BoardContext>('/api/v1/board/context', credential);
    assert.equal(context.body.data.role, 'presenter');
    assert.ok(context.body.data.deck.length > 0);
    const attendance = await app.post<BoardAttendanceResult>('/api/v1/board/attendance', credential);
    assert.ok(attendance.body.data.list.some((entry) => entry.name === '李同学'));
  });
});
