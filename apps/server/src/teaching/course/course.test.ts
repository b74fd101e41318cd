import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CourseDetail, CourseDto, CourseListResult, CourseOptions } from '@zikao/contract/course';
import type { StudentCoursesResult } from '@zikao/contract/student-info';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  credentialOf,
  HOUR,
  TEST_LINK_SECRET,
} from './course.test-kit.ts';

describe('live courses: the console, the lecturer and the candidate', () => {
  let app: TestApp;
  let world: CourseWorld;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    world = await buildCourseWorld(app);
  });
  after(() => app.close());

  it('lets an admin create a course and records it in the audit trail', async () => {
    const course = await createCourse(app, world, { title: '论文选题与开题', majors: ['汉语言文学'] });
    assert.equal(course.title, '论文选题与开题');
    assert.equal(course.lecturerName, '王老师');
    assert.equal(course.status, 'upcoming');
    assert.deepEqual(
      course.batches.map((batch) => batch.id),
      [world.batchId],
    );
    assert.deepEqual(course.majors, ['汉语言文学']);
    assert.equal(course.canManage, true);
    const audit = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'course')
      .where('entity_id', '=', course.id)
      .execute();
    assert.deepEqual(
      audit.map((entry) => entry.action),
      ['courseCreate'],
    );
    assert.equal(JSON.parse(audit[0]?.detail_json ?? '{}').subject, '论文选题与开题');
  });

  it('refuses bad input with Chinese messages that name the field in words, not by its code', async () => {
    const start = Date.now() + HOUR;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ endAt: start - 1 }, /^参数错误：结束时间须晚于开始时间/],
      [{ batchIds: [], majors: [] }, /^参数错误：请至少选择一个批次或专业/],
      [{ streamUrl: 'javascript:alert(1)' }, /^参数错误：[^a-zA-Z]*http/],
      [{ title: '' }, /^参数错误：请填写课程名称/],
      [{ endAt: start + 13 * HOUR }, /课程时长不能超过 12 小时/],
      [{ lecturerId: world.student.id }, /主讲教师须为启用的教师账号/],
      [{ batchIds: [987654] }, /批次不存在/],
    ];
    for (const [overrides, message] of cases) {
      const response = await app.post(
        '/api/v1/course/create',
        {
          title: '课程',
          lecturerId: world.lecturer.id,
          startAt: start,
          endAt: start + HOUR,
          batchIds: [world.batchId],
          ...overrides,
        },
        { token: world.admin.token },
      );
      assert.equal(response.body.errorCode, 1000001, JSON.stringify(overrides));
      assert.match(response.body.errorMsg, message);
    }
  });

  it('keeps create, edit and cancel to admins', async () => {
    const course = await createCourse(app, world);
    const start = Date.now() + 2 * HOUR;
    const edit = {
      id: course.id,
      title: '改名',
      lecturerId: world.lecturer.id,
      startAt: start,
      endAt: start + HOUR,
      batchIds: [world.batchId],
    };
    for (const path of ['/api/v1/course/create', '/api/v1/course/update', '/api/v1/course/cancel']) {
      const response = await app.post(path, edit, { token: world.lecturer.token });
      assert.equal(response.body.errorCode, 1030003, path);
    }
    const updated = await app.post<CourseDto>('/api/v1/course/update', edit, { token: world.admin.token });
    assert.equal(updated.body.errorCode, 0, updated.body.errorMsg);
    assert.equal(updated.body.data.title, '改名');
    assert.equal(updated.body.data.startAt, start);
    const cancelled = await app.post<CourseDto>(
      '/api/v1/course/cancel',
      { id: course.id, reason: '主讲教师临时出差' },
      { token: world.admin.token },
    );
    assert.equal(cancelled.body.data.cancelled, true);
    assert.equal(cancelled.body.data.cancelReason, '主讲教师临时出差');
    const again = await app.post('/api/v1/course/cancel', { id: course.id }, { token: world.admin.token });
    assert.equal(again.body.errorCode, 1080001);
    const actions = await app.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'course')
      .where('entity_id', '=', course.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      actions.map((entry) => entry.action),
      ['courseCreate', 'courseUpdate', 'courseCancel'],
    );
    // A cancelled course leaves the lecturer's list and the candidate's page.
    const list = await app.post<CourseListResult>(
      '/api/v1/course/list',
      { pageSize: 100 },
      { token: world.lecturer.token },
    );
    assert.ok(!list.body.data.list.some((entry) => entry.id === course.id));
    const mine = await app.post<StudentCoursesResult>('/api/v1/student/courses', {}, { token: world.student.token });
    assert.ok(!mine.body.data.list.some((entry) => entry.id === course.id));
  });

  it('shows teachers their own courses only; another lecturer’s course id is 1030003', async () => {
    const own = await createCourse(app, world, { title: '王老师的课' });
    const others = await createCourse(app, world, { title: '孙老师的课', lecturerId: world.otherLecturer.id });
    const list = await app.post<CourseListResult>(
      '/api/v1/course/list',
      { pageSize: 100 },
      { token: world.lecturer.token },
    );
    const titles = list.body.data.list.map((entry) => entry.title);
    assert.ok(titles.includes('王老师的课'));
    assert.ok(!titles.includes('孙老师的课'));
    // Asking for another lecturer's list as a teacher still answers one's own.
    const sneaky = await app.post<CourseListResult>(
      '/api/v1/course/list',
      { pageSize: 100, lecturerId: world.otherLecturer.id },
      { token: world.lecturer.token },
    );
    assert.ok(sneaky.body.data.list.every((entry) => entry.lecturerId === world.lecturer.id));
    for (const [path, body] of [
      ['/api/v1/course/detail', { id: others.id }],
      ['/api/v1/course/start', { id: others.id }],
      ['/api/v1/course/end', { id: others.id }],
      ['/api/v1/course/links', { id: others.id, streamUrl: 'https://x.example.com' }],
      ['/api/v1/course/boardLink', { courseId: others.id, role: 'presenter' }],
      ['/api/v1/course/boardLink', { courseId: others.id, role: 'viewer' }],
      ['/api/v1/course/courseware/list', { courseId: others.id }],
    ] as const) {
      const response = await app.post(path, body, { token: world.lecturer.token });
      assert.equal(response.body.errorCode, 1030003, path);
    }
    const missing = await app.post('/api/v1/course/detail', { id: 999999 }, { token: world.lecturer.token });
    assert.equal(missing.body.errorCode, 1040001);
    const detail = await app.post<CourseDetail>(
      '/api/v1/course/detail',
      { id: own.id },
      { token: world.lecturer.token },
    );
    assert.equal(detail.body.errorCode, 0);
    assert.deepEqual(detail.body.data.courseware, []);
    // Admins see every course.
    const all = await app.post<CourseListResult>(
      '/api/v1/course/list',
      { pageSize: 100 },
      { token: world.admin.token },
    );
    const allTitles = all.body.data.list.map((entry) => entry.title);
    assert.ok(allTitles.includes('王老师的课') && allTitles.includes('孙老师的课'));
  });

  it('counts the status tabs, searches, and sorts by time', async () => {
    const local = await createTestApp();
    try {
      const w = await buildCourseWorld(local);
      const now = Date.now();
      await createCourse(local, w, { title: '已结束的课', startAt: now - 3 * HOUR, endAt: now - 2 * HOUR });
      await createCourse(local, w, { title: '正在上的课', startAt: now - HOUR / 2, endAt: now + HOUR / 2 });
      await createCourse(local, w, { title: '明天的课', startAt: now + 24 * HOUR, endAt: now + 25 * HOUR });
      await createCourse(local, w, { title: '后天的课', startAt: now + 48 * HOUR, endAt: now + 49 * HOUR });
      const list = (body: Record<string, unknown>) =>
        local.post<CourseListResult>('/api/v1/course/list', body, { token: w.lecturer.token });
      const all = await list({ order: 'asc' });
      assert.deepEqual(all.body.data.counts, { all: 4, upcoming: 2, live: 1, ended: 1 });
      assert.deepEqual(
        all.body.data.list.map((entry) => entry.title),
        ['已结束的课', '正在上的课', '明天的课', '后天的课'],
      );
      assert.deepEqual(
        all.body.data.list.map((entry) => entry.status),
        ['ended', 'live', 'upcoming', 'upcoming'],
      );
      const upcoming = await list({ status: 'upcoming', order: 'desc' });
      assert.equal(upcoming.body.data.total, 2);
      assert.deepEqual(
        upcoming.body.data.list.map((entry) => entry.title),
        ['后天的课', '明天的课'],
      );
      // The counts stay those of every tab whichever tab is open; a keyword narrows them all.
      assert.deepEqual(upcoming.body.data.counts, all.body.data.counts);
      const searched = await list({ keyword: '天的' });
      assert.deepEqual(searched.body.data.counts, { all: 2, upcoming: 2, live: 0, ended: 0 });
      const byLecturer = await list({ keyword: '王老' });
      assert.equal(byLecturer.body.data.total, 4);
      // % and _ are taken literally.
      const literal = await list({ keyword: '%' });
      assert.equal(literal.body.data.total, 0);
      const paged = await list({ order: 'asc', page: 2, pageSize: 3 });
      assert.deepEqual(
        paged.body.data.list.map((entry) => entry.title),
        ['后天的课'],
      );
    } finally {
      await local.close();
    }
  });

  it('lets the lecturer start early and end, overriding the schedule, and audits both', async () => {
    const course = await createCourse(app, world);
    assert.equal(course.status, 'upcoming');
    const ended = await app.post('/api/v1/course/end', { id: course.id }, { token: world.lecturer.token });
    assert.equal(ended.body.errorCode, 1080001);
    assert.match(ended.body.errorMsg, /未在直播中/);
    const started = await app.post<CourseDto>(
      '/api/v1/course/start',
      { id: course.id },
      { token: world.lecturer.token },
    );
    assert.equal(started.body.data.status, 'live');
    assert.ok(started.body.data.startedAt !== null);
    const twice = await app.post('/api/v1/course/start', { id: course.id }, { token: world.lecturer.token });
    assert.equal(twice.body.errorCode, 1080001);
    const stopped = await app.post<CourseDto>('/api/v1/course/end', { id: course.id }, { token: world.lecturer.token });
    assert.equal(stopped.body.data.status, 'ended');
    // An admin may run any course.
    const restarted = await app.post<CourseDto>(
      '/api/v1/course/start',
      { id: course.id },
      { token: world.admin.token },
    );
    assert.equal(restarted.body.data.status, 'live');
    const actions = await app.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'course')
      .where('entity_id', '=', course.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      actions.map((entry) => entry.action),
      ['courseCreate', 'courseStart', 'courseEnd', 'courseStart'],
    );
  });

  it('lets the lecturer paste the streaming and playback addresses, http(s) only', async () => {
    const course = await createCourse(app, world, { streamUrl: '' });
    const set = await app.post<CourseDto>(
      '/api/v1/course/links',
      { id: course.id, streamUrl: 'https://live.example.com/r/9', playbackUrl: 'https://vod.example.com/v/9' },
      { token: world.lecturer.token },
    );
    assert.equal(set.body.data.streamUrl, 'https://live.example.com/r/9');
    assert.equal(set.body.data.playbackUrl, 'https://vod.example.com/v/9');
    const bad = await app.post(
      '/api/v1/course/links',
      { id: course.id, streamUrl: 'data:text/html,hi' },
      { token: world.lecturer.token },
    );
    assert.equal(bad.body.errorCode, 1000001);
  });

  it('offers lecturers, batches and majors to the console form', async () => {
    const options = await app.post<CourseOptions>('/api/v1/course/options', {}, { token: world.admin.token });
    const names = options.body.data.lecturers.map((person) => person.name);
    assert.ok(names.includes('王老师') && names.includes('孙老师'));
    assert.ok(!names.includes('赵管理') && !names.includes('李同学'));
    assert.ok(options.body.data.batches.some((batch) => batch.id === world.batchId));
    assert.ok(options.body.data.majors.includes('汉语言文学'));
    const teacher = await app.post('/api/v1/course/options', {}, { token: world.lecturer.token });
    assert.equal(teacher.body.errorCode, 1030003);
  });

  it('gives candidates the courses of their batch or major, with 进入课堂 and the playback link', async () => {
    const now = Date.now();
    const live = await createCourse(app, world, { title: '批次的直播课', startAt: now - HOUR / 2, endAt: now + HOUR });
    const byMajor = await createCourse(app, world, { title: '专业的课', batchIds: [], majors: ['汉语言文学'] });
    const past = await createCourse(app, world, {
      title: '已结束的回放课',
      startAt: now - 3 * HOUR,
      endAt: now - 2 * HOUR,
      playbackUrl: 'https://vod.example.com/v/1',
    });
    const elsewhere = await createCourse(app, world, { title: '别的专业', batchIds: [], majors: ['会计学'] });
    const mine = await app.post<StudentCoursesResult>('/api/v1/student/courses', {}, { token: world.student.token });
    const byId = new Map(mine.body.data.list.map((entry) => [entry.id, entry]));
    assert.ok(byId.has(live.id) && byId.has(byMajor.id) && byId.has(past.id));
    assert.ok(!byId.has(elsewhere.id));
    const liveEntry = byId.get(live.id);
    assert.equal(liveEntry?.status, 'live');
    assert.equal(liveEntry?.url, 'https://live.example.com/room/1');
    assert.match(liveEntry?.boardUrl ?? '', /^\/board\?cid=\d+&role=viewer&exp=\d+&uid=\d+&sig=[\w-]+$/);
    assert.equal(credentialOf(liveEntry?.boardUrl ?? '').uid, String(world.student.id));
    const pastEntry = byId.get(past.id);
    assert.equal(pastEntry?.status, 'ended');
    assert.equal(pastEntry?.url, 'https://vod.example.com/v/1');
    assert.equal(pastEntry?.playbackUrl, 'https://vod.example.com/v/1');
    assert.equal(pastEntry?.boardUrl, null);
    // Another candidate sees none of them.
    const theirs = await app.post<StudentCoursesResult>('/api/v1/student/courses', {}, { token: world.outsider.token });
    assert.ok(!theirs.body.data.list.some((entry) => [live.id, byMajor.id, past.id].includes(entry.id)));
  });

  it('makes board links for the lecturer and, as a viewer only, for the candidates the course is for', async () => {
    const course = await createCourse(app, world);
    const presenter = await boardLink(app, world.lecturer.token, course.id, 'presenter');
    assert.match(presenter.url, /^\/board\?cid=\d+&role=presenter&exp=\d+&sig=/);
    assert.ok(presenter.expiresAt >= course.endAt + 24 * HOUR);
    const guest = await boardLink(app, world.lecturer.token, course.id, 'viewer');
    assert.equal(credentialOf(guest.url).uid, undefined);
    const own = await boardLink(app, world.student.token, course.id, 'viewer');
    assert.equal(credentialOf(own.url).uid, String(world.student.id));
    const asPresenter = await app.post(
      '/api/v1/course/boardLink',
      { courseId: course.id, role: 'presenter' },
      { token: world.student.token },
    );
    assert.equal(asPresenter.body.errorCode, 1030003);
    const notTheirs = await app.post(
      '/api/v1/course/boardLink',
      { courseId: course.id, role: 'viewer' },
      { token: world.outsider.token },
    );
    assert.equal(notTheirs.body.errorCode, 1030003);
    // Candidates have no course list or detail of the teacher side.
    const list = await app.post('/api/v1/course/list', {}, { token: world.student.token });
    assert.equal(list.body.errorCode, 1030003);
  });
});
