import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signParams } from '@zikao/contract';
import { attendanceMinutes, type BoardAttendanceResult, type BoardContext } from '@zikao/contract/course';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  credentialOf,
  TEST_LINK_SECRET,
} from '../course/course.test-kit.ts';
import { ONLINE_WINDOW_MS } from './board.service.ts';
import { BoardClient, listen, socketUrl } from './board.test-kit.ts';

/**
 * 出勤 tied to people, with time in class (issue 32 §3, the board): a candidate signed in on a guest
 * link is given their own link, so they are one row however they come and however many sockets
 * they open at once (on two instances sharing the database); a row adds up its stays across
 * reconnects; and the presenter exports it as .xlsx. Time passing is simulated by moving a row's
 * stamps back, never by waiting.
 */
const ENV = { LINK_SECRET: TEST_LINK_SECRET };
const MINUTE = 60_000;
const FAIL_SAFE = { timeout: 60_000 };

describe('出勤: one row per person, time in class, and the 出勤表 export', () => {
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

  const rows = async (courseId: number) =>
    (
      await app()
        .database.db.selectFrom('course_attendance')
        .selectAll()
        .where('course_id', '=', courseId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row }));
  const attendanceOf = async (presenter: Record<string, string>) => {
    const answer = await app().post<BoardAttendanceResult>('/api/v1/board/attendance', presenter);
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    return answer.body.data;
  };
  /** Waits until the row's sockets are all closed (the hub records a leave after the close). */
  const waitForLeave = async (courseId: number) => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const all = await rows(courseId);
      if (all.length > 0 && all.every((row) => row.connections === 0)) return all;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the sockets’ leave was never recorded');
  };
  /** Moves a row's stamps `ms` into the past, as if that much time had gone by. */
  const backdate = (id: number, ms: number) =>
    app()
      .database.db.updateTable('course_attendance')
      .set((eb) => ({
        present_since: eb('present_since', '-', ms),
        last_seen_at: eb('last_seen_at', '-', ms),
        joined_at: eb('joined_at', '-', ms),
      }))
      .where('id', '=', id)
      .execute();

  it('gives a signed-in candidate on a guest link their own link; a guest or a teacher gets none', async () => {
    const course = await createCourse(app(), world);
    const guest = credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'viewer')).url);
    const asCandidate = await app().post<BoardContext>(
      '/api/v1/board/context',
      { ...guest, clientId: 'candidate-browser-1' },
      { token: world.student.token },
    );
    assert.equal(asCandidate.body.errorCode, 0, asCandidate.body.errorMsg);
    const own = asCandidate.body.data.ownLink;
    assert.ok(own, 'the candidate is given their own link');
    assert.equal(credentialOf(own).uid, String(world.student.id));
    assert.equal(credentialOf(own).role, 'viewer');
    // The own link is a board link like 进入课堂's: its context names the candidate.
    const opened = await app().post<BoardContext>('/api/v1/board/context', credentialOf(own));
    assert.deepEqual(opened.body.data.viewer, { userId: world.student.id, name: '李同学' });
    assert.equal(opened.body.data.ownLink, null);

    for (const token of [undefined, world.lecturer.token, world.admin.token]) {
      const answer = await app().post<BoardContext>(
        '/api/v1/board/context',
        { ...guest, clientId: 'guest-browser-1' },
        token ? { token } : {},
      );
      assert.equal(answer.body.data.ownLink, null);
      assert.equal(answer.body.data.viewer.userId, null);
    }
    // A disabled candidate's session does not lend them a link.
    await app().database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', world.outsider.id).execute();
    const disabled = await app().post<BoardContext>('/api/v1/board/context', guest, { token: world.outsider.token });
    assert.equal(disabled.body.data?.ownLink ?? null, null);
    await app().database.db.updateTable('users').set({ disabled: 0 }).where('id', '=', world.outsider.id).execute();
  });

  it(
    'counts a candidate once for 24 sockets joined at once through both of their links, on both instances',
    FAIL_SAFE,
    async () => {
      const course = await createCourse(app(), world);
      const guest = credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'viewer')).url);
      const context = await app().post<BoardContext>('/api/v1/board/context', guest, { token: world.student.token });
      const fromGuestLink = context.body.data.ownLink as string;
      const fromCourseList = (await boardLink(app(), world.student.token, course.id, 'viewer')).url;
      const urls = bases.flatMap((base) => [socketUrl(base, fromGuestLink), socketUrl(base, fromCourseList)]);
      const clients = await Promise.all(
        Array.from({ length: 24 }, (_, i) => BoardClient.join(urls[i % urls.length] as string, `tab-${i}-abcdef`)),
      );
      const [row, ...more] = await rows(course.id);
      assert.equal(more.length, 0, 'one row');
      assert.equal(row?.user_id, world.student.id);
      assert.equal(row?.attendee_key, `u:${world.student.id}`);
      assert.equal(row?.joins, 24);
      assert.equal(row?.connections, 24);
      const presenter = credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'presenter')).url);
      const online = await attendanceOf(presenter);
      assert.equal(online.online, 1);
      assert.equal(online.list.length, 1);
      assert.equal(online.list[0]?.leftAt, null);

      for (const client of clients) client.close();
      const [left] = await waitForLeave(course.id);
      assert.equal(left?.present_since, null, 'the stay ended with the last socket');
      assert.ok(left?.left_at !== null);
      const after = await attendanceOf(presenter);
      assert.equal(after.online, 0);
      assert.equal(after.list[0]?.leftAt, Number(left?.left_at));
    },
  );

  it('adds up time in class across reconnects, and a stay whose instance vanished up to its last sign of life', async () => {
    const course = await createCourse(app(), world);
    const own = (await boardLink(app(), world.student.token, course.id, 'viewer')).url;
    const presenter = credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'presenter')).url);
    const url = socketUrl(bases[0] as string, own);

    // First stay: 10 minutes.
    const first = await BoardClient.join(url, 'reconnect-browser');
    const [row] = await rows(course.id);
    const id = row?.id as number;
    await backdate(id, 10 * MINUTE);
    first.close();
    await waitForLeave(course.id);
    let entry = (await attendanceOf(presenter)).list[0];
    assert.ok(entry && attendanceMinutes(entry.presentMs) >= 10, `10 minutes: ${entry?.presentMs}`);
    const firstJoined = entry?.joinedAt;

    // Back after a drop, on the other instance: 5 minutes more; the first join stays the first.
    const second = await BoardClient.join(socketUrl(bases[1] as string, own), 'reconnect-browser');
    await app()
      .database.db.updateTable('course_attendance')
      .set((eb) => ({ present_since: eb('present_since', '-', 5 * MINUTE) }))
      .where('id', '=', id)
      .execute();
    entry = (await attendanceOf(presenter)).list[0];
    assert.equal(entry?.online, true);
    assert.ok(entry && attendanceMinutes(entry.presentMs) >= 15, 'the stay under way counts up to now');
    second.close();
    await waitForLeave(course.id);
    entry = (await attendanceOf(presenter)).list[0];
    assert.ok(entry && attendanceMinutes(entry.presentMs) >= 15, `15 minutes: ${entry?.presentMs}`);
    assert.equal(entry?.joins, 2);
    assert.equal(entry?.joinedAt, firstJoined);
    assert.ok(entry?.leftAt);

    // A stay whose sockets' instance died: connections stay counted, but nothing was heard for
    // longer than the online window. It counts up to its last sign of life, not to now, and a
    // new join starts a fresh stay with one connection.
    await app()
      .database.db.updateTable('course_attendance')
      .set({ connections: 3, present_since: Date.now() - 3 * ONLINE_WINDOW_MS - 2 * MINUTE })
      .set({ last_seen_at: Date.now() - 3 * ONLINE_WINDOW_MS })
      .where('id', '=', id)
      .execute();
    const before = Number((await rows(course.id))[0]?.present_ms);
    const stale = (await attendanceOf(presenter)).list[0];
    assert.equal(stale?.online, false);
    assert.ok(stale && stale.presentMs >= before + 2 * MINUTE && stale.presentMs < before + 3 * MINUTE);
    const third = await BoardClient.join(url, 'reconnect-browser');
    const [fresh] = await rows(course.id);
    assert.equal(fresh?.connections, 1, 'the vanished sockets no longer count');
    assert.ok(Number(fresh?.present_ms) >= before + 2 * MINUTE, 'the stale stay was counted');
    assert.ok(Number(fresh?.present_ms) < before + 3 * MINUTE, 'up to its last sign of life');
    third.close();
    await waitForLeave(course.id);
  });

  it('exports 出勤 as .xlsx with Chinese headers, formula-like names as text, for the presenter only', async () => {
    const course = await createCourse(app(), world, { title: '出勤导出课' });
    const guestPage = (await boardLink(app(), world.lecturer.token, course.id, 'viewer')).url;
    const presenter = credentialOf((await boardLink(app(), world.lecturer.token, course.id, 'presenter')).url);
    const own = (await boardLink(app(), world.student.token, course.id, 'viewer')).url;
    const candidate = await BoardClient.join(socketUrl(bases[0] as string, own), 'export-candidate');
    const guest = await BoardClient.join(
      socketUrl(bases[1] as string, guestPage),
      'export-guest-01',
      '=HYPERLINK("http://x.example","点我")',
    );
    candidate.close();
    guest.close();
    await waitForLeave(course.id);

    const exported = async (credential: Record<string, string>) => {
      const body = { ...credential, export: 1 };
      const t = Date.now();
      return app().server.inject({
        method: 'POST',
        url: '/api/v1/board/attendance',
        payload: { ...body, t, sig: signParams(body, t) },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
    };
    const response = await exported(presenter);
    assert.equal(response.statusCode, 200);
    assert.match(
      decodeURIComponent(String(response.headers['content-disposition'])),
      /filename\*=UTF-8''出勤表-出勤导出课-\d{8}\.xlsx/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('出勤');
    assert.ok(sheet);
    const header = sheet.getRow(1).values as unknown[];
    assert.deepEqual(header.slice(1), [
      '序号',
      '姓名',
      '身份',
      '准考证号',
      '首次进入（北京时间）',
      '最后离开（北京时间）',
      '在课时长（分钟）',
      '进入次数',
      '状态',
    ]);
    const body = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    const byKind = new Map(body.map((row) => [row[2], row]));
    const student = byKind.get('考生');
    assert.equal(student?.[1], '李同学');
    assert.equal(student?.[3], '030124100901');
    assert.match(String(student?.[4]), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.match(String(student?.[5]), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.equal(typeof student?.[6], 'number');
    assert.equal(student?.[8], '已离开');
    const typed = byKind.get('访客');
    assert.equal(typed?.[1], `'=HYPERLINK("http://x.example","点我")`, 'a typed formula stays text');
    assert.equal(sheet.rowCount, 3);

    const refused = await exported(credentialOf(guestPage));
    assert.equal(refused.json().errorCode, 1030003);
  });
});
