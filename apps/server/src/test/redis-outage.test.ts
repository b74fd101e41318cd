import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BOARD_CLOSE, type BoardRefusalMessage, type BoardServerMessage } from '@zikao/contract/board';
import type { BoardContext } from '@zikao/contract/course';
import { Redis } from 'ioredis';
import { BoardClient, listen, socketUrl } from '../teaching/board/board.test-kit.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourseWithDeck,
  credentialOf,
  TEST_LINK_SECRET,
} from '../teaching/course/course.test-kit.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The Redis of the dev and CI machines (.ci/run starts it there). */
const REDIS = { host: '127.0.0.1', port: 6379 };
const UNAVAILABLE = '实时课堂服务暂不可用，请稍后重试';
/** A fail-safe for waits on an event, not a measurement. */
const WAIT_MS = 15_000;

/** Tries `attempt` until it succeeds (20 s at most), for what comes back a moment after Redis does. */
async function until<T>(attempt: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** `promise`, or a failure once `ms` have passed (to try again, not to measure anything). */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const isRefusal = (message: BoardServerMessage): message is BoardRefusalMessage => message.type === 'refusal';

/**
 * Issue 32 §4.6: one instance's path to Redis is cut (a TCP proxy between it and the real Redis
 * drops its connections and refuses new ones; Redis itself is untouched), then given back.
 */
describe('an instance that loses its path to Redis mid-run', () => {
  const prefix = `test-outage-${process.pid}-${randomUUID().slice(0, 8)}:`;
  let proxy: TcpProxy;
  let app: TestApp;
  let world: CourseWorld;
  let viewerLink: Record<string, string>;
  let viewerSocket: string;
  let presenterSocket: string;

  before(async () => {
    proxy = await startTcpProxy(REDIS);
    app = await createTestApp({
      LINK_SECRET: TEST_LINK_SECRET,
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: prefix,
    });
    world = await buildCourseWorld(app);
    const course = await createCourseWithDeck(app, world, 4);
    const base = await listen(app);
    const viewerPage = (await boardLink(app, world.lecturer.token, course.id, 'viewer')).url;
    viewerLink = credentialOf(viewerPage);
    viewerSocket = socketUrl(base, viewerPage);
    presenterSocket = socketUrl(base, (await boardLink(app, world.lecturer.token, course.id, 'presenter')).url);
  });
  after(async () => {
    await app?.close();
    await proxy?.close();
    const redis = new Redis(`redis://${REDIS.host}:${REDIS.port}`);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const context = (clientId: string) => app.post<BoardContext>('/api/v1/board/context', { ...viewerLink, clientId });
  const unsigned = (url: string) => app.server.inject({ method: 'GET', url });

  it('refuses the board in Chinese with 1090002 while Redis is away, keeps sign-in, and recovers', async () => {
    const before = await context('outage-guest-1');
    assert.equal(before.body.errorCode, 0, before.body.errorMsg);
    const joinedBefore = await BoardClient.join(viewerSocket, 'outage-viewer-1', '断线前的学员');

    await proxy.cut();

    // A socket that had joined no longer hears the class: it is told and closed, to reconnect later.
    const lost = await within(WAIT_MS, joinedBefore.closed);
    assert.equal(lost.code, BOARD_CLOSE.unavailable);
    assert.deepEqual(joinedBefore.messages.filter(isRefusal).at(-1), {
      type: 'refusal',
      code: 1090002,
      msg: UNAVAILABLE,
    });

    // The page's first call: a refusal with the contract's code and a Chinese message, not a 500.
    const refused = await context('outage-guest-2');
    assert.equal(refused.status, 200);
    assert.deepEqual([refused.body.errorCode, refused.body.errorMsg], [1090002, UNAVAILABLE]);

    // A new socket's join gets a refusal and a close with the documented code.
    const joining = await BoardClient.open(viewerSocket);
    joining.send({ type: 'join', clientId: 'outage-viewer-2', name: '断线时的学员' });
    const closed = await within(WAIT_MS, joining.closed);
    assert.equal(closed.code, BOARD_CLOSE.unavailable);
    assert.deepEqual(joining.messages, [{ type: 'refusal', code: 1090002, msg: UNAVAILABLE }]);

    // Liveness holds, readiness names Redis, and signing in still works (the limit is skipped).
    assert.equal((await unsigned('/api/v1/health')).statusCode, 200);
    const ready = await unsigned('/api/v1/ready');
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().data.checks.redis.status, 'down');
    assert.ok(await app.login(world.lecturer.account, world.lecturer.password));

    await proxy.restore();

    await until(async () => {
      assert.equal((await unsigned('/api/v1/ready')).statusCode, 200);
      const back = await context('outage-guest-3');
      assert.equal(back.body.errorCode, 0, back.body.errorMsg);
    });
    // The class moves again: a presenter's page reaches a viewer through Redis.
    const viewer = await until(() => BoardClient.join(viewerSocket, 'outage-viewer-3', '恢复后的学员'));
    const presenter = await BoardClient.join(presenterSocket, 'outage-presenter');
    const from = viewer.messages.length;
    // Resent until heard: the first may go out before the instance has subscribed again.
    let page = 1;
    await until(async () => {
      page = page === 4 ? 2 : page + 1;
      const sent = presenter.messages.length;
      presenter.send({ type: 'page', page, zoom: 1 });
      await within(
        1000,
        presenter.waitFor((message) => message.type === 'page' && message.page === page, sent),
      );
    });
    const moved = await viewer.waitFor((message) => message.type === 'page' && message.page === page, from);
    assert.equal(moved.type, 'page');
    presenter.close();
    viewer.close();
    // The outage is logged as warnings by each Redis client, never as failed requests or messages.
    assert.deepEqual(
      app.logs.filter((line) => Number(line.level) >= 50).map((line) => line.msg),
      [],
    );
    assert.equal(app.logs.filter((line) => line.msg === 'board leave not recorded').length, 0);
  });
});
