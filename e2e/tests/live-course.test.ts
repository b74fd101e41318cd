import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { CourseListResult } from '@zikao/contract/course';
import type { Page } from 'playwright-core';
import { multiPagePdf } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { wallClock } from '../support/clock.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const TITLE = '毕业论文写作方法（第一讲）';
const PLAYBACK = 'https://live.example.cn/replay/1001';
const PAGES = [
  'Lecture one: choosing a topic',
  'Reading the literature',
  'Writing the outline',
  'Citations',
  'Defence',
];
const MINUTE = 60_000;

/** A valid PNG of random pixels: it does not compress, so its upload takes a while on a slow line. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width * 3 + 1) === 0 ? 0 : Math.floor(Math.random() * 256);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function assertNoSeriousViolations(page: Page, what: string): Promise<void> {
  // The screen at rest: not a button under the pointer in its hover colours.
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, `${what}\n${describeViolations(violations)}`);
}

/** The page a board shows, as its toolbar says: `3 / 5` → 3. */
async function shownPage(board: Page): Promise<number> {
  const text = (await board.getByTestId('board-page').textContent()) ?? '';
  return Number(text.split('/')[0]?.trim());
}

async function waitForShownPage(board: Page, page: number, what: string): Promise<void> {
  await expect(async () => (await shownPage(board)) === page, `${what}: page ${page}`, 15_000);
}

interface BoardFrame {
  type?: string;
  page?: number;
  state?: { page?: number; sync?: boolean };
}

function parseFrame(payload: string | Buffer): BoardFrame {
  try {
    return JSON.parse(String(payload)) as BoardFrame;
  } catch {
    return {};
  }
}

async function connection(board: Page): Promise<string | null> {
  return board.getByTestId('board-connection').getAttribute('data-state');
}

/** The switch's state, turned to `on` if it is not. */
async function setSwitch(board: Page, name: string, on: boolean): Promise<void> {
  const control = board.getByRole('switch', { name });
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(async () => (await control.getAttribute('aria-checked')) === String(on), `${name} ${on ? 'on' : 'off'}`);
}

