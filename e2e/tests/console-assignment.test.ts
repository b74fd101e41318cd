import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConsoleApiPath } from '@zikao/contract/console';
import type { SubmissionListResult } from '@zikao/contract/review';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const REASON = '评语与成绩不符，请评阅教师复查';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('the console: assignment, reopening, the shared comment bank and the audit trail', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let token: string;

  const unassignedDrafts = async () =>
    (
      await callApi<SubmissionListResult>(
        server,
        '/v1/submission/list',
        { stage: 'draft', scope: 'all', status: 'unassigned' },
        token,
      )
    ).data.total;
  const axeClean = async () => {
    // A hovered button is mid-transition to its hover colour; axe should see the resting page.
    await browser.page.mouse.move(0, 0);
    const violations = await seriousViolations(browser.page);
    assert.equal(violations.length, 0, describeViolations(violations));
  };
  /** Waits for a console screen's heading; lazy chunks load slowly on a busy machine. */
  const openScreen = async (path: string, title: string) => {
    await browser.page.goto(`${server.url}${path}`);
    await browser.page.getByRole('heading', { level: 1, name: title }).waitFor();
  };
  const shot = async (name: string) => {
    if (SHOTS) await browser.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  before(async () => {
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    // The machine running CI may be busy; these waits are for real renders.
    browser.page.setDefaultTimeout(90_000);
    token = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    // A second reviewer of the demo major, so that the plan has a load to balance.
    const created = await callApi(
      server,
      ConsoleApiPath.accountCreate,
      { name: '孙评阅', phone: '13800000031', role: 3, majors: ['汉语言文学'] },
      token,
    );
    assert.equal(created.errorCode, 0, created.errorMsg);
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('auto-assigns with a preview first, and applies the plan only on 确认分配', async () => {
    const { page } = browser;
    await openScreen('/console/assignment', '评阅分配');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const waiting = await unassignedDrafts();
    assert.ok(waiting > 0, 'the demo data has unassigned drafts');
    await expect(async () => (await rows.count()) === waiting, 'every unassigned draft is listed', 60_000);
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await shot('console-assignment');
    await axeClean();

    await page.getByRole('button', { name: /(^|\s)自动分配$/ }).click();
    const dialog = page.getByRole('dialog', { name: '自动分配（预览）' });
    const planned = dialog.getByTestId('auto-preview-table').locator('tr.ant-table-row');
    await planned.first().waitFor();
    assert.equal(await planned.count(), Math.min(waiting, 8));
    await expect(
      async () => (await dialog.getByTestId('load-bars').locator('li').count()) >= 2,
      'a load bar per reviewer',
      60_000,
    );
    assert.match(await dialog.getByTestId('load-bars').innerText(), /孙评阅/);
    await page.locator('.ant-modal .ant-spin-spinning').waitFor({ state: 'detached' });
    await axeClean();
    await shot('console-assignment-preview');
    assert.equal(await unassignedDrafts(), waiting, 'the preview writes nothing');

    await dialog.getByRole('button', { name: /确认分配/ }).click();
    await page.getByText(`已自动分配 ${waiting} 篇论文`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await unassignedDrafts(), 0);
    await page.getByText('没有符合条件的论文').waitFor();
  });

  it('assigns a bulk selection by hand, choosing the reviewer with load and majors in view', async () => {
    const { page } = browser;
    await page.locator('.ant-radio-button-wrapper', { hasText: '待评阅' }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(async () => (await rows.count()) >= 2, 'assigned drafts', 60_000);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByText('已选 2 篇').waitFor();
    await page
      .getByRole('button', { name: /分配所选$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '批量分配 2 篇论文' });
    await dialog.locator('#assign-reviewer').click();
    await page.locator('.ant-select-item-option', { hasText: '孙评阅' }).click();
    await dialog
      .getByText(/当前 \d+ 篇/)
      .first()
      .waitFor();
    await axeClean();
    await shot('console-assignment-bulk');
    await dialog.getByRole('button', { name: '确认分配' }).click();
    await page.getByText('已分配 2 篇论文').waitFor();
    await expect(
      async () => (await page.locator('.ant-table-tbody').innerText()).includes('孙评阅'),
      'the new reviewer shows in the list',
      60_000,
    );
  });

  it('reopens a submitted review only with a reason, after a confirmation', async () => {
    const { page } = browser;
    await page.locator('.ant-radio-button-wrapper', { hasText: '已通过' }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: '重新开放评阅' }).click();
    const dialog = page.getByRole('dialog', { name: /^重新开放评阅/ });
    await dialog.getByTestId('reopen-reason').fill('改');
    await dialog.getByRole('button', { name: '重新开放', exact: true }).click();
    await dialog.getByText('原因至少 5 个字，以便日后查阅').waitFor();
    await dialog.getByTestId('reopen-reason').fill(REASON);
    await dialog.getByRole('button', { name: '重新开放', exact: true }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认重新开放评阅？' });
    await confirm.getByRole('button', { name: '重新开放', exact: true }).click();
    await page.getByText('已重新开放评阅').waitFor();
  });

  it('finds the assignments and the reopening in the audit trail', async () => {
    const { page } = browser;
    await openScreen('/console/audit', '审计日志');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await page.getByLabel('关键词').fill(REASON);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(async () => (await rows.count()) === 1, 'one reopening', 60_000);
    assert.match(await rows.first().innerText(), /重新开放评阅[\s\S]*已通过 → 评阅中/);

    await page.getByLabel('关键词').fill('孙评阅');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    // The two assignments by hand (newest first), then the automatic one, then creating the account.
    await expect(async () => (await rows.count()) >= 3, 'the assignments to 孙评阅', 60_000);
    assert.match(
      await rows.nth(0).innerText(),
      /分配评阅[\s\S]*待评阅 → 待评阅[\s\S]*评阅教师：孙评阅；原评阅教师：陈评阅/,
    );
    assert.match(await rows.nth(2).innerText(), /分配评阅[\s\S]*待分配 → 待评阅[\s\S]*评阅教师：孙评阅；自动分配/);

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect(async () => (await rows.count()) > 2, 'the whole trail again', 60_000);
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await shot('console-audit');
    await axeClean();
  });

  it('manages the shared comment bank, with undo after a delete', async () => {
    const { page } = browser;
    await openScreen('/console/comment-bank', '公共评语库');
    // The demo offers shared entries of its own (seed/comment-bank-demo.ts).
    await page.getByRole('cell', { name: '本节与上一节内容重复，建议合并或删减。' }).waitFor();
    for (const text of ['文献综述不够充分，请补充近五年的研究', '图表编号不连续，请统一格式']) {
      await page.getByRole('button', { name: '新增公共评语' }).click();
      const dialog = page.getByRole('dialog', { name: '新增公共评语' });
      await dialog.getByLabel('评语内容').fill(text);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByRole('cell', { name: text }).waitFor();
    }
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await shot('console-comment-bank');
    await axeClean();

    const row = page.locator('tr', { hasText: '图表编号不连续' });
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page.getByRole('cell', { name: '图表编号不连续，请统一格式' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('cell', { name: '图表编号不连续，请统一格式' }).waitFor();

    // The reviewer is offered the shared entries beside their own, marked shared.
    const reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    const bank = await callApi<Array<{ text: string; shared: boolean }>>(server, '/v1/comment-bank/list', {}, reviewer);
    assert.ok(bank.data.some((entry) => entry.shared && entry.text === '文献综述不够充分，请补充近五年的研究'));
  });
});
