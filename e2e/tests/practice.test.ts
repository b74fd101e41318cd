import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ListResult } from '@zikao/contract/envelope';
import {
  PRACTICE_SCORING,
  type PracticeAttemptRow,
  type PracticeCardDto,
  type PracticeResultDto,
} from '@zikao/contract/practice';
import type { Page } from 'playwright-core';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { fillAnnotation, selectText, waitForPageText, waitSaved } from '../support/workspace.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TITLE = `自学考试论文评阅练习 ${Date.now().toString(36)}`;
const MAJOR = '教育管理';
const GREEN = 'rgb(35, 120, 4)';
const RED = 'rgb(168, 7, 26)';
const GREY = 'rgb(89, 89, 89)';

/**
 * The fixture thesis's paragraph `n` on page 1 reads `第 1 页第 n 段：本文以高等教育自学考试毕业论文评阅为研究对象…`;
 * every annotation here marks words in the first line of a paragraph, so each is one text range.
 */
const lineOf = (n: number) => `第 ${n} 段：本文以高等教育自学考试毕业论文评阅为研究对象`;
// Offsets in that line: 高等教育自学考试毕业论文评阅 is 9–23, …为研究对象 runs to 28.
const PHRASE = { from: 9, to: 23 };

/** The expert's three reference points, each on its own paragraph. */
const REFERENCES = [
  { paragraph: 2, category: '内容', severity: '严重', comment: '研究对象的表述过宽，应限定到具体专业和年份。' },
  { paragraph: 3, category: '结构', severity: '一般', comment: '本段与上一段重复，建议合并后再展开论证。' },
  { paragraph: 4, category: '语言', severity: '提示', comment: '同一句式反复出现，表达显得单调。' },
];

/** The teacher: finds the first point with its category, the second with another, misses the third, and adds one. */
const ATTEMPT = [
  { paragraph: 2, from: 9, to: 28, category: '内容', comment: '研究对象过于宽泛' },
  { paragraph: 3, from: 13, to: 23, category: '语言', comment: '这里的表述重复' },
  { paragraph: 5, from: 9, to: 17, category: '格式', comment: '术语前后不一致' },
];

/**
 * The expected result from the documented formula (docs/practice-scoring.md, PRACTICE_SCORING):
 * the same category earns 1, another category `partialCredit`; P = credit / annotations,
 * R = credit / reference points, F1 = 2PR / (P + R), score = round(100 × F1).
 */
function expectedResult(credits: number[], annotations: number, references: number) {
  const credit = credits.reduce((sum, c) => sum + c, 0);
  const precision = annotations === 0 ? 0 : credit / annotations;
  const recall = credit / references;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { credit, precision, recall, f1, score: Math.round(100 * f1) };
}

const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;

async function assertNoSeriousViolations(page: Page, what: string): Promise<void> {
  // A button still under the pointer shows its hover colour, which is not what a reader sees.
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, `${what}\n${describeViolations(violations)}`);
}

/** Selects words in a paragraph's first line on page 1 and annotates them through the popover. */
async function annotate(
  page: Page,
  mark: { paragraph: number; from: number; to: number; category: string; comment: string; severity?: string },
): Promise<void> {
  const needle = lineOf(mark.paragraph);
  const selected = await selectText(
    page,
    { pageIndex: 0, needle, offset: mark.from },
    { pageIndex: 0, needle, offset: mark.to },
  );
  assert.equal(selected.replace(/\s/g, ''), needle.slice(mark.from, mark.to).replace(/\s/g, ''));
  if (mark.severity) {
    const dialog = page.getByRole('dialog', { name: '添加批注' });
    await dialog.waitFor();
    await dialog.locator('.ant-segmented-item', { hasText: mark.severity }).click();
  }
  await fillAnnotation(page, mark.category, mark.comment);
}

async function signIn(server: TestServer, phone: string): Promise<TestBrowser> {
  const browser = await openBrowser({ viewport: DESKTOP });
  browser.page.setDefaultTimeout(60_000);
  await browser.page.goto(`${server.url}/login`);
  await waitForTitle(browser.page, '登录');
  await loginByPassword(browser.page, phone);
  await browser.page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
  return browser;
}

