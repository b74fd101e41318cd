import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';

const HEADER = '姓名,准考证号,手机号,专业,主考院校,批次,论文题目';
// Two good candidates and one with a bad phone, for the demo batch.
const CSV = [
  HEADER,
  '林晓,990126300001,13712340001,汉语言文学,华南师范大学,2026年下半年,论汪曾祺散文的语言风格',
  '黄敏,990126300002,1371234,汉语言文学,华南师范大学,2026年下半年,',
  '郑伟,990126300003,13712340003,汉语言文学,华南师范大学,2026年下半年,"网络流行语研究：以""内卷""为例"',
].join('\r\n');

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('console: candidate import', () => {
  let server: TestServer;
  let browser: TestBrowser;
  before(async () => {
    server = await startServer();
    browser = await openBrowser({ acceptDownloads: true });
    // The machine running CI may be busy; these waits are for real uploads and imports.
    browser.page.setDefaultTimeout(90_000);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('imports a 3-row CSV with one bad row: sees the error, imports the valid rows, sees the result', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
    await page.goto(`${server.url}/console/import`);
    await waitForTitle(page, '考生导入');
    await page.getByRole('button', { name: '下载 CSV 模板' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], describeViolations(await seriousViolations(page)));
    await page.screenshot({ path: '/tmp/console-import-upload.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 CSV 模板' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), '考生导入模板.csv');
    const template = await readFile(await download.path(), 'utf8');
    assert.ok(template.startsWith(`\uFEFF${HEADER}`), template);

    await page.locator('input[type=file]').setInputFiles({
      name: '考生名单.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await page.getByText('校验结果：考生名单.csv').waitFor();
    // Only the bad row is shown at first, with its message; 全部导入 is unavailable.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await page.getByText('手机号格式不正确').waitFor();
    assert.equal(await rows.count(), 1);
    assert.equal(await page.locator('tr.imp-row-invalid').count(), 1);
    assert.ok(await page.getByRole('button', { name: /全部导入/ }).isDisabled());
    await page.getByRole('switch', { name: '仅显示错误行' }).click();
    await page.getByText('林晓').waitFor();
    assert.equal(await rows.count(), 3);
    assert.equal(await page.locator('tr.imp-row-invalid').count(), 1);
    await page.mouse.move(0, 0);
    assert.deepEqual(await seriousViolations(page), [], describeViolations(await seriousViolations(page)));
    await page.screenshot({ path: '/tmp/console-import-preview.png', fullPage: true });

    await page.getByRole('button', { name: /仅导入有效行/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('将导入 2 行有效数据，跳过 1 行').waitFor();
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('导入成功').first().waitFor();
    const summary = String(await page.getByTestId('import-result').textContent());
    assert.match(summary, /已导入 2 名考生/);
    assert.match(summary, /跳过 1 行/);
    assert.deepEqual(await seriousViolations(page), [], describeViolations(await seriousViolations(page)));
    await page.screenshot({ path: '/tmp/console-import-done.png', fullPage: true });

    // Importing the same file again: the two imported candidates are now duplicates in that batch.
    await page.getByRole('button', { name: '继续导入' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: '考生名单.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await page.getByText('校验结果：考生名单.csv').waitFor();
    assert.equal(await page.getByText('准考证号已存在：该考生已在批次「2026年下半年」中').count(), 2);
  });
});
