import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BoardLinkResult, CourseListResult } from '@zikao/contract/course';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { png } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The board as a viewer and a presenter use it through a class (issue 32 §3): a viewer's own
 * zoom and turn survive the presenter's page turns and a reload; turning a zoomed page keeps the
 * point in the middle of the view; a hand-in is confirmed in view; a candidate signed in on the
 * guest link is one row of 出勤, which the presenter exports as 出勤表.xlsx. On the demo's live course.
 */
const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

diagnoseFailures();

async function shownPage(board: Page): Promise<number> {
  return Number(((await board.getByTestId('board-page').textContent()) ?? '').split('/')[0]?.trim());
}

async function zoomText(board: Page): Promise<string> {
  return (await board.getByTestId('board-zoom').textContent()) ?? '';
}

/** The switch's state, turned to `on` if it is not. */
async function setSwitch(board: Page, name: string, on: boolean): Promise<void> {
  const control = board.getByRole('switch', { name });
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(async () => (await control.getAttribute('aria-checked')) === String(on), `${name} ${on ? 'on' : 'off'}`);
}

type Box = { x: number; y: number; width: number; height: number };

/** The page image's box on screen (its turned outline) and the stage's. */
async function boxes(board: Page): Promise<{ image: Box; stage: Box }> {
  const image = await board.locator('.bd-stage-image').boundingBox();
  const stage = await board.getByTestId('board-stage').boundingBox();
  assert.ok(image && stage);
  return { image, stage };
}

/**
 * Where on the page (0–1 across and down the unturned page) the middle of the stage falls, read
 * from the image's turned box on screen.
 */
function middleOnPage(image: Box, stage: Box, rotation: number): { u: number; v: number } {
  const cx = stage.x + stage.width / 2;
  const cy = stage.y + stage.height / 2;
  const left = (cx - image.x) / image.width;
  const top = (cy - image.y) / image.height;
  switch (rotation) {
    case 90:
      return { u: top, v: 1 - left };
    case 180:
      return { u: 1 - left, v: 1 - top };
    case 270:
      return { u: 1 - top, v: left };
    default:
      return { u: left, v: top };
  }
}

/** Waits until the image has been drawn for the current view (two frames after the last change). */
async function settled(board: Page): Promise<void> {
  await board.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

async function inViewport(board: Page, box: Box | null, what: string): Promise<void> {
  const viewport = board.viewportSize();
  assert.ok(box && viewport, what);
  assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${what} is in view: ${JSON.stringify(box)}`);
  assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${what} fits across: ${JSON.stringify(box)}`);
}