/** The computed border colour of the list item holding `text`. */
async function itemColor(page: Page, text: string): Promise<string> {
  const item = page.getByRole('list', { name: '批注列表' }).locator('li.aw-item', { hasText: text });
  return item.evaluate((element) => getComputedStyle(element).borderLeftColor);
}

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('annotation practice: an admin makes a practice thesis, a teacher practises and sees the score', () => {
  let server: TestServer;
  let admin: TestBrowser;
  let teacher: TestBrowser;
  let teacherToken: string;
  let cardBefore: PracticeCardDto;
  let attemptId: number;
  const expected = expectedResult([1, PRACTICE_SCORING.partialCredit], ATTEMPT.length, REFERENCES.length);

  before(async () => {
    server = await startServer();
    teacherToken = await apiLogin(server, PHONES.teacher, DEMO_PASSWORD);
    const card = await callApi<PracticeCardDto>(server, '/v1/practice/card', {}, teacherToken);
    assert.equal(card.errorCode, 0, card.errorMsg);
    cardBefore = card.data;
    admin = await signIn(server, PHONES.admin);
  });
  after(async () => {
    await admin?.close();
    await teacher?.close();
    await server?.stop();
  });

  it('the admin uploads a thesis in the console, marks 3 reference points and publishes it', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/console/practice`);
    await waitForTitle(page, '练习论文');
    await page.getByRole('button', { name: '新建练习论文' }).click();
    const drawer = page.getByRole('dialog', { name: '新建练习论文' });
    await drawer.locator('input[type=file]').setInputFiles({
      name: '评阅练习.docx',
      mimeType: DOCX_MIME,
      buffer: thesisDocx({ pages: 2, paragraphsPerPage: 6 }),
    });
    await drawer.getByTestId('practice-upload-progress').waitFor();
    // The title starts as the file's name.
    assert.equal(await drawer.getByLabel('标题').inputValue(), '评阅练习');
    await drawer.getByLabel('标题').fill(TITLE);
    await drawer.getByLabel('专业').fill(MAJOR);
    await drawer.locator('.ant-radio-button-wrapper', { hasText: '进阶' }).click();
    const tags = drawer.getByLabel('标签');
    await tags.fill('论证');
    await tags.press('Enter');
    await tags.fill('表述');
    await tags.press('Enter');
    const create = drawer.getByRole('button', { name: '创建' });
    await expect(() => create.isEnabled(), 'the document is converted', 180_000);
    await page.screenshot({ path: path.join(screenshots, 'practice-console-create.png') });
    await create.click();

    await page.waitForURL((url) => /^\/console\/practice\/\d+$/.test(url.pathname));
    await waitForTitle(page, '练习论文详情');
    await page.getByRole('heading', { name: `练习论文：${TITLE}` }).waitFor();
    await waitForPageText(page, 0, 120_000);
    for (const point of REFERENCES) {
      await annotate(page, { ...point, ...PHRASE });
      await waitSaved(page);
    }
    await page.getByTestId('reference-count').filter({ hasText: '参考要点 3 个' }).waitFor();
    await assertNoSeriousViolations(page, 'the console’s reference annotations');

    await page.getByRole('button', { name: `发布：${TITLE}` }).click();
    const confirm = page.locator('.ant-popover', { hasText: '发布这篇练习论文？' });
    await confirm.getByText('共 3 个参考要点').waitFor();
    await confirm.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByTestId('practice-status').filter({ hasText: '已发布' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'practice-console-reference.png') });

    // The list has it, published, with its 3 points.
    await page.goto(`${server.url}/console/practice`);
    const row = page.getByTestId('console-practice-list').locator('tr', { hasText: TITLE });
    await row.getByTestId('practice-status').filter({ hasText: '已发布' }).waitFor();
    assert.match(await row.innerText(), /\b3\b/);
    await assertNoSeriousViolations(page, 'the console’s practice list');
  });

  it('a teacher finds 2 of the points, one with another category, adds 1 of their own and submits', async () => {
    teacher = await signIn(server, PHONES.teacher);
    const { page } = teacher;
    await page.goto(`${server.url}/annotate/practice/list`);
    await waitForTitle(page, '批注练习');
    const list = page.getByTestId('practice-thesis-list');
    // Searchable: the title finds it, and only it.
    const search = page.getByRole('search', { name: '搜索练习论文' });
    await search.getByLabel('标题').fill(TITLE);
    await search.getByRole('button', { name: '查询' }).click();
    const row = list.locator('tr', { hasText: TITLE });
    await row.getByText('未练习').waitFor();
    assert.equal(await list.locator('tbody tr.ant-table-row').count(), 1);
    await assertNoSeriousViolations(page, 'the practice list');
    await row.getByRole('button', { name: `开始练习：${TITLE}` }).click();

    await page.waitForURL((url) => /^\/annotate\/practice\/review\/\d+$/.test(url.pathname));
    await waitForTitle(page, '论文详情');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await waitForPageText(page, 0, 120_000);
    // No reference point reaches the page before the submit.
    for (const point of REFERENCES) assert.equal(await page.getByText(point.comment).count(), 0);
    for (const mark of ATTEMPT) {
      await annotate(page, mark);
      await waitSaved(page);
    }
    await page.getByTestId('attempt-count').filter({ hasText: '3 条批注' }).waitFor();
    await page.getByRole('timer').waitFor();
    await page.screenshot({ path: path.join(screenshots, 'practice-review.png') });
    await assertNoSeriousViolations(page, 'the practice attempt');

    await page.getByRole('button', { name: /提交$/ }).click();
    const dialog = page.getByRole('dialog', { name: '提交这次练习？' });
    await dialog.getByText('提交后不能再修改批注。').waitFor();
    await dialog.getByRole('button', { name: '确认提交' }).click();
    await page.waitForURL((url) => /^\/annotate\/practice\/detail\/\d+$/.test(url.pathname));
    attemptId = Number(new URL(page.url()).pathname.split('/').pop());
  });

  it('the result shows the expected score, its formula and the colours, each point with the expert’s comment', async () => {
    const { page } = teacher;
    await waitForTitle(page, '论文详情');
    const breakdown = page.getByTestId('score-breakdown');
    await breakdown.waitFor();
    assert.equal(await page.getByTestId('result-score').innerText(), String(expected.score));
    assert.match(await page.getByTestId('result-precision').innerText(), new RegExp(percent(expected.precision)));
    assert.match(await page.getByTestId('result-recall').innerText(), new RegExp(percent(expected.recall)));
    assert.match(await page.getByTestId('result-f1').innerText(), new RegExp(percent(expected.f1)));
    // The formula with this attempt's numbers in it.
    const formula = page.getByTestId('score-formula');
    await formula.getByText(`精确率 P = 得分合计 ÷ 你的批注数 = ${expected.credit} ÷ ${ATTEMPT.length}`).waitFor();
    await formula.getByText(`召回率 R = 得分合计 ÷ 参考要点数 = ${expected.credit} ÷ ${REFERENCES.length}`).waitFor();

    // The server agrees with what the page shows.
    const result = await callApi<PracticeResultDto>(server, '/v1/practice/result', { attemptId }, teacherToken);
    assert.equal(result.errorCode, 0, result.errorMsg);
    assert.equal(result.data.attempt.score, expected.score);
    assert.equal(result.data.credit, expected.credit);

    // Per category (参考要点, 找到: 类别一致 / 类别不同, 未找到, 你的批注): 内容 found, 结构 found with
    // another category, 语言 missed (and the teacher's 语言 annotation on 结构's point counts there).
    const table = page.getByTestId('category-table');
    const cells = async (label: string) =>
      (await table.locator('tr', { hasText: label }).first().locator('td').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual((await cells('内容')).slice(1, 6), ['1', '1', '0', '0', '1']);
    assert.deepEqual((await cells('结构')).slice(1, 6), ['1', '0', '1', '0', '0']);
    assert.deepEqual((await cells('语言')).slice(1, 6), ['1', '0', '0', '1', '1']);

    // The document: found points green, the missed one red, the extra annotation grey.
    await waitForPageText(page, 0, 120_000);
    const [found, partial, missed] = REFERENCES;
    await page
      .getByRole('list', { name: '批注列表' })
      .getByText(missed?.comment ?? '')
      .waitFor();
    assert.equal(await itemColor(page, found?.comment ?? ''), GREEN);
    assert.equal(await itemColor(page, partial?.comment ?? ''), GREEN);
    assert.equal(await itemColor(page, missed?.comment ?? ''), RED);
    assert.equal(await itemColor(page, ATTEMPT[2]?.comment ?? ''), GREY);
    const items = page.getByRole('list', { name: '批注列表' });
    await items
      .locator('li', { hasText: partial?.comment ?? '' })
      .getByText('已找到 · 类别不同')
      .waitFor();
    await items
      .locator('li', { hasText: partial?.comment ?? '' })
      .getByText(/你的批注归为「语言」，参考为「结构」/)
      .waitFor();
    await items
      .locator('li', { hasText: missed?.comment ?? '' })
      .getByText('未找到')
      .waitFor();
    // On the page itself: two green marks, one red, one grey.
    assert.equal(await page.locator('.aw-page .aw-mark.pr-mark-found').count(), 2);
    assert.equal(await page.locator('.aw-page .aw-mark.pr-mark-missed').count(), 1);
    assert.equal(await page.locator('.aw-page .aw-mark.pr-mark-unmatched').count(), 1);
    const missedFill = await page
      .locator('.aw-page .aw-mark.pr-mark-missed .aw-hl')
      .first()
      .evaluate((element) => getComputedStyle(element).borderBottomColor);
    assert.equal(missedFill, RED);
    // Read-only: nothing to edit or delete.
    assert.equal(await page.getByRole('button', { name: '删除批注' }).count(), 0);
    await page.screenshot({ path: path.join(screenshots, 'practice-detail.png'), fullPage: true });
    await assertNoSeriousViolations(page, 'the practice result');
  });

  it('the attempt appears in the submit history and on the user-info card', async () => {
    const { page } = teacher;
    await page.getByRole('button', { name: '练习列表' }).click();
    await waitForTitle(page, '批注练习');
    const history = page.getByTestId('practice-history');
    const row = history.locator('tr', { hasText: TITLE });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, new RegExp(`\\b${expected.score}\\b`));
    assert.ok(text.includes(percent(expected.precision)), text);
    assert.ok(text.includes(percent(expected.recall)), text);
    await row.getByRole('link', { name: TITLE }).waitFor();

    // The card: one attempt more; best and average as the history's scores give them.
    const all = await callApi<ListResult<PracticeAttemptRow>>(
      server,
      '/v1/practice/history',
      { page: 1, pageSize: 100 },
      teacherToken,
    );
    assert.equal(all.errorCode, 0, all.errorMsg);
    const scores = all.data.list.map((attempt) => attempt.score);
    assert.equal(scores.length, cardBefore.attempts + 1);
    const card = page.getByTestId('practice-user-card');
    const stat = async (id: string) =>
      (await card.getByTestId(id).locator('.ant-statistic-content').innerText()).trim();
    await expect(async () => (await stat('stat-attempts')) === String(cardBefore.attempts + 1), 'the card counts it');
    const average = Math.round((scores.reduce((sum, s) => sum + s, 0) / scores.length) * 10) / 10;
    assert.equal(await stat('stat-average'), String(average));
    assert.equal(await stat('stat-best'), String(Math.max(...scores)));
    await card.getByTestId('score-trend').waitFor();
    // The list shows the best score on the thesis now.
    const thesisRow = page.getByTestId('practice-thesis-list').locator('tr', { hasText: TITLE });
    await thesisRow.getByText(String(expected.score), { exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'practice-list.png'), fullPage: true });
    await assertNoSeriousViolations(page, 'the practice list with the attempt');
  });
});
