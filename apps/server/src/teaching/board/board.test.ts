import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BoardHandInMessage } from '@zikao/contract/board';
import type {
  BoardAttendanceResult,
  BoardContext,
  BoardHandInListResult,
  CourseDto,
  HandInDto,
} from '@zikao/contract/course';
import { minimalPdf, multiPagePdf, png } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  credentialOf,
  TEST_LINK_SECRET,
  uploadCourseware,
} from '../course/course.test-kit.ts';
import { BoardClient, listen, socketUrl } from './board.test-kit.ts';
import { boardLinkSignature } from './board-link.ts';

describe('the board page’s calls, authorised by the link alone', () => {
  let app: TestApp;
  let world: CourseWorld;
  let course: CourseDto;
  let presenter: Record<string, string>;
  let guest: Record<string, string>;
  let student: Record<string, string>;
  let presenterPage: string;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    world = await buildCourseWorld(app);
    course = await createCourse(app, world);
    await uploadCourseware(app, world.lecturer.token, course.id, multiPagePdf(['A', 'B']), '第一讲.pdf');
    await uploadCourseware(app, world.lecturer.token, course.id, png(), '板书.png');
    presenterPage = (await boardLink(app, world.lecturer.token, course.id, 'presenter')).url;
    presenter = credentialOf(presenterPage);
    guest = credentialOf((await boardLink(app, world.lecturer.token, course.id, 'viewer')).url);
    student = credentialOf((await boardLink(app, world.student.token, course.id, 'viewer')).url);
  });
  after(() => app.close());

  it('answers the course, the deck of every ready page and the class’s state, with no session', async () => {
    const context = await app.post<BoardContext>('/api/v1/board/context', { ...guest, clientId: 'guest-browser-01' });
    assert.equal(context.body.errorCode, 0, context.body.errorMsg);
    const data = context.body.data;
    assert.equal(data.course.title, course.title);
    assert.equal(data.course.lecturerName, '王老师');
    assert.equal(data.role, 'viewer');
    assert.deepEqual(
      data.deck.map((page) => [page.index, page.fileName, page.pageNo]),
      [
        [1, '第一讲.pdf', 1],
        [2, '第一讲.pdf', 2],
        [3, '板书.png', 1],
      ],
    );
    assert.deepEqual(data.state, { page: 1, zoom: 1, rotation: 0, sync: true, seq: 0, updatedAt: 0 });
    assert.equal(data.handIn.maxFiles, 20);
    // A session's token, if one is sent, changes nothing: the link decides.
    const asAdmin = await app.post<BoardContext>('/api/v1/board/context', guest, { token: world.admin.token });
    assert.equal(asAdmin.body.data.role, 'viewer');
  });

  it('refuses a tampered, expired or cancelled course’s link with 1030004', async () => {
    const tampered = await app.post('/api/v1/board/context', { ...guest, role: 'presenter' });
    assert.equal(tampered.body.errorCode, 1030004);
    assert.equal(tampered.body.errorMsg, '课堂链接无效');
    const exp = Date.now() - 1000;
    const secret = Buffer.from(TEST_LINK_SECRET, 'utf8');
    const linkSig = boardLinkSignature(secret, { cid: course.id, role: 'viewer', exp });
    const expired = await app.post('/api/v1/board/context', { cid: course.id, role: 'viewer', exp, linkSig });
    assert.equal(expired.body.errorCode, 1030004);
    assert.equal(expired.body.errorMsg, '课堂链接已过期');
    const missing = await app.post('/api/v1/board/context', { cid: course.id, role: 'viewer' });
    assert.equal(missing.body.errorCode, 1000001);
    const other = await createCourse(app, world);
    const otherLink = credentialOf((await boardLink(app, world.lecturer.token, other.id, 'viewer')).url);
    await app.post('/api/v1/course/cancel', { id: other.id }, { token: world.admin.token });
    const cancelled = await app.post('/api/v1/board/context', otherLink);
    assert.equal(cancelled.body.errorCode, 1030004);
    assert.equal(cancelled.body.errorMsg, '课程已取消');
  });

  it('serves the deck’s page images to the link, and nothing of another course', async () => {
    const context = await app.post<BoardContext>('/api/v1/board/context', guest);
    const first = context.body.data.deck[0];
    const query = new URLSearchParams(guest);
    const image = await app.server.inject({
      method: 'GET',
      url: `/api/v1/board/page/${first?.fileId}/1?${query}`,
    });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    const other = await createCourse(app, world);
    const foreign = await uploadCourseware(app, world.lecturer.token, other.id, multiPagePdf(['Z']), 'z.pdf');
    const refused = await app.server.inject({ method: 'GET', url: `/api/v1/board/page/${foreign.id}/1?${query}` });
    assert.equal(refused.json().errorCode, 1040001);
    const noLink = await app.server.inject({ method: 'GET', url: `/api/v1/board/page/${first?.fileId}/1` });
    assert.equal(noLink.json().errorCode, 1000001);
  });

  it('records a candidate who opens their own link, and shows 出勤 to the presenter only', async () => {
    await app.post('/api/v1/board/context', student);
    const attendance = await app.post<BoardAttendanceResult>('/api/v1/board/attendance', presenter);
    const entry = attendance.body.data.list.find((row) => row.userId === world.student.id);
    assert.equal(entry?.name, '李同学');
    assert.equal(entry?.kind, 'student');
    assert.equal(entry?.examNumber, '030124100901');
    assert.equal(entry?.online, false);
    for (const viewer of [guest, student]) {
      const refused = await app.post('/api/v1/board/attendance', viewer);
      assert.equal(refused.body.errorCode, 1030003);
    }
  });

  it('takes hand-ins from viewers, shows them to the presenter at once, and each viewer only their own', async () => {
    const base = await listen(app);
    const board = await BoardClient.join(socketUrl(base, presenterPage), 'presenter-handin');
    const from = board.messages.length;
    const upload = (credential: Record<string, string>, clientId: string, bytes: Buffer, name: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(credential)) form.append(key, value);
      form.append('clientId', clientId);
      form.append('name', '旁听生');
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return app.upload<HandInDto>('/api/v1/board/handIn/upload', form);
    };
    const photo = await upload(guest, 'guest-browser-01', png(), '作业照片.png');
    assert.equal(photo.body.errorCode, 0, photo.body.errorMsg);
    assert.equal(photo.body.data.isImage, true);
    assert.equal(photo.body.data.uploaderName, '旁听生');
    const announced = await board.waitFor((message): message is BoardHandInMessage => message.type === 'handIn', from);
    assert.equal(announced.item.id, photo.body.data.id);
    const report = await upload(student, 'student-browser', multiPagePdf(['hw']), '读书报告.pdf');
    assert.equal(report.body.data.uploaderName, '李同学');
    assert.equal(report.body.data.isImage, false);
    board.close();

    const all = await app.post<BoardHandInListResult>('/api/v1/board/handIn/list', presenter);
    assert.deepEqual(
      all.body.data.list.map((item) => item.name),
      ['读书报告.pdf', '作业照片.png'],
    );
    const mine = await app.post<BoardHandInListResult>('/api/v1/board/handIn/list', {
      ...guest,
      clientId: 'guest-browser-01',
    });
    assert.deepEqual(
      mine.body.data.list.map((item) => item.name),
      ['作业照片.png'],
    );
    const someoneElse = await app.post<BoardHandInListResult>('/api/v1/board/handIn/list', {
      ...guest,
      clientId: 'guest-browser-02',
    });
    assert.deepEqual(someoneElse.body.data.list, []);

    const file = (credential: Record<string, string>, id: number) =>
      app.server.inject({ method: 'GET', url: `/api/v1/board/handIn/file/${id}?${new URLSearchParams(credential)}` });
    const shown = await file(presenter, photo.body.data.id);
    assert.equal(shown.headers['content-type'], 'image/png');
    assert.match(String(shown.headers['content-disposition']), /^inline/);
    const own = await file({ ...guest, clientId: 'guest-browser-01' }, photo.body.data.id);
    assert.equal(own.statusCode, 200);
    const others = await file({ ...guest, clientId: 'guest-browser-02' }, photo.body.data.id);
    assert.equal(others.json().errorCode, 1030003);
  });

  it('refuses hand-ins by content, and from the presenter', async () => {
    const form = (credential: Record<string, string>, bytes: Buffer, name: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(credential)) data.append(key, value);
      data.append('clientId', 'guest-browser-03');
      data.append('file', new Blob([new Uint8Array(bytes)]), name);
      return app.upload('/api/v1/board/handIn/upload', data);
    };
    const script = await form(guest, Buffer.from('<script>alert(1)</script>'), 'photo.png');
    assert.equal(script.body.errorCode, 1070002);
    const polyglot = await form(
      guest,
      Buffer.concat([Buffer.from('<html><script>x()</script>\n'), minimalPdf()]),
      'a.pdf',
    );
    assert.equal(polyglot.body.errorCode, 1070002);
    const fromPresenter = await form(presenter, png(), 'a.png');
    assert.equal(fromPresenter.body.errorCode, 1030003);
    const badLink = await form({ ...guest, linkSig: 'A'.repeat(43) }, png(), 'a.png');
    assert.equal(badLink.body.errorCode, 1030004);
  });
});