describe('the board through a class: a viewer’s view, hand-ins and 出勤', () => {
  let server: TestServer;
  let teacher: TestBrowser;
  let candidate: TestBrowser;
  let presenter: Page;
  let viewer: Page;
  let guestLink: string;

  before(async () => {
    server = await startServer({ ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) });
    const token = await apiLogin(server, PHONES.teacher, DEMO_PASSWORD);
    const courses = await callApi<CourseListResult>(server, '/v1/course/list', { page: 1, pageSize: 20 }, token);
    const live = courses.data.list.find((course) => course.status === 'live' && course.pageCount > 1);
    assert.ok(live, 'the demo has a live course with a deck');
    const link = async (role: 'presenter' | 'viewer') => {
      const made = await callApi<BoardLinkResult>(server, '/v1/course/boardLink', { courseId: live.id, role }, token);
      assert.equal(made.errorCode, 0, made.errorMsg);
      return `${server.url}${made.data.url}`;
    };
    teacher = await openBrowser({ viewport: DESKTOP });
    presenter = teacher.page;
    presenter.setDefaultTimeout(60_000);
    await presenter.goto(await link('presenter'));
    await presenter.getByTestId('board-stage').waitFor();
    await expect(
      async () => (await presenter.getByTestId('board-connection').getAttribute('data-state')) === 'open',
      'the presenter is connected',
    );
    await setSwitch(presenter, '同步', true);
    guestLink = await link('viewer');

    candidate = await openBrowser({ viewport: DESKTOP });
    viewer = candidate.page;
    viewer.setDefaultTimeout(60_000);
    await viewer.goto(`${server.url}/student/login`);
    await loginByPassword(viewer, PHONES.student);
    await viewer.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 120_000 });
  });
  after(async () => {
    await teacher?.close();
    await candidate?.close();
    await server?.stop();
  });

  it('a candidate signed in on the guest link attends as themselves, with no name to type', async () => {
    await viewer.goto(guestLink);
    await viewer.waitForURL((url) => url.searchParams.has('uid'), { timeout: 60_000 });
    await viewer.getByTestId('board-stage').waitFor();
    assert.equal(await viewer.getByLabel('你的姓名').count(), 0, 'no guest name asked');
    await expect(
      async () => (await viewer.getByTestId('board-connection').getAttribute('data-state')) === 'open',
      'the viewer is connected',
    );
  });

  it('keeps the viewer’s zoom and turn across the presenter’s page turns and a reload', async () => {
    await presenter.getByRole('button', { name: '第 1 页' }).click();
    await expect(async () => (await shownPage(viewer)) === 1, 'the viewer follows to page 1');
    await viewer.getByRole('button', { name: '放大' }).click();
    await viewer.getByRole('button', { name: '放大' }).click();
    await viewer.getByRole('button', { name: '向右旋转' }).click();
    const zoom = await zoomText(viewer);
    assert.equal(zoom, '156%');
    for (const page of [2, 3]) {
      await presenter.getByRole('button', { name: '下一页' }).click();
      await expect(async () => (await shownPage(viewer)) === page, `the viewer follows to page ${page}`);
      assert.equal(await zoomText(viewer), zoom, `page ${page} keeps the viewer’s zoom`);
      await settled(viewer);
      const { image } = await boxes(viewer);
      assert.ok(image.height > image.width, `page ${page} stays turned (a landscape slide stands up)`);
    }
    await viewer.reload();
    await viewer.getByTestId('board-stage').waitFor();
    await expect(async () => (await shownPage(viewer)) === 3, 'back on the presenter’s page');
    assert.equal(await zoomText(viewer), zoom, 'a reload in the class keeps the zoom');
    await settled(viewer);
    assert.ok((await boxes(viewer)).image.height > (await boxes(viewer)).image.width, 'and the turn');

    // The presenter's own zoom leads the class again.
    await presenter.getByRole('button', { name: '适合页面' }).click();
    await presenter.getByRole('button', { name: '放大' }).click();
    await expect(async () => (await zoomText(viewer)) === '125%', 'the presenter’s zoom reaches the viewer');
    await viewer.screenshot({ path: path.join(screenshots, 'board-view-kept.png') });
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`turning a zoomed page keeps the point in the middle of the view (${viewport.width}×${viewport.height})`, async () => {
      await viewer.setViewportSize(viewport);
      await viewer.getByRole('button', { name: '适合页面' }).click();
      for (let i = 0; i < 3; i++) await viewer.getByRole('button', { name: '放大' }).click();
      // Drag the page off its centre: the middle of the view shows another part of it.
      await settled(viewer);
      const { stage } = await boxes(viewer);
      const cx = stage.x + stage.width / 2;
      const cy = stage.y + stage.height / 2;
      await viewer.mouse.move(cx, cy);
      await viewer.mouse.down();
      await viewer.mouse.move(cx + stage.width / 6, cy + stage.height / 8, { steps: 6 });
      await viewer.mouse.up();
      await settled(viewer);
      // Upright: the presenter's view, which the viewer took again when the presenter zoomed.
      const first = await boxes(viewer);
      assert.ok(first.image.width > first.image.height, 'the landscape slide starts upright');
      let rotation = 0;
      const start = middleOnPage(first.image, first.stage, rotation);
      assert.ok(Math.abs(start.u - 0.5) > 0.03 || Math.abs(start.v - 0.5) > 0.03, 'the view is off the page’s centre');
      for (let turn = 0; turn < 4; turn++) {
        const before = await boxes(viewer);
        await viewer.getByRole('button', { name: '向右旋转' }).click();
        await settled(viewer);
        await settled(viewer);
        const next = await boxes(viewer);
        // The turned page covers the middle of the stage: not left in a corner.
        const mx = next.stage.x + next.stage.width / 2;
        const my = next.stage.y + next.stage.height / 2;
        assert.ok(
          mx > next.image.x &&
            mx < next.image.x + next.image.width &&
            my > next.image.y &&
            my < next.image.y + next.image.height,
          `turn ${turn + 1}: the page covers the middle of the stage`,
        );
        const was = middleOnPage(before.image, before.stage, rotation);
        rotation = (rotation + 90) % 360;
        const now = middleOnPage(next.image, next.stage, rotation);
        // Within the page's edges the point stays; a page smaller than the stage on one side is centred on it.
        const fitsAcross = next.image.width <= next.stage.width + 1;
        const fitsDown = next.image.height <= next.stage.height + 1;
        if (!fitsAcross && !fitsDown) {
          assert.ok(
            Math.abs(now.u - was.u) < 0.02 && Math.abs(now.v - was.v) < 0.02,
            `turn ${turn + 1}: the middle of the view stays on the same point (${JSON.stringify({ was, now })})`,
          );
        }
      }
      await viewer.screenshot({ path: path.join(screenshots, `board-view-turned-${viewport.width}.png`) });
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(`confirms a hand-in with the file in view and the drop zone compact (${viewport.width}×${viewport.height})`, async () => {
      await viewer.setViewportSize(viewport);
      await viewer.getByRole('tab', { name: /学员上传/ }).click();
      const name = `课堂练习-${viewport.width}.png`;
      await viewer.locator('.bd-panel input[type=file]').setInputFiles({
        name,
        mimeType: 'image/png',
        buffer: png(),
      });
      const confirmation = viewer.getByTestId('hand-in-sent');
      await confirmation.getByText(`已上传给老师：${name}`).waitFor();
      await settled(viewer);
      await inViewport(viewer, await confirmation.boundingBox(), 'the confirmation');
      await inViewport(
        viewer,
        await viewer.getByTestId('hand-in').filter({ hasText: name }).boundingBox(),
        'the uploaded file',
      );
      const drop = await viewer.locator('.bd-drop .ant-upload-drag').boundingBox();
      assert.ok(drop && drop.height <= 120, `the drop zone is compact: ${drop?.height}px`);
      await viewer.screenshot({ path: path.join(screenshots, `board-hand-in-sent-${viewport.width}.png`) });
    });
  }

  it('shows the candidate once in 出勤 with time in class, and exports 出勤表.xlsx', async () => {
    await presenter.getByRole('tab', { name: /出勤/ }).click();
    const table = presenter.getByTestId('attendance-table');
    await table.getByText('李同学').waitFor();
    assert.equal(await table.locator('tr', { hasText: '李同学' }).count(), 1, 'one row, however the candidate came');
    await table
      .locator('tr', { hasText: '李同学' })
      .getByText(/\d+ 分钟/)
      .waitFor();
    const [download] = await Promise.all([
      presenter.waitForEvent('download'),
      presenter.getByRole('button', { name: '导出出勤表' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^出勤表-.+-\d{8}\.xlsx$/);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('出勤');
    assert.ok(sheet);
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1, 8), [
      '序号',
      '姓名',
      '身份',
      '准考证号',
      '首次进入（北京时间）',
      '最后离开（北京时间）',
      '在课时长（分钟）',
    ]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const own = rows.filter((row) => row[1] === '李同学');
    assert.equal(own.length, 1);
    assert.equal(own[0]?.[2], '考生');
    assert.equal(own[0]?.[8], '在线');
    await presenter.screenshot({ path: path.join(screenshots, 'board-attendance-export-1440.png') });
    await presenter.setViewportSize(PHONE);
    await presenter.getByRole('button', { name: '导出出勤表' }).waitFor();
    await presenter.screenshot({ path: path.join(screenshots, 'board-attendance-export-390.png') });
  });
});
