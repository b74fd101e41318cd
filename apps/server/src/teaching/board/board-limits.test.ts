import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BOARD_CLOSE,
  BOARD_REFUSAL_CODES,
  type BoardRefusalMessage,
  type BoardServerMessage,
} from '@zikao/contract/board';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { boardLink, buildCourseWorld, createCourseWithDeck, TEST_LINK_SECRET } from '../course/course.test-kit.ts';
import { BoardClient, listen, socketUrl } from './board.test-kit.ts';

/**
 * Issue 32 §4.12: a board socket must join by the join deadline, and one client address or one
 * board link holds only so many sockets. Every socket of these tests comes from 127.0.0.1.
 */
/** A fail-safe for waiting on a close that never comes (without the limits), not a measurement. */
const FAIL_SAFE = { timeout: 30_000 };

const isRefusal = (message: BoardServerMessage): message is BoardRefusalMessage => message.type === 'refusal';

/** A test app with these board limits, its socket server, and a course's presenter and guest socket URLs. */
async function boardApp(env: Record<string, string>) {
  const app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET, ...env });
  const world = await buildCourseWorld(app);
  const base = await listen(app);
  const course = await createCourseWithDeck(app, world, 2);
  const url = async (role: 'presenter' | 'viewer') =>
    socketUrl(base, (await boardLink(app, world.lecturer.token, course.id, role)).url);
  return { app, presenterUrl: await url('presenter'), viewerUrl: await url('viewer') };
}

/** The socket was refused for a limit: a refusal with 1050001 naming it, then the close 4429. */
async function refusedForLimit(client: BoardClient, says: RegExp): Promise<void> {
  const closed = await client.closed;
  assert.equal(closed.code, BOARD_CLOSE.tooMany);
  const refusal = client.messages.find(isRefusal);
  assert.equal(refusal?.code, BOARD_REFUSAL_CODES.tooMany);
  assert.match(refusal?.msg ?? '', says);
}

describe('the board socket: the join deadline', () => {
  let app: TestApp;
  let presenterUrl: string;
  let viewerUrl: string;
  before(async () => {
    ({ app, presenterUrl, viewerUrl } = await boardApp({ BOARD_JOIN_TIMEOUT_S: '1' }));
  });
  after(() => app.close());

  it(
    'closes a socket that has not joined by the deadline with 4408, and keeps one that joined',
    FAIL_SAFE,
    async () => {
      // Opened first, so its deadline passes before the idle socket's.
      const joined = await BoardClient.join(viewerUrl, 'guest-browser-joined', '准时');
      const idle = await BoardClient.open(presenterUrl);
      const closed = await idle.closed;
      assert.deepEqual(closed, { code: BOARD_CLOSE.joinTimeout, reason: 'join timeout' });
      const refusal = idle.messages.find(isRefusal);
      assert.equal(refusal?.code, BOARD_REFUSAL_CODES.invalid);
      assert.match(refusal?.msg ?? '', /1 秒内未加入课堂/);
      await joined.roundTrip();
      assert.ok(joined.open, 'a socket that joined in time stays');
      joined.close();
    },
  );
});

describe('the board socket: sockets per board link', () => {
  let app: TestApp;
  let presenterUrl: string;
  let viewerUrl: string;
  before(async () => {
    ({ app, presenterUrl, viewerUrl } = await boardApp({
      BOARD_SOCKETS_PER_LINK: '3',
      BOARD_SOCKETS_PER_ADDRESS: '10',
    }));
  });
  after(() => app.close());

  it('refuses a link’s socket past its limit with 1050001 and 4429; another link still opens', FAIL_SAFE, async () => {
    const viewers = await Promise.all(
      Array.from({ length: 3 }, (_, i) => BoardClient.join(viewerUrl, `guest-browser-${i}`, `学员${i}`)),
    );
    const extra = await BoardClient.open(viewerUrl);
    await refusedForLimit(extra, /该课堂链接打开的连接已达上限（3 个）/);
    const presenter = await BoardClient.join(presenterUrl, 'presenter-tab-1');
    for (const viewer of viewers) await viewer.roundTrip();
    for (const client of [...viewers, presenter]) client.close();
  });
});

describe('the board socket: sockets per client address', () => {
  let app: TestApp;
  let presenterUrl: string;
  let viewerUrl: string;
  before(async () => {
    ({ app, presenterUrl, viewerUrl } = await boardApp({ BOARD_SOCKETS_PER_ADDRESS: '3' }));
  });
  after(() => app.close());

  it(
    'refuses an address’s socket past its limit, whatever the link, and opens again once one has closed',
    FAIL_SAFE,
    async () => {
      const open = [
        await BoardClient.join(presenterUrl, 'presenter-tab-1'),
        await BoardClient.join(viewerUrl, 'guest-browser-1'),
        await BoardClient.join(viewerUrl, 'guest-browser-2'),
      ];
      for (const url of [viewerUrl, presenterUrl]) {
        await refusedForLimit(await BoardClient.open(url), /同一网络地址打开的课堂连接已达上限（3 个）/);
      }
      (open.pop() as BoardClient).close();
      // The server has let the closed socket go: its room holds the two others.
      await eventually(() => assert.equal(app.liveCourses.hub.size, 2));
      const again = await BoardClient.join(viewerUrl, 'guest-browser-3');
      for (const client of [...open, again]) client.close();
    },
  );
});
