import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, signParams } from '@zikao/contract';
import {
  BOARD_CLOSE,
  BOARD_REFUSAL_CODES,
  type BoardRefusalMessage,
  type BoardServerMessage,
} from '@zikao/contract/board';
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
import { BoardClient, listen, socketUrl } from './board.test-kit.ts';

/**
 * Issue 32 §4.12: 出勤 counts people. A guest is its browser's client id, so one browser's many
 * sockets are one row; a candidate is their account; and one client address brings at most
 * BOARD_GUESTS_PER_ADDRESS guests (here 3) into a course, over two instances sharing the database.
 * Every socket here comes from 127.0.0.1.
 */
const ENV = { LINK_SECRET: TEST_LINK_SECRET, BOARD_GUESTS_PER_ADDRESS: '3' };
/** A fail-safe for a refusal that never comes (without the limit), not a measurement. */
const FAIL_SAFE = { timeout: 30_000 };
const isRefusal = (message: BoardServerMessage): message is BoardRefusalMessage => message.type === 'refusal';

describe('出勤 per person, and guests per client address, on two instances', () => {
  let apps: TestApp[] = [];
  let bases: string[] = [];
  let world: CourseWorld;

  before(async () => {
    const first = await createTestApp(ENV);
    apps = [first, await createTestApp(ENV, { sameDatabaseAs: first })];
    bases = await Promise.all(apps.map((app) => listen(app)));
    world = await buildCourseWorld(first);
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;

  /** A course's board link for `token`'s user, as socket URLs on each instance. */
  const socketsOf = async (courseId: number, role: 'presenter' | 'viewer', token = world.lecturer.token) => {
    const page = (await boardLink(app(), token, courseId, role)).url;
    return bases.map((base) => socketUrl(base, page));
  };
  const attendance = async (courseId: number) =>
    (
      await app()
        .database.db.selectFrom('course_attendance')
        .select(['attendee_key', 'user_id', 'joins', 'connections'])
        .where('course_id', '=', courseId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row }));

  /** Joins, or is refused for the limit: the refusal's message then, after the close 4429. */
  const joinOrRefusal = async (url: string, clientId: string): Promise<BoardClient | string> => {
    const client = await BoardClient.open(url);
    client.send({ type: 'join', clientId });
    const answer = await Promise.race([
      client.waitFor((message) => message.type === 'state' || message.type === 'refusal'),
      client.closed.then(() => client.messages.find(isRefusal) ?? { type: 'closed' }),
    ]);
    if (answer.type === 'state') return client;
    const closed = await client.closed;
    assert.equal(closed.code, BOARD_CLOSE.tooMany);
    const refusal = client.messages.find(isRefusal);
    assert.equal(refusal?.code, BOARD_REFUSAL_CODES.tooMany);
    return refusal?.msg ?? '';
  };

  it('keeps one row for one browser’s 40 sockets, on both instances', FAIL_SAFE, async () => {
    const course = await createCourse(app(), world);
    const urls = await socketsOf(course.id, 'viewer');
    const clients = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        BoardClient.join(urls[i % urls.length] as string, 'one-browser-0001', '小明'),
      ),
    );
    assert.deepEqual(await attendance(course.id), [
      { attendee_key: 'g:one-browser-0001', user_id: null, joins: 40, connections: 40 },
    ]);
    for (const client of clients) client.close();
  });

  it(
    'lets one address bring 3 guests into a course, not 20 made-up ones; a known guest and a candidate still join',
    FAIL_SAFE,
    async () => {
      const course = await createCourse(app(), world);
      const urls = await socketsOf(course.id, 'viewer');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => joinOrRefusal(urls[i % urls.length] as string, `made-up-guest-${i}`)),
      );
      const joined = answers.filter((answer): answer is BoardClient => typeof answer !== 'string');
      assert.equal(joined.length, 3);
      for (const refusal of answers.filter((answer) => typeof answer === 'string')) {
        assert.equal(refusal, '同一网络地址加入本课堂的访客已达上限（3 人）');
      }
      const guests = (await attendance(course.id)).filter((row) => row.user_id === null);
      assert.equal(guests.length, 3);

      // One of the three, back on the other instance: its own row, though the address is full.
      const known = guests[0]?.attendee_key.slice(2) as string;
      const back = await BoardClient.join(urls[1] as string, known);
      const candidate = await BoardClient.join(
        (await socketsOf(course.id, 'viewer', world.student.token))[0] as string,
        'candidate-browser-1',
      );
      const rows = await attendance(course.id);
      assert.equal(rows.length, 4);
      assert.equal(rows.find((row) => row.attendee_key === `g:${known}`)?.joins, 2);
      assert.ok(rows.some((row) => row.user_id === world.student.id));
      for (const client of [...joined, back, candidate]) client.close();
    },
  );

  it('refuses a new guest’s hand-in from an address that has brought its guests, and takes one from another', async () => {
    const course = await createCourse(app(), world);
    const credential = credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'viewer')).url);
    const handIn = async (clientId: string, address: string) => {
      const fields: Record<string, string> = { ...credential, clientId, name: '旁听生' };
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', new Blob([new Uint8Array(png())]), '作业.png');
      const request = new Request('http://test.local/', { method: 'POST', body: form });
      const t = Date.now();
      const response = await app().server.inject({
        method: 'POST',
        url: `/api/v1/board/handIn/upload?t=${t}&sig=${signParams(fields, t)}`,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': request.headers.get('content-type') ?? '' },
        remoteAddress: address,
      });
      return JSON.parse(response.body) as { errorCode: number; errorMsg: string };
    };
    for (let i = 0; i < 3; i++) assert.equal((await handIn(`hand-in-guest-${i}`, '10.7.0.1')).errorCode, 0);
    const refused = await handIn('hand-in-guest-3', '10.7.0.1');
    assert.deepEqual(
      [refused.errorCode, refused.errorMsg],
      [ErrorCode.tooManyRequests, '同一网络地址加入本课堂的访客已达上限（3 人）'],
    );
    assert.equal((await handIn('hand-in-guest-3', '10.7.0.2')).errorCode, 0);
    assert.equal((await handIn('hand-in-guest-0', '10.7.0.1')).errorCode, 0, 'a guest already there hands in again');
    assert.equal((await attendance(course.id)).length, 4);
  });
});
