import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, signParams } from '@zikao/contract';
import { type CourseDto, HAND_IN_LIMITS, type HandInDto } from '@zikao/contract/course';
import { png } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  credentialOf,
  TEST_LINK_SECRET,
} from '../course/course.test-kit.ts';

/**
 * Issue 19 §3 for the board's hand-ins (学员上传): at most 20 files per attendee and 2000 per
 * course, however many uploads arrive at once, on two instances sharing the database.
 */
const PER_COURSE = 2000;
const ENV = { LINK_SECRET: TEST_LINK_SECRET };
let address = 0;

describe('board hand-in limits under a burst, on two instances', () => {
  let apps: TestApp[] = [];
  let world: CourseWorld;

  before(async () => {
    const first = await createTestApp(ENV);
    apps = [first, await createTestApp(ENV, { sameDatabaseAs: first })];
    world = await buildCourseWorld(first);
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;

  const viewerOf = async (course: CourseDto) =>
    credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'viewer')).url);

  /**
   * One hand-in; each a different picture (the store keeps one copy of equal bytes, not one row),
   * each from its own address, so the per-address rate limit (another guard) stays out of the way.
   */
  const handIn = async (i: number, credential: Record<string, string>, clientId: string) => {
    const fields: Record<string, string> = { ...credential, clientId, name: '旁听生' };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const bytes = Buffer.concat([png(), Buffer.from(`#${i}`)]);
    form.append('file', new Blob([new Uint8Array(bytes)]), `作业${i}.png`);
    const request = new Request('http://test.local/', { method: 'POST', body: form });
    const t = Date.now();
    address += 1;
    const response = await (apps[i % apps.length] as TestApp).server.inject({
      method: 'POST',
      url: `/api/v1/board/handIn/upload?t=${t}&sig=${signParams(fields, t)}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': request.headers.get('content-type') ?? '' },
      remoteAddress: `10.9.${(address >> 8) & 255}.${address & 255}`,
    });
    return { body: JSON.parse(response.body) as { errorCode: number; errorMsg: string; data: HandInDto } };
  };

  const handInsOf = async (courseId: number, attendeeKey?: string) => {
    let query = app()
      .database.db.selectFrom('course_hand_ins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('course_id', '=', courseId);
    if (attendeeKey) query = query.where('attendee_key', '=', attendeeKey);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it(`keeps ${HAND_IN_LIMITS.filesPerAttendee} of 35 hand-ins one attendee sends at once`, async () => {
    const course = await createCourse(app(), world);
    const viewer = await viewerOf(course);
    const answers = await Promise.all(Array.from({ length: 35 }, (_, i) => handIn(i, viewer, 'guest-burst-01')));
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, HAND_IN_LIMITS.filesPerAttendee, JSON.stringify(codes));
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.equal(answer.body.errorCode, ErrorCode.conflict);
      assert.equal(answer.body.errorMsg, `每人每节课最多上传 ${HAND_IN_LIMITS.filesPerAttendee} 个文件`);
    }
    assert.equal(await handInsOf(course.id), HAND_IN_LIMITS.filesPerAttendee);
  });

  it('keeps the course’s last 5 places for 30 attendees who hand in at once', async () => {
    const course = await createCourse(app(), world);
    const viewer = await viewerOf(course);
    // The course is 5 short of its limit: earlier hand-ins, 19 each from other attendees.
    const now = Date.now();
    const earlier = Array.from({ length: PER_COURSE - 5 }, (_, i) => ({
      course_id: course.id,
      attendee_key: `g:earlier-${Math.floor(i / 19)}`,
      user_id: null,
      uploader_name: '旁听生',
      name: `旧作业${i}.png`,
      sha256: '0'.repeat(64),
      size: 1,
      mime: 'image/png',
      created_at: now,
    }));
    for (let i = 0; i < earlier.length; i += 200) {
      await app()
        .database.db.insertInto('course_hand_ins')
        .values(earlier.slice(i, i + 200))
        .execute();
    }
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => handIn(i, viewer, `guest-course-${i}`)));
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, 5, JSON.stringify(codes));
    for (const answer of answers.filter((a) => a.body.errorCode !== 0)) {
      assert.equal(answer.body.errorMsg, '本节课的学员上传已达上限');
    }
    assert.equal(await handInsOf(course.id), PER_COURSE);
  });
});
