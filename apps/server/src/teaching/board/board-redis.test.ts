import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type {
  BoardAttendanceMessage,
  BoardPageChangeMessage,
  BoardServerMessage,
  BoardStateMessage,
} from '@zikao/contract/board';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourseWithDeck,
  TEST_LINK_SECRET,
} from '../course/course.test-kit.ts';
import { BoardClient, listen, socketUrl } from './board.test-kit.ts';

/** The Redis of the dev and CI machines (.ci/run starts it there). */
const REDIS_URL = 'redis://127.0.0.1:6379';

const isState = (message: BoardServerMessage): message is BoardStateMessage => message.type === 'state';
const isPage = (message: BoardServerMessage): message is BoardPageChangeMessage => message.type === 'page';

describe('the board across two instances through a real Redis', () => {
  // A prefix of its own, so that tests running at the same time on one Redis never hear each other.
  const prefix = `test-board-${process.pid}-${randomUUID().slice(0, 8)}:`;
  let a: TestApp;
  let b: TestApp;
  let world: CourseWorld;
  let presenterOnA: string;
  let viewerOnB: string;

  before(async () => {
    const env = { LINK_SECRET: TEST_LINK_SECRET, REDIS_URL, REDIS_PREFIX: prefix };
    a = await createTestApp(env);
    b = await createTestApp(env, { sameDatabaseAs: a });
    world = await buildCourseWorld(a);
    const course = await createCourseWithDeck(a, world);
    const [baseA, baseB] = [await listen(a), await listen(b)];
    presenterOnA = socketUrl(baseA, (await boardLink(a, world.lecturer.token, course.id, 'presenter')).url);
    viewerOnB = socketUrl(baseB, (await boardLink(a, world.lecturer.token, course.id, 'viewer')).url);
  });
  after(async () => {
    await b.close();
    await a.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('moves a viewer on one instance with a presenter on the other', async () => {
    const presenter = await BoardClient.join(presenterOnA, 'redis-presenter-1');
    const viewer = await BoardClient.join(viewerOnB, 'redis-viewer-1', '跨实例的学员');
    for (const page of [2, 3, 7]) {
      const from = viewer.messages.length;
      presenter.send({ type: 'page', page, zoom: 1.25 });
      const moved = await viewer.waitFor(isPage, from);
      assert.equal(moved.page, page);
      assert.equal(moved.zoom, 1.25);
    }
    const from = viewer.messages.length;
    presenter.send({ type: 'sync', on: false });
    const off = await viewer.waitFor(isState, from);
    assert.equal(off.state.sync, false);
    presenter.send({ type: 'sync', on: true });
    await viewer.waitFor((message) => isState(message) && message.state.sync, from);
    presenter.close();
    viewer.close();
  });

  it('lands a late joiner on instance B on the page set on instance A (state kept in Redis)', async () => {
    const presenter = await BoardClient.join(presenterOnA, 'redis-presenter-2');
    presenter.send({ type: 'page', page: 9, zoom: 2, rotation: 180 });
    // The presenter's own page message comes back through Redis once the state is written.
    await presenter.waitFor((message) => isPage(message) && message.page === 9);
    const late = await BoardClient.join(viewerOnB, 'redis-viewer-late');
    const snapshot = late.messages.find(isState);
    assert.deepEqual([snapshot?.state.page, snapshot?.state.zoom, snapshot?.state.rotation], [9, 2, 180]);
    presenter.close();
    late.close();
  });

  it('tells the presenter on A who joined on B', async () => {
    const presenter = await BoardClient.join(presenterOnA, 'redis-presenter-3');
    const from = presenter.messages.length;
    const viewer = await BoardClient.join(viewerOnB, 'redis-viewer-3', '在实例B的学员');
    const joined = await presenter.waitFor(
      (message): message is BoardAttendanceMessage =>
        message.type === 'attendance' && message.entry.name === '在实例B的学员',
      from,
    );
    assert.equal(joined.entry.online, true);
    presenter.close();
    viewer.close();
  });
});

describe('without REDIS_URL the board stays in its process', () => {
  it('keeps each instance’s page to itself', async () => {
    const a = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    const b = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET }, { sameDatabaseAs: a });
    try {
      const world = await buildCourseWorld(a);
      const course = await createCourseWithDeck(a, world);
      const presenter = await BoardClient.join(
        socketUrl(await listen(a), (await boardLink(a, world.lecturer.token, course.id, 'presenter')).url),
        'local-presenter',
      );
      presenter.send({ type: 'page', page: 4, zoom: 1 });
      await presenter.waitFor((message) => isPage(message) && message.page === 4);
      const viewer = await BoardClient.join(
        socketUrl(await listen(b), (await boardLink(a, world.lecturer.token, course.id, 'viewer')).url),
        'local-viewer',
      );
      assert.equal(viewer.messages.find(isState)?.state.page, 1);
      presenter.close();
      viewer.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