async function login(browser: TestBrowser, server: TestServer, phone: string, student = false): Promise<void> {
  const { page } = browser;
  await page.goto(`${server.url}${student ? '/student/login' : '/login'}`);
  await loginByPassword(page, phone);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 120_000 });
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('live courses: the console schedules a course, the teacher runs it on the board, a candidate follows', () => {
  let server: TestServer;
  let admin: TestBrowser;
  let teacher: TestBrowser;
  let student: TestBrowser;
  let presenter: Page;
  let viewer: Page;
  let adminToken: string;
  const viewerFrames: BoardFrame[] = [];

  before(async () => {
    server = await startServer({ ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) });
    adminToken = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    admin = await openBrowser({ viewport: DESKTOP });
    admin.page.setDefaultTimeout(60_000);
    teacher = await openBrowser({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    teacher.page.setDefaultTimeout(60_000);
    student = await openBrowser({ viewport: DESKTOP });
    student.page.setDefaultTimeout(60_000);
    // What the candidate's board sockets hear, in order, to check what was (not) sent by the
    // server instead of waiting a while and looking.
    student.context.on('page', (opened) =>
      opened.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => viewerFrames.push(parseFrame(payload))),
      ),
    );
  });
  after(async () => {
    await admin?.close();
    await teacher?.close();
    await student?.close();
    await server?.stop();
  });

  it('the admin creates a course in 课程管理; the form refuses a bad schedule and a bad address', async () => {
    await login(admin, server, PHONES.admin);
    const { page } = admin;
    await page.goto(`${server.url}/console/course`);
    await waitForTitle(page, '课程管理');
    await page.getByRole('button', { name: '新建课程' }).click();
    const drawer = page.getByRole('dialog', { name: '新建课程' });
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('请填写课程名称').waitFor();
    await drawer.getByText('请选择主讲教师').waitFor();
    await drawer.getByText('请选择上课时间').waitFor();
    await drawer.getByText('请至少选择一个批次或专业').waitFor();

    await drawer.getByLabel('课程名称').fill(TITLE);
    await drawer.getByLabel('主讲教师').click();
    await page.locator('.ant-select-item-option', { hasText: '王老师' }).click();
    // Ends before it starts: refused, in the contract's words.
    const start = new Date(Date.now() + 2 * 60 * MINUTE);
    // As the picker reads it: on the browser's clock.
    const stamp = (date: Date) => wallClock(date.getTime()).slice(0, 16);
    const fillSchedule = async (from: Date, to: Date) => {
      const inputs = drawer.locator('.ant-picker-range input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(stamp(from));
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(stamp(to));
      await inputs.nth(1).press('Enter');
      // Leave the picker: its panel stays open while the range's box has the focus.
      await drawer.locator('.ant-drawer-title').click();
      await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    };
    await fillSchedule(start, new Date(start.getTime() - 30 * MINUTE));
    await drawer.getByLabel('面向专业').fill('汉语言文学');
    await drawer.getByLabel('面向专业').press('Enter');
    await drawer.getByLabel('直播地址').fill('ftp://live.example.cn/room');
    await drawer.getByLabel('回放地址').fill(PLAYBACK);
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('须为以 http:// 或 https:// 开头的网址').waitFor();
    await drawer.getByText('结束时间须晚于开始时间').waitFor();

    await drawer.getByLabel('直播地址').fill('https://live.example.cn/room/1001');
    await fillSchedule(start, new Date(start.getTime() + 90 * MINUTE));
    await page.screenshot({ path: path.join(screenshots, 'course-console-form.png') });
    await assertNoSeriousViolations(page, 'the console’s course form');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText(`课程“${TITLE}”已创建`).waitFor();
    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE });
    await row.getByTestId('course-status').filter({ hasText: '未开始' }).waitFor();
    await row.getByText('王老师').waitFor();
    await page.screenshot({ path: path.join(screenshots, 'course-console.png') });
    await assertNoSeriousViolations(page, 'the console’s course list');
  });

  it('the teacher sees the course in 直播课程, uploads courseware with progress and conversion, and starts it', async () => {
    await login(teacher, server, PHONES.teacher);
    const { page } = teacher;
    await page.goto(`${server.url}/classroom/list`);
    await waitForTitle(page, '直播课程');
    const card = page.getByTestId('course-card').filter({ hasText: TITLE });
    await card.getByTestId('course-status').filter({ hasText: '未开始' }).waitFor();
    // The demo's courses are there too: the tabs' counts move by one.
    const count = async (label: string) =>
      Number(
        ((await page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) }).textContent()) ?? '').match(/\d+/)?.[0],
      );
    const upcoming = await count('未开始');
    const live = await count('直播中');
    assert.ok(upcoming >= 1, 'the new course counts as 未开始');

    await card.getByRole('button', { name: `课件：${TITLE}` }).click();
    const drawer = page.getByRole('dialog', { name: `课件 · ${TITLE}` });
    await drawer.getByText('还没有课件').waitFor();
    await drawer.locator('input[type=file]').setInputFiles({
      name: '第一讲讲义.pdf',
      mimeType: 'application/pdf',
      buffer: multiPagePdf(PAGES),
    });
    const item = drawer.getByTestId('courseware-item').filter({ hasText: '第一讲讲义.pdf' });
    await item.getByTestId('courseware-status').filter({ hasText: '可用' }).waitFor({ timeout: 90_000 });
    await item.getByText(`${PAGES.length} 页`).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'course-courseware.png') });
    await assertNoSeriousViolations(page, 'the courseware drawer');
    await drawer
      .getByRole('button', { name: 'Close' })
      .or(drawer.getByRole('button', { name: '关闭' }))
      .first()
      .click();

    await card.getByRole('button', { name: `开始：${TITLE}` }).click();
    await page.locator('.ant-popover').getByRole('button', { name: '开始' }).click();
    await page.getByText('课程已开始').waitFor();
    await card.getByTestId('course-status').filter({ hasText: '直播中' }).waitFor();
    await expect(async () => (await count('直播中')) === live + 1, '直播中 counts one more');
    assert.equal(await count('未开始'), upcoming - 1);
    await card.getByText(`课件 1 个（${PAGES.length} 页）`).waitFor();

    await card.getByRole('button', { name: `复制学员链接：${TITLE}` }).click();
    await page.getByText(/学员链接已复制/).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, new RegExp(`^${server.url}/board\\?cid=\\d+&role=viewer&exp=\\d+&sig=[\\w-]+$`));
    await page.screenshot({ path: path.join(screenshots, 'classroom-list.png') });
    await assertNoSeriousViolations(page, 'the classroom list');
  });

  it('打开板书 opens the presenter’s board; the candidate enters from 课程 and lands on the current page', async () => {
    const [opened] = await Promise.all([
      teacher.context.waitForEvent('page'),
      teacher.page.getByRole('button', { name: `打开板书：${TITLE}` }).click(),
    ]);
    presenter = opened;
    presenter.setDefaultTimeout(60_000);
    await presenter.waitForURL((url) => url.pathname === '/board', { timeout: 60_000 });
    assert.match(presenter.url(), /role=presenter/);
    await presenter.getByTestId('board-title').filter({ hasText: TITLE }).waitFor();
    await expect(async () => (await connection(presenter)) === 'open', 'the presenter is connected');
    await waitForShownPage(presenter, 1, 'the presenter starts');
    await setSwitch(presenter, '同步', true);
    // Keys turn pages: → twice.
    await presenter.getByTestId('board-stage').click();
    await presenter.keyboard.press('ArrowRight');
    await presenter.keyboard.press('ArrowRight');
    await waitForShownPage(presenter, 3, 'the presenter turned with →');

    await login(student, server, PHONES.student, true);
    await student.page.goto(`${server.url}/student/course`);
    await waitForTitle(student.page, '课程');
    const course = student.page.getByTestId('student-course').filter({ hasText: TITLE });
    await course.getByTestId('student-course-status').filter({ hasText: '直播中' }).waitFor();
    await student.page.screenshot({ path: path.join(screenshots, 'student-course-live.png') });
    await assertNoSeriousViolations(student.page, 'the candidate’s 课程 page');
    const [entered] = await Promise.all([
      student.context.waitForEvent('page'),
      course.getByRole('link', { name: `进入课堂：${TITLE}` }).click(),
    ]);
    viewer = entered;
    viewer.setDefaultTimeout(60_000);
    await viewer.waitForURL((url) => url.pathname === '/board', { timeout: 60_000 });
    assert.match(viewer.url(), /role=viewer/);
    await expect(async () => (await connection(viewer)) === 'open', 'the viewer is connected');
    // A late joiner lands where the class is.
    await waitForShownPage(viewer, 3, 'the viewer joins late');
    assert.equal(await viewer.getByRole('switch', { name: '跟随老师' }).getAttribute('aria-checked'), 'true');
    // A viewer has no 同步 of the class to switch.
    assert.equal(await viewer.getByRole('switch', { name: '同步' }).count(), 0);

    // The presenter's 出勤 lists the candidate, live.
    await presenter.getByRole('tab', { name: /出勤/ }).click();
    await presenter.getByTestId('attendance-table').getByText('李同学').waitFor();
    await presenter
      .getByTestId('attendance-summary')
      .getByText(/在线 1 人/)
      .waitFor();
    await presenter.screenshot({ path: path.join(screenshots, 'board-attendance.png') });
    await presenter.getByRole('tab', { name: '课件' }).click();
  });

  it('the viewer follows page and zoom changes while 同步 is on, and not while it is off', async () => {
    await presenter.getByRole('button', { name: '第 4 页' }).click();
    await waitForShownPage(presenter, 4, 'the presenter picked a thumbnail');
    await waitForShownPage(viewer, 4, 'the viewer follows the thumbnail');
    await presenter.getByRole('button', { name: '放大' }).click();
    await expect(
      async () => (await viewer.getByTestId('board-zoom').textContent()) === '125%',
      'the viewer follows the zoom',
    );

    await setSwitch(presenter, '同步', false);
    await viewer.getByTestId('board-sync-state').filter({ hasText: '老师未开启同步' }).waitFor();
    const syncOff = viewerFrames.length;
    await presenter.getByRole('button', { name: '下一页' }).click();
    await waitForShownPage(presenter, 5, 'the presenter moved on alone');
    assert.equal(await shownPage(viewer), 4, 'the viewer stays while 同步 is off');
    await viewer.screenshot({ path: path.join(screenshots, 'board-viewer-unsynced.png') });

    await setSwitch(presenter, '同步', true);
    await waitForShownPage(viewer, 5, 'switching 同步 on brings the viewer to the presenter');
    // The hub handles the presenter's messages in order: everything it sent about the page turn
    // made while 同步 was off came before the state that turned 同步 on, and there was none.
    const sinceOff = viewerFrames.slice(syncOff);
    const syncOn = sinceOff.findIndex((frame) => frame.type === 'state' && frame.state?.sync === true);
    assert.ok(syncOn >= 0, 'the viewer heard 同步 turned on');
    assert.deepEqual(
      sinceOff.slice(0, syncOn).filter((frame) => frame.type === 'page'),
      [],
      'no page turn reached the viewer while 同步 was off',
    );
    assert.equal(sinceOff[syncOn]?.state?.page, 5, 'the state that turns 同步 on carries the page');

    // The viewer looks back on their own: following pauses, and 回到老师的页面 brings them back.
    await viewer.getByRole('button', { name: '第 2 页' }).click();
    await waitForShownPage(viewer, 2, 'the viewer looks back');
    await viewer.getByTestId('board-away').waitFor();
    assert.equal(await viewer.getByRole('switch', { name: '跟随老师' }).getAttribute('aria-checked'), 'false');
    await presenter.getByRole('button', { name: '上一页' }).click();
    await waitForShownPage(presenter, 4, 'the presenter went back one');
    // The viewer has heard the turn (the banner names the teacher's new page) and stays.
    await viewer.getByTestId('board-away').getByText('老师在第 4 页').waitFor();
    assert.equal(await shownPage(viewer), 2, 'a viewer not following stays');
    await viewer.getByRole('button', { name: '回到老师的页面' }).click();
    await waitForShownPage(viewer, 4, '回到老师的页面');
    assert.equal(await viewer.getByRole('switch', { name: '跟随老师' }).getAttribute('aria-checked'), 'true');
    await presenter.screenshot({ path: path.join(screenshots, 'board-presenter.png') });
    await viewer.screenshot({ path: path.join(screenshots, 'board-viewer.png') });
    await assertNoSeriousViolations(presenter, 'the presenter’s board');
    await assertNoSeriousViolations(viewer, 'the viewer’s board');
  });

  it('a viewer that goes offline reconnects when back and catches up to the current page', async () => {
    await student.context.setOffline(true);
    await expect(async () => (await connection(viewer)) === 'reconnecting', 'the viewer notices the drop');
    await viewer
      .getByTestId('board-connection')
      .getByText(/重新连接中/)
      .waitFor();
    const offline = viewerFrames.length;
    await presenter.getByRole('button', { name: '第 1 页' }).click();
    await waitForShownPage(presenter, 1, 'the presenter moved while the viewer was away');
    assert.equal(await shownPage(viewer), 4, 'offline, the viewer cannot have heard');
    await student.context.setOffline(false);
    await expect(async () => (await connection(viewer)) === 'open', 'the viewer is back', 30_000);
    await waitForShownPage(viewer, 1, 'the viewer caught up');
    // It caught up from the state a new connection is given on joining, not from a page turn.
    const heard = viewerFrames.slice(offline);
    assert.ok(
      heard.some((frame) => frame.type === 'state' && frame.state?.page === 1),
      'the rejoin brought the current page',
    );
    await viewer.getByTestId('board-connection').getByText('已连接').waitFor();
  });

  it('a viewer hands in a photo with upload progress; it appears live in the presenter’s 学员上传', async () => {
    await viewer.getByRole('tab', { name: /学员上传/ }).click();
    const photo = noisePng(420, 420);
    // A slow line, so the progress is there to see.
    const cdp = await student.context.newCDPSession(viewer);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 96 * 1024,
    });
    await viewer.locator('.bd-panel input[type=file]').setInputFiles({
      name: '课堂练习.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    const progress = viewer.getByTestId('hand-in-upload').getByRole('progressbar');
    await expect(async () => {
      const now = Number(await progress.getAttribute('aria-valuenow'));
      return now > 0 && now < 100;
    }, 'the upload shows its progress part way');
    await viewer.screenshot({ path: path.join(screenshots, 'board-hand-in-progress.png') });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await viewer.getByTestId('hand-in').filter({ hasText: '课堂练习.png' }).waitFor({ timeout: 60_000 });
    assert.equal(await viewer.getByTestId('hand-in-upload').count(), 0, 'the finished upload leaves the queue');

    // The presenter, on 课件, sees the tab's count; on 学员上传, the photo with who sent it.
    await presenter.getByRole('tab', { name: /学员上传\s*1/ }).waitFor();
    await presenter.getByRole('tab', { name: /学员上传/ }).click();
    const handIn = presenter.getByTestId('hand-in').filter({ hasText: '课堂练习.png' });
    await handIn.getByText(/李同学/).waitFor();
    await handIn.getByRole('img', { name: /李同学上传的图片/ }).waitFor();
    await presenter.screenshot({ path: path.join(screenshots, 'board-hand-ins.png') });
    await assertNoSeriousViolations(presenter, 'the presenter’s 学员上传');
    await assertNoSeriousViolations(viewer, 'the viewer’s 学员上传');
    await presenter.getByRole('tab', { name: '课件' }).click();
  });

  it('on a phone the viewer’s board fits, and an invalid or expired link is a full page, never /login', async () => {
    await viewer.setViewportSize(PHONE);
    await viewer.getByRole('tab', { name: '课件' }).click();
    await waitForShownPage(viewer, 1, 'the phone shows the current page');
    await viewer.screenshot({ path: path.join(screenshots, 'board-viewer-phone.png') });
    await assertNoSeriousViolations(viewer, 'the viewer’s board on a phone');

    const tampered = new URL(viewer.url());
    tampered.searchParams.set('sig', 'A'.repeat(43));
    const stranger = await openBrowser({ viewport: PHONE });
    try {
      const { page } = stranger;
      await page.goto(tampered.toString());
      await page.getByTestId('board-refusal').waitFor();
      assert.equal(new URL(page.url()).pathname, '/board', 'no redirect to /login');
      await page
        .getByTestId('board-refusal')
        .getByText(/课堂链接|链接/)
        .first()
        .waitFor();
      await page.screenshot({ path: path.join(screenshots, 'board-refused.png') });
      await assertNoSeriousViolations(page, 'the refused board link');

      const expired = new URL(viewer.url());
      expired.searchParams.set('exp', String(Date.now() - MINUTE));
      await page.goto(expired.toString());
      await page.getByTestId('board-refusal').waitFor();
      assert.equal(new URL(page.url()).pathname, '/board');

      await page.goto(`${server.url}/board?cid=1&role=viewer`);
      await page.getByTestId('board-refusal').getByText('课堂链接不完整').waitFor();
    } finally {
      await stranger.close();
    }
  });

  it('the teacher ends the course; the list offers the playback and the candidate’s 课程 page says 已结束', async () => {
    const { page } = teacher;
    await page.bringToFront();
    const card = page.getByTestId('course-card').filter({ hasText: TITLE });
    await card.getByRole('button', { name: `结束：${TITLE}` }).click();
    await page.locator('.ant-popover').getByRole('button', { name: '结束' }).click();
    await page.getByText('课程已结束').waitFor();
    await card.getByTestId('course-status').filter({ hasText: '已结束' }).waitFor();
    assert.equal(await card.getByTestId('course-playback').getAttribute('href'), PLAYBACK);
    // The board hears it.
    await presenter.getByTestId('course-status').filter({ hasText: '已结束' }).waitFor();

    await student.page.bringToFront();
    await student.page.reload();
    const course = student.page.getByTestId('student-course').filter({ hasText: TITLE });
    await course.getByTestId('student-course-status').filter({ hasText: '已结束' }).waitFor();
    assert.equal(await course.getByRole('link', { name: `观看回放：${TITLE}` }).getAttribute('href'), PLAYBACK);
    assert.equal(await course.getByRole('link', { name: `进入课堂：${TITLE}` }).count(), 0);
    await student.page.setViewportSize(PHONE);
    await student.page.screenshot({ path: path.join(screenshots, 'student-course-ended-phone.png') });
    await assertNoSeriousViolations(student.page, 'the candidate’s 课程 page after the end');

    const listed = await callApi<CourseListResult>(server, '/v1/course/list', { page: 1, pageSize: 20 }, adminToken);
    assert.equal(listed.errorCode, 0, listed.errorMsg);
    const row = listed.data.list.find((item) => item.title === TITLE);
    assert.equal(row?.status, 'ended');
    assert.ok((row?.attendanceCount ?? 0) >= 1, 'the candidate’s attendance is recorded');
    assert.equal(row?.handInCount, 1);
  });
});
