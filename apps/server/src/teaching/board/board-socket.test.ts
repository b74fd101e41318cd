import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BOARD_CLOSE,
  BOARD_MAX_FRAME_BYTES,
  type BoardAttendanceMessage,
  type BoardPageChangeMessage,
  type BoardRefusalMessage,
  type BoardServerMessage,
  type BoardStateMessage,
} from '@zikao/contract/board';
import type { CourseDto } from '@zikao/contract/course';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourseWithDeck,
  TEST_LINK_SECRET,
} from '../course/course.test-kit.ts';
import { BoardClient, listen, socketUrl } from './board.test-kit.ts';

const isState = (message: BoardServerMessage): message is BoardStateMessage => message.type === 'state';
const isPage = (message: BoardServerMessage): message is BoardPageChangeMessage => message.type === 'page';
const isRefusal = (message: BoardServerMessage): message is BoardRefusalMessage => message.type === 'refusal';
const isAttendance = (message: BoardServerMessage): message is BoardAttendanceMessage => message.type === 'attendance';

describe('the board socket: following the presenter, and refusing what it must', () => {
  let app: TestApp;
  let world: CourseWorld;
  let base: string;
  let course: CourseDto;
  let presenterUrl: string;
  let viewerUrl: string;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    world = await buildCourseWorld(app);
    base = await listen(app);
    course = await createCourseWithDeck(app, world);
    presenterUrl = socketUrl(base, (await boardLink(app, world.lecturer.token, course.id, 'presenter')).url);
    viewerUrl = socketUrl(base, (await boardLink(app, world.lecturer.token, course.id, 'viewer')).url);
  });
  after(() => app.close());

  it('moves viewers with the presenter while 同步 is on, and a late joiner lands on the current page', async () => {
    const presenter = await BoardClient.join(presenterUrl, 'presenter-tab-1');
    const viewer = await BoardClient.join(viewerUrl, 'viewer-browser-1', '小明');
    const from = viewer.messages.length;
    presenter.send({ type: 'page', page: 3, zoom: 1.5, rotation: 90 });
    const moved = await viewer.waitFor(isPage, from);
    assert.deepEqual([moved.page, moved.zoom, moved.rotation], [3, 1.5, 90]);
    const late = await BoardClient.join(viewerUrl, 'viewer-browser-2', '小红');
    const snapshot = late.messages.find(isState);
    assert.deepEqual([snapshot?.state.page, snapshot?.state.zoom, snapshot?.state.rotation], [3, 1.5, 90]);
    assert.equal(snapshot?.state.sync, true);
    assert.ok((snapshot?.state.seq ?? 0) >= moved.seq);
    for (const client of [presenter, viewer, late]) client.close();
  });

  it('does not move viewers while 同步 is off; switching it on brings them to the presenter', async () => {
    const presenter = await BoardClient.join(presenterUrl, 'presenter-tab-2');
    const viewer = await BoardClient.join(viewerUrl, 'viewer-browser-3');
    let from = viewer.messages.length;
    presenter.send({ type: 'sync', on: false });
    const off = await viewer.waitFor(isState, from);
    assert.equal(off.state.sync, false);
    from = viewer.messages.length;
    presenter.send({ type: 'page', page: 5, zoom: 1 });
    presenter.send({ type: 'sync', on: true });
    // Messages reach a socket in the order they were published: no page move came before 同步 on.
    const on = await viewer.waitFor(isState, from);
    assert.equal(on.state.sync, true);
    assert.equal(on.state.page, 5);
    assert.deepEqual(viewer.messages.slice(from).filter(isPage), []);
    presenter.close();
    viewer.close();
  });

  it('refuses a viewer moving the class, and the connection stays up', async () => {
    const viewer = await BoardClient.join(viewerUrl, 'viewer-browser-4');
    for (const message of [
      { type: 'page', page: 2, zoom: 1 },
      { type: 'sync', on: false },
    ]) {
      const from = viewer.messages.length;
      viewer.send(message);
      const refusal = await viewer.waitFor(isRefusal, from);
      assert.equal(refusal.code, 1030003);
      assert.match(refusal.msg, /只有主讲人/);
    }
    await viewer.roundTrip();
    assert.ok(viewer.open);
    viewer.close();
  });

  it('refuses bad JSON, unknown or malformed messages, binary and oversized frames, keeping the connection', async () => {
    const client = await BoardClient.join(presenterUrl, 'presenter-tab-3');
    const cases: Array<[string | Uint8Array<ArrayBuffer>, number, RegExp]> = [
      ['{"type": "page", page: 2', 1000001, /不是有效的 JSON/],
      ['{"type":"draw"}', 1000001, /消息格式不正确/],
      ['{"type":"page","page":0,"zoom":1}', 1000001, /page 页码从 1 开始/],
      ['{"type":"page","page":2,"zoom":1,"rotation":45}', 1000001, /旋转角度/],
      ['[1,2,3]', 1000001, /消息格式不正确/],
      [new Uint8Array([1, 2, 3]), 1070001, /只接受文本消息/],
      [JSON.stringify({ type: 'ping', pad: 'x'.repeat(BOARD_MAX_FRAME_BYTES) }), 1070001, /消息过大/],
    ];
    for (const [frame, code, message] of cases) {
      const from = client.messages.length;
      client.sendRaw(frame);
      const refusal = await client.waitFor(isRefusal, from);
      assert.equal(refusal.code, code, String(frame).slice(0, 40));
      assert.match(refusal.msg, message);
    }
    await client.roundTrip();
    client.close();
  });

  it('refuses a page past the deck, keeping the class where it was (issue 32 §4.11)', async () => {
    const presenter = await BoardClient.join(presenterUrl, 'presenter-tab-deck');
    presenter.send({ type: 'page', page: 10, zoom: 1 });
    await presenter.roundTrip();
    const from = presenter.messages.length;
    presenter.send({ type: 'page', page: 56, zoom: 1 });
    const refusal = await presenter.waitFor(isRefusal, from);
    assert.equal(refusal.code, 1000001);
    assert.equal(refusal.msg, '页码超出课件页数（共 10 页）');
    const late = await BoardClient.join(viewerUrl, 'viewer-after-deck');
    assert.equal(late.messages.find(isState)?.state.page, 10, 'the stored page is the last good one');
    assert.ok(presenter.open);
    presenter.close();
    late.close();
  });

  it('asks for a join before moves, and refuses a flood without dropping the socket', async () => {
    const client = await BoardClient.open(presenterUrl);
    client.send({ type: 'page', page: 2, zoom: 1 });
    const refusal = await client.waitFor(isRefusal);
    assert.match(refusal.msg, /请先发送 join/);
    const from = client.messages.length;
    for (let i = 0; i < 100; i++) client.send({ type: 'ping', t: i });
    const flood = await client.waitFor((message) => message.type === 'refusal' && message.code === 1050001, from);
    assert.match((flood as BoardRefusalMessage).msg, /过于频繁/);
    assert.ok(client.open);
    client.close();
  });

  it('closes a frame past the hard limit without buffering it (1009)', async () => {
    const client = await BoardClient.join(viewerUrl, 'viewer-browser-5');
    client.sendRaw('x'.repeat(100 * 1024));
    const closed = await client.closed;
    assert.equal(closed.code, 1009);
  });

  it('refuses a tampered, expired or unknown link with 1030004 and closes with 4403', async () => {
    const tampered = viewerUrl.replace('role=viewer', 'role=presenter');
    const expired = (() => {
      const url = new URL(viewerUrl);
      url.searchParams.set('exp', String(Date.now() - 1000));
      return url.toString();
    })();
    const garbage = `${base}/api/v1/board/ws?cid=abc`;
    for (const url of [tampered, expired, garbage]) {
      const client = await BoardClient.open(url);
      const refusal = await client.waitFor(isRefusal);
      assert.equal(refusal.code, 1030004, url);
      const closed = await client.closed;
      assert.equal(closed.code, BOARD_CLOSE.badLink);
    }
  });

  it('shows the presenter who joins and leaves, live', async () => {
    const presenter = await BoardClient.join(presenterUrl, 'presenter-tab-4');
    let from = presenter.messages.length;
    const viewer = await BoardClient.join(viewerUrl, 'guest-attendance-1', '旁听的张老师');
    const joined = await presenter.waitFor(
      (message): message is BoardAttendanceMessage => isAttendance(message) && message.entry.name === '旁听的张老师',
      from,
    );
    assert.equal(joined.entry.online, true);
    assert.equal(joined.entry.kind, 'guest');
    assert.ok(joined.online >= 1);
    // Viewers do not hear of each other.
    assert.ok(!viewer.messages.some(isAttendance));
    from = presenter.messages.length;
    viewer.close();
    const left = await presenter.waitFor(
      (message): message is BoardAttendanceMessage => isAttendance(message) && message.entry.name === '旁听的张老师',
      from,
    );
    assert.equal(left.entry.online, false);
    presenter.close();
  });

  it('tells open boards when the lecturer starts the class', async () => {
    const viewer = await BoardClient.join(viewerUrl, 'viewer-browser-6');
    const from = viewer.messages.length;
    const started = await app.post('/api/v1/course/start', { id: course.id }, { token: world.lecturer.token });
    assert.equal(started.body.errorCode, 0);
    const status = await viewer.waitFor((message) => message.type === 'status', from);
    assert.deepEqual(status, { type: 'status', status: 'live', cancelled: false });
    viewer.close();
  });
});
