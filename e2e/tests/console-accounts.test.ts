import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, callApi } from '../support/api.ts';
import { loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { wallClock } from '../support/clock.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

/** Types both dates of an antd RangePicker, each confirmed with Enter. */
async function fillRange(page: Page, picker: Locator, start: string, end: string): Promise<void> {
  const inputs = picker.locator('input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
  // Close the calendar by clicking a neutral spot: Escape would reach the drawer whenever the
  // calendar had already closed, and ask to discard the form.
  await page.locator('.ant-drawer-title').click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
}

async function assertAccessible(page: Page, where: string): Promise<void> {
  // Hover colours are not what a user reads at rest.
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `${where}:\n${describeViolations(violations)}`);
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('management console: batches and accounts', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await startServer();
    browser = await openBrowser();
    browser.page.setDefaultTimeout(30_000);
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a batch: a stage that starts before the one before it is refused with its reason, then saved', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/console/batch`);
    await waitForTitle(page, '批次管理');
    await page.getByRole('cell', { name: '2026年下半年', exact: true }).waitFor();
    await assertAccessible(page, 'batch list');

    // A slip of Escape does not throw away what was typed.
    await page.getByRole('button', { name: '新建批次' }).click();
    const drawer = page.getByRole('dialog', { name: '新建批次' });
    await drawer.getByLabel('批次名称').fill('草稿批次');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: '放弃未保存的修改？' });
    await discard.getByRole('button', { name: '继续编辑' }).click();
    await discard.waitFor({ state: 'hidden' });
    assert.equal(await drawer.getByLabel('批次名称').inputValue(), '草稿批次');
    await drawer.getByRole('button', { name: '取消' }).click();
    await discard.getByRole('button', { name: '放弃修改' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '新建批次' }).click();
    await drawer.getByLabel('批次名称').fill('2027年上半年');
    await fillRange(page, drawer.getByTestId('window-topic'), '2027-03-10', '2027-03-20');
    await fillRange(page, drawer.getByTestId('window-plan'), '2027-03-01', '2027-03-31');
    await drawer.getByLabel('论文初稿上传次数').fill('3');
    await drawer.getByRole('button', { name: '添加评分项' }).click();
    await drawer.getByLabel('第 1 项名称').fill('选题意义');
    await drawer.getByLabel('第 1 项权重').fill('40');
    await drawer.getByRole('button', { name: '添加评分项' }).click();
    await drawer.getByLabel('第 2 项名称').fill('论证');
    await drawer.getByLabel('第 2 项权重').fill('60');
    await drawer.getByText('权重合计').waitFor();
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('论文计划的开始时间不能早于选题的开始时间').waitFor();
    await page.screenshot({ path: `${SHOTS}/console-batch-form.png` });
    await assertAccessible(page, 'batch form with an error');

    await fillRange(page, drawer.getByTestId('window-plan'), '2027-03-21', '2027-04-10');
    await drawer.getByText('论文计划的开始时间不能早于选题的开始时间').waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '2027年上半年', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/console-batch.png` });

    const token = await apiLogin(server, PHONES.admin, 'Zikao@2026');
    const listed = await callApi<{ list: Array<{ name: string; rules: Record<string, unknown> }> }>(
      server,
      '/v1/console/batch/list',
      { keyword: '2027年上半年' },
      token,
    );
    const rules = listed.data.list[0]?.rules as {
      windows: Record<string, { start: number; end: number }>;
      uploadLimits: Record<string, number>;
      rubric: Array<{ label: string; weight: number }>;
    };
    assert.equal(wallClock(rules.windows.plan?.start ?? 0).slice(0, 10), '2027-03-21');
    assert.equal(rules.uploadLimits.draft, 3);
    assert.equal(rules.uploadLimits.final, 4);
    assert.deepEqual(
      rules.rubric.map((item) => [item.label, item.weight]),
      [
        ['选题意义', 40],
        ['论证', 60],
      ],
    );

    // Closing asks first; the batch then shows as closed and offers no second close.
    await page.getByRole('button', { name: '关闭批次 2027年上半年' }).click();
    await page.getByRole('button', { name: '关闭批次', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: '2027年上半年' });
    await row.getByText('已关闭').waitFor();
    assert.equal(await row.getByRole('button', { name: '关闭批次 2027年上半年' }).count(), 0);
  });

  it('creates a reviewer with a major and resets a password; each temporary password is shown once', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/console/account`);
    await waitForTitle(page, '账号管理');
    await page.locator('.ant-table-row').first().waitFor();
    await assertAccessible(page, 'account list');

    await page.getByRole('button', { name: '新建账号' }).click();
    const form = page.getByRole('dialog', { name: '新建账号' });
    // An empty form says each problem once.
    await form.getByRole('button', { name: '创建' }).click();
    await form.getByText('姓名不能为空').first().waitFor();
    assert.equal(await form.getByText('姓名不能为空').count(), 1);
    await form.getByLabel('姓名').fill('孙评阅');
    await form.getByLabel('手机号（登录账号）').fill('1291234567');
    await form.getByLabel('角色').click();
    await page.locator('.ant-select-item-option[title="评阅教师"]').click();
    await form.getByRole('button', { name: '创建' }).click();
    await form.getByText('手机号格式不正确').waitFor();
    await form.getByText('评阅教师至少选择一个专业').waitFor();
    await assertAccessible(page, 'account form with errors');
    await page.screenshot({ path: `${SHOTS}/console-account-form.png` });
    await form.getByLabel('手机号（登录账号）').fill('13912345601');
    await form.getByLabel('评阅专业').fill('汉语言文学');
    await form.getByLabel('评阅专业').press('Enter');
    await form.getByLabel('评阅专业').press('Escape');
    await form.getByRole('button', { name: '创建' }).click();

    const created = page.getByRole('dialog', { name: '账号已创建' });
    const password = (await created.getByTestId('temporary-password').innerText()).trim();
    assert.match(password, /^[A-Za-z0-9]{10}$/);
    // A new account was never signed in anywhere: nothing was signed out.
    await created.getByText('首次登录须修改密码').waitFor();
    assert.equal(await created.getByText('退出登录').count(), 0, 'a new account was signed out of nothing');
    await created.getByRole('button', { name: '我已记下' }).click();
    await created.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '孙评阅', exact: true }).waitFor();
    const reviewerToken = await apiLogin(server, '13912345601', password);
    const guarded = await callApi(server, '/v1/document/list', {}, reviewerToken);
    assert.equal(guarded.errorCode, 1030002, 'the new account must change its password first');

    await page.getByLabel('关键词').fill('王老师');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('button', { name: '重置密码 王老师' }).click();
    await page.getByRole('button', { name: '重置', exact: true }).click();
    const reset = page.getByRole('dialog', { name: '密码已重置' });
    const temporary = (await reset.getByTestId('temporary-password').innerText()).trim();
    await reset.getByText('该账号已在所有设备上退出登录').waitFor();
    await assertAccessible(page, 'temporary password dialog');
    await page.screenshot({ path: `${SHOTS}/console-account-reset.png` });
    await reset.getByRole('button', { name: '我已记下' }).click();
    await reset.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '待改密' }).waitFor();
    const teacherToken = await apiLogin(server, PHONES.teacher, temporary);
    assert.equal((await callApi(server, '/v1/document/list', {}, teacherToken)).errorCode, 1030002);

    await page.getByLabel('关键词').fill('');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('cell', { name: '孙评阅', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/console-account.png` });
  });

  it('takes a slow click the moment a dialog appears; a popconfirm used again keeps its button names', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/console/account`);
    await waitForTitle(page, '账号管理');
    await page.getByLabel('关键词').fill('王老师');
    await page.getByRole('button', { name: '查询' }).click();
    for (let round = 1; round <= 3; round++) {
      await page.getByRole('button', { name: '重置密码 王老师' }).click();
      // Used again, the OK button is still just 重置: a fade cut short once kept its hidden
      // loading icon, and the button was announced as "loading 重置".
      await page.getByRole('button', { name: '重置', exact: true }).click();
      const reset = page.getByRole('dialog', { name: '密码已重置' });
      const close = reset.getByRole('button', { name: '我已记下' });
      await close.waitFor();
      // Pressed the moment it shows and let go 150 ms later, as on a busy machine: a dialog that
      // moved between the two (antd's zoom) sent the click elsewhere and stayed open.
      const box = await close.boundingBox();
      assert.ok(box, `round ${round}: 我已记下 has a box`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(150);
      await page.mouse.up();
      await reset.waitFor({ state: 'hidden' });
    }
  });
});
