import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type BatchDto, ConsoleApiPath } from '@zikao/contract/console';
import type { Stage, SubmissionDetail, SubmissionListResult } from '@zikao/contract/review';
import { signParams } from '@zikao/contract/signature';
import { StudentApiPath, type StudentOverview } from '@zikao/contract/student';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, loginBySms, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { reportFailure, watchPage } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { fillAnnotation, listAnnotations, selectText, waitForPageText, waitSaved } from '../support/workspace.ts';

const run = promisify(execFile);
const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const BATCH = '2026年下半年（整批演练）';
const HEADER = '姓名,准考证号,手机号,专业,主考院校,批次,论文题目';
// Three candidates of the demo reviewer's major, in the fresh batch; the first takes the whole path.
const CANDIDATES = [
  { name: '林晓', examNumber: '990126400001', phone: '13712350001', title: '论汪曾祺散文的语言风格' },
  { name: '黄敏', examNumber: '990126400002', phone: '13712350002', title: '' },
  { name: '郑伟', examNumber: '990126400003', phone: '13712350003', title: '网络流行语的构词方式研究' },
];
const CSV = [
  HEADER,
  ...CANDIDATES.map((c) => [c.name, c.examNumber, c.phone, '汉语言文学', '华南师范大学', BATCH, c.title].join(',')),
].join('\r\n');
const CANDIDATE = CANDIDATES[0] as (typeof CANDIDATES)[number];
const TOPIC_TITLE = '论汪曾祺散文的语言风格';
const REVIEW_TEXT =
  '选题切入点明确，语料来源清楚，研究方法与论证思路基本合理，结构安排层次分明；建议进一步梳理已有研究成果，补充近五年的相关文献，并在结论部分回应绪论提出的问题，使全文前后呼应、论证更加充分。';
const ANNOTATION = '此处论据不足，请补充语料出处';
const REPLY = '已在第二章补充语料出处';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'];

/** A review comment exactly as long as the batch requires, ending a sentence. */
const commentOf = (length: number) =>
  `${Array.from(REVIEW_TEXT)
    .slice(0, length - 1)
    .join('')}。`;

/** The draft as the candidate's word processor exports it: the fixture thesis, converted by LibreOffice. */
async function draftPdf(dir: string): Promise<Buffer> {
  const docx = path.join(dir, 'draft.docx');
  await writeFile(docx, thesisDocx({ title: TOPIC_TITLE }));
  await run(
    '/usr/bin/soffice',
    [
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      docx,
    ],
    { timeout: 180_000 },
  );
  return readFile(path.join(dir, 'draft.pdf'));
}

/** A candidate's SMS sign-in through the API, as the login page does it; returns the token. */
async function studentSmsToken(server: TestServer, phone: string): Promise<string> {
  const t = Date.now();
  const response = await fetch(`${server.url}/api/auth/v1/getCode?t=${t}&sig=${signParams({}, t)}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const { captchaId } = ((await response.json()) as { data: { captchaId: string } }).data;
  const captcha = await server.captchaAnswer(captchaId);
  const since = server.logs.length;
  const sent = await callApi(server, '/auth/v1/sendSMS', { phone, captchaId, captcha });
  assert.equal(sent.errorCode, 0, sent.errorMsg);
  const code = await server.smsCode(phone, since);
  const login = await callApi<{ token: string }>(server, '/auth/v1/login', { phone, code });
  assert.equal(login.errorCode, 0, login.errorMsg);
  return login.data.token;
}

/** antd's radio buttons hide their inputs; the reviewer clicks the button's face. */
async function chooseVerdict(page: Page, label: string): Promise<void> {
  await page.locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(async () => page.getByRole('radio', { name: label, exact: true }).isChecked(), `verdict ${label}`);
}

/** After 确认提交: the success toast, or the submit panel's error, said at once instead of a timeout. */
async function submitted(page: Page, panel: Locator, toastText: string): Promise<void> {
  const failure = panel.locator('.ant-alert-error');
  await page.getByText(toastText).or(failure).first().waitFor();
  if (await failure.isVisible()) assert.fail(`提交失败：${await failure.innerText()}`);
}

async function axeClean(page: Page, what: string): Promise<void> {
  // A hovered button is mid-transition to its hover colour; axe should see the resting page.
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, `${what}\n${describeViolations(violations)}`);
}

describe('the whole batch: import, assignment, topic, draft, revision, final and grade', () => {
  let server: TestServer;
  let chrome: Browser;
  let workDir: string;
  let pdf: Buffer;
  let adminToken: string;
  let reviewerToken: string;
  let minComment = 0;
  let batchId = 0;
  const contexts: BrowserContext[] = [];
  // One window per person: the admin, the candidate and the reviewer stay signed in side by side.
  let admin: Page;
  let student: Page;
  let reviewer: Page;
  let draftId = 0;
  // The steps share one story: once one fails, the rest say so at once instead of timing out.
  let broken: string | null = null;
  const step = (name: string, body: () => Promise<void>) =>
    it(name, async () => {
      assert.equal(broken, null, `an earlier step failed: ${broken}`);
      try {
        await body();
      } catch (error) {
        broken = name;
        await reportFailure(name);
        throw error;
      }
    });

  const openPage = async (who: string): Promise<Page> => {
    const context = await chrome.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    watchPage(page, who);
    // The machine running CI may be busy; these waits are for real uploads, conversions and renders.
    page.setDefaultTimeout(90_000);
    return page;
  };
  /** The batch's submission of one stage, as the admin's list shows it. */
  const submissionOf = async (stage: Stage) => {
    const list = await callApi<SubmissionListResult>(
      server,
      '/v1/submission/list',
      { stage, scope: 'all', batchId, keyword: CANDIDATE.examNumber },
      adminToken,
    );
    assert.equal(list.errorCode, 0, list.errorMsg);
    const row = list.data.list[0];
    assert.ok(row, `the candidate's ${stage} submission`);
    return row;
  };
  const detailOf = async (submissionId: number): Promise<SubmissionDetail> => {
    const result = await callApi<SubmissionDetail>(server, '/v1/submission/detail', { submissionId }, reviewerToken);
    assert.equal(result.errorCode, 0, result.errorMsg);
    return result.data;
  };
  /** 评阅分配 → one stage of the batch → 自动分配: the preview first, then 确认分配. */
  const autoAssign = async (stageLabel: string, expected: number) => {
    const page = admin;
    await page.goto(`${server.url}/console/assignment`);
    await page.getByRole('heading', { level: 1, name: '评阅分配' }).waitFor();
    await page.getByRole('tab', { name: stageLabel, exact: true }).click();
    await page.locator('#assign-batch').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: BATCH }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(async () => (await rows.count()) === expected, `${expected} waiting ${stageLabel}`, 60_000);
    assert.match(await page.locator('.ant-table-tbody').innerText(), new RegExp(CANDIDATE.name));
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await axeClean(page, `评阅分配 ${stageLabel}`);

    await page.getByRole('button', { name: /(^|\s)自动分配$/ }).click();
    const dialog = page.getByRole('dialog', { name: '自动分配（预览）' });
    await dialog
      .getByText(new RegExp(`范围：${stageLabel}阶段、${BATCH.replace(/[()（）]/g, '.')}的全部待分配论文`))
      .waitFor();
    const planned = dialog.getByTestId('auto-preview-table').locator('tr.ant-table-row');
    await expect(async () => (await planned.count()) === expected, 'the plan lists each waiting item', 60_000);
    assert.match(await planned.first().innerText(), /陈评阅/);
    await dialog.getByTestId('load-bars').getByText('陈评阅').waitFor();
    await page.locator('.ant-modal .ant-spin-spinning').waitFor({ state: 'detached' });
    await axeClean(page, '自动分配（预览）');
    await dialog.getByRole('button', { name: `确认分配（${expected} 篇）` }).click();
    await page.getByText(`已自动分配 ${expected} 篇论文`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('没有符合条件的论文').waitFor();
  };
  /** The reviewer's verdict and comment, submitted through the confirmation. */
  const submitReview = async (verdict: string) => {
    const page = reviewer;
    await chooseVerdict(page, verdict);
    await page.getByLabel('评阅意见').fill(commentOf(minComment));
    await page.getByRole('button', { name: '提交评阅' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();
    await page.getByTestId('review-result').getByText(verdict).first().waitFor();
    assert.equal(await page.getByRole('button', { name: '提交评阅' }).count(), 0);
  };

  before(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'zikao-whole-batch-'));
    pdf = await draftPdf(workDir);
    server = await startServer({
      SEED_REVIEW_DEMO: '0',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    });
    adminToken = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    reviewerToken = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    // A fresh batch, every window open, nobody in it yet: the import fills it.
    const saved = await callApi<BatchDto>(server, ConsoleApiPath.batchSave, { name: BATCH, rules: {} }, adminToken);
    assert.equal(saved.errorCode, 0, saved.errorMsg);
    batchId = saved.data.id;
    minComment = saved.data.rules.minCommentLength;
    assert.ok(minComment > 0);
    chrome = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
    admin = await openPage('admin');
    student = await openPage('student');
    reviewer = await openPage('reviewer');
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await chrome?.close();
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  step('1. the admin imports three candidates into the batch from a CSV', async () => {
    const page = admin;
    await page.goto(`${server.url}/login`);
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
    await page.goto(`${server.url}/console/import`);
    await waitForTitle(page, '考生导入');
    await page.getByRole('button', { name: '下载 CSV 模板' }).waitFor();
    await axeClean(page, '考生导入');
    await page.locator('input[type=file]').setInputFiles({
      name: '整批考生名单.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await page.getByText('校验结果：整批考生名单.csv').waitFor();
    for (const candidate of CANDIDATES) await page.getByText(candidate.name).first().waitFor();
    assert.equal(await page.locator('tr.imp-row-invalid').count(), 0);
    await axeClean(page, '考生导入：校验预览');
    await page.getByRole('button', { name: '全部导入（3 行）' }).click();
    await page.getByText('导入成功').first().waitFor();
    assert.match(String(await page.getByTestId('import-result').textContent()), /已导入 3 名考生/);
    await axeClean(page, '考生导入：完成');
    const batches = await callApi<{ list: BatchDto[] }>(server, ConsoleApiPath.batchList, {}, adminToken);
    assert.equal(batches.data.list.find((b) => b.id === batchId)?.thesisCount, 3);
  });

  step(
    '2. a candidate signs in by SMS and submits the topic; the admin auto-assigns it; the reviewer passes it',
    async () => {
      const page = student;
      await page.goto(`${server.url}/student/login`);
      await page.getByRole('tab', { name: '短信登录' }).click();
      await loginBySms(page, server, CANDIDATE.phone);
      await waitForPath(page, '/student', 60_000);
      await page.goto(`${server.url}/student/topic`);
      await waitForTitle(page, '我的选题');
      await expect(
        async () => (await page.getByLabel('论文题目').inputValue()) === TOPIC_TITLE,
        'the imported title fills the form',
        60_000,
      );
      await axeClean(page, '我的选题');
      await page.getByLabel('立题依据').fill('汪曾祺散文语言平淡而有味，研究其语言风格对现代汉语写作有借鉴意义。');
      await page.getByLabel('提纲').fill('一、绪论\n二、口语化的句式\n三、文白相间的词汇\n四、结论');
      await page.getByLabel('参考文献').fill('[1] 汪曾祺. 汪曾祺全集[M]. 北京：人民文学出版社，2019.');
      await page.getByRole('button', { name: '提交选题' }).click();
      await page.getByRole('button', { name: '确认提交' }).click();
      await page.getByText('选题已提交，请等待评阅').waitFor();
      assert.equal(await page.getByLabel('论文题目').isEditable(), false);

      // The other two candidates submit theirs too (through the API: their screens are the same).
      for (const other of CANDIDATES.slice(1)) {
        const token = await studentSmsToken(server, other.phone);
        const overview = await callApi<StudentOverview>(server, StudentApiPath.thesis, {}, token);
        const submitted = await callApi(
          server,
          StudentApiPath.submit,
          {
            thesisId: overview.data.thesis?.id,
            stage: 'topic',
            structured: {
              title: other.title || '现代汉语量词的演变研究',
              rationale: '该题目与所学专业紧密相关，具有一定的研究价值。',
              outline: '一、绪论\n二、现状\n三、分析\n四、结论',
              references: '[1] 王力. 汉语史稿[M]. 北京：中华书局，2004.',
            },
          },
          token,
        );
        assert.equal(submitted.errorCode, 0, submitted.errorMsg);
      }

      // Submissions exist once candidates submit: now the admin has the batch's topics to assign.
      await autoAssign('选题', 3);
      const topic = await submissionOf('topic');
      assert.equal(topic.status, 'assigned');
      assert.equal(topic.reviewerName, '陈评阅');

      await reviewer.goto(`${server.url}/login`);
      await loginByPassword(reviewer, PHONES.reviewer);
      await reviewer.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
      await reviewer.goto(`${server.url}/annotate/topic/review/${topic.id}`);
      await reviewer.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
      // The topic opens in the annotation workspace, its fields as pages.
      await reviewer.getByRole('region', { name: '论文正文' }).getByText('文白相间的词汇').waitFor();
      await submitReview('通过');
      assert.equal((await detailOf(topic.id)).status, 'passed');
    },
  );

  step('3. the candidate submits a draft PDF; it is assigned; the reviewer annotates it and returns it', async () => {
    const page = student;
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    const draft = page.getByTestId('stage-draft');
    await draft.getByRole('button', { name: '提交论文初稿' }).waitFor();
    await draft.locator('input[type=file]').first().setInputFiles({
      name: '论文初稿.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await draft.getByTestId('document-upload').getByText('已完成').waitFor({ timeout: 180_000 });
    await draft.getByRole('button', { name: '提交论文初稿' }).click();
    await page.getByRole('button', { name: '确认提交' }).click();
    await submitted(page, draft, '论文初稿已提交（第 1 版），请等待评阅');
    await draft.getByText('已提交，待分配').waitFor();
    await axeClean(page, '我的论文');

    await autoAssign('论文初稿', 1);
    draftId = (await submissionOf('draft')).id;

    const r = reviewer;
    await r.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await waitForTitle(r, '论文详情');
    await r.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    await waitForPageText(r, 1, 120_000);
    // LibreOffice sets the digits apart from the Chinese with spaces.
    const needle = '第 2 页第 3 段：本文以高等教育';
    const selected = await selectText(
      r,
      { pageIndex: 1, needle, offset: 0 },
      { pageIndex: 1, needle, offset: needle.length },
    );
    assert.equal(selected.replace(/\s/g, ''), needle.replace(/\s/g, ''));
    await fillAnnotation(r, '内容', ANNOTATION);
    await waitSaved(r);
    await submitReview('退回修改');
    await r.getByTestId('status-tag').filter({ hasText: '退回修改' }).waitFor();
    assert.equal((await detailOf(draftId)).status, 'returned');
  });

  step('4. the candidate reads the annotations read-only, replies to one, and uploads a revised DOCX', async () => {
    const page = student;
    await page.goto(`${server.url}/student/thesis`);
    const draft = page.getByTestId('stage-draft');
    await draft.getByText('退回修改').first().waitFor();
    await draft.getByRole('link', { name: /查看评阅结果/ }).click();
    await waitForPath(page, `/student/thesis/review/${draftId}`);
    await waitForTitle(page, '评阅结果');
    await page.getByText(commentOf(minComment)).waitFor();
    const list = page.getByRole('list', { name: '批注列表' });
    await list.getByText(ANNOTATION).waitFor();
    // Read-only: nothing to edit, delete or draw with.
    assert.equal(await page.getByRole('button', { name: '编辑批注' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: '删除批注' }).count(), 0);
    await page.getByRole('button', { name: '下载批注版 PDF' }).waitFor();
    await page.locator('.aw-page[data-rendered="true"]').first().waitFor();
    await axeClean(page, '评阅结果');

    await list.getByRole('button', { name: '回复' }).first().click();
    await page.getByLabel('回复内容').fill(REPLY);
    await list.getByRole('button', { name: '回复', exact: true }).last().click();
    await list.getByText(REPLY).waitFor();
    // The reviewer sees the reply on the annotation.
    const documentId = (await detailOf(draftId)).versions[0]?.documentId as number;
    await expect(async () => {
      const seen = await listAnnotations(server, reviewerToken, documentId);
      return seen.some((a) => a.comment === ANNOTATION && a.replies.some((reply) => reply.comment === REPLY));
    }, 'the reviewer sees the reply');

    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    const again = page.getByTestId('stage-draft');
    await again.getByRole('button', { name: '重新提交论文初稿' }).waitFor();
    await again
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: '论文初稿（修改稿）.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        // The same chapters with a revised title page: the annotated passage is still there.
        buffer: thesisDocx({ title: `${TOPIC_TITLE}（修改稿）` }),
      });
    // LibreOffice converts the DOCX on the server; the upload shows it until it is ready.
    await again.getByTestId('document-upload').getByText('已完成').waitFor({ timeout: 240_000 });
    // A Word file is read as the reviewer will see it, then confirmed (issue 23).
    await again.getByTestId('word-check').getByText('已将 Word 文档转换为 PDF').waitFor();
    await again.getByRole('button', { name: '确认无误，重新提交' }).click();
    await page.getByRole('button', { name: '确认重新提交' }).click();
    await again.getByText('待评阅').first().waitFor();
    const detail = await detailOf(draftId);
    assert.equal(detail.currentVersion, 2);
    assert.equal(detail.status, 'assigned', 'a resubmission goes back to the same reviewer');
  });

  step('5. the reviewer sees the carried-over annotations, marks it, and passes the draft', async () => {
    const r = reviewer;
    await r.goto(`${server.url}/annotate/thesis/reviews/${draftId}`);
    await r.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    await expect(async () => (await detailOf(draftId)).carried !== null, 'the carried annotations', 120_000);
    const carried = (await detailOf(draftId)).carried;
    assert.ok(carried);
    const total = carried.items.length;
    assert.equal(total, 1);
    assert.equal(carried.counts.found, 1, JSON.stringify(carried.counts));

    await r.getByRole('tab', { name: `批注核对 0/${total}` }).click();
    const panel = r.getByTestId('carried-panel');
    await panel.getByText(`已核对 0/${total}`).waitFor();
    const mine = panel.locator('li', { hasText: ANNOTATION });
    await mine.getByText('仍在原处').waitFor();
    await mine.getByRole('button', { name: '已修改' }).click();
    await panel.getByText(`已核对 1/${total}`).waitFor();
    assert.equal((await detailOf(draftId)).carried?.items[0]?.addressed, true);
    await r.getByRole('tab', { name: `批注核对 1/${total}` }).waitFor();

    await r.getByRole('tab', { name: '评阅', exact: true }).click();
    await submitReview('通过');
    await r.getByTestId('status-tag').filter({ hasText: '已通过' }).waitFor();
    await r.screenshot({ path: path.join(screenshots, 'whole-batch-step5.png') });
    assert.equal((await detailOf(draftId)).status, 'passed');
  });

  step('6. the candidate submits the final; it is assigned; the reviewer scores it 85 (良好)', async () => {
    const page = student;
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    const final = page.getByTestId('stage-final');
    await final.getByRole('button', { name: '提交定稿' }).waitFor();
    await final.locator('input[type=file]').first().setInputFiles({
      name: '论文定稿.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await final.getByTestId('document-upload').getByText('已完成').waitFor({ timeout: 180_000 });
    await final.getByLabel('查重率').fill('12.5');
    await final
      .locator('.ant-form-item', { hasText: '查重报告' })
      .locator('input[type=file]')
      .setInputFiles({ name: '查重报告.pdf', mimeType: 'application/pdf', buffer: pdf });
    await final.getByRole('list', { name: '上传查重报告列表' }).getByText('查重报告.pdf').waitFor();
    await final.getByRole('button', { name: '提交定稿' }).click();
    await page.getByRole('button', { name: '确认提交' }).click();
    await submitted(page, final, '定稿已提交（第 1 版），请等待评阅');
    await final.getByText('已提交，待分配').waitFor();

    await autoAssign('定稿', 1);
    const finalId = (await submissionOf('final')).id;

    const r = reviewer;
    await r.goto(`${server.url}/annotate/thesis/finally/${finalId}`);
    await waitForTitle(r, '论文定稿');
    await r.getByTestId('status-tag').filter({ hasText: '评阅中' }).waitFor();
    await r.getByLabel(/成绩/).fill('85');
    await r.getByLabel(/成绩/).blur();
    await r.getByTestId('grade-tag').filter({ hasText: '良好' }).first().waitFor();
    await submitReview('通过');
    const result = r.getByTestId('review-result');
    await result.getByTestId('result-score').filter({ hasText: '85 分' }).waitFor();
    await result.getByTestId('grade-tag').filter({ hasText: '良好' }).waitFor();
    const detail = await detailOf(finalId);
    assert.equal(detail.status, 'passed');
    assert.equal(detail.review?.score, 85);
    assert.equal(detail.review?.grade, '良好');
  });

  step('7. the candidate sees the grade', async () => {
    const page = student;
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    const final = page.getByTestId('stage-final');
    await final.getByText('85 分（良好）').waitFor();
    // The skipped optional plan is not offered after the draft.
    await page.getByTestId('stage-plan').getByText('论文初稿已提交，不能再提交论文计划').waitFor();
    assert.equal(
      await page
        .getByTestId('stage-plan')
        .getByRole('button', { name: /提交论文计划/ })
        .isDisabled(),
      true,
    );
    await page.waitForLoadState('networkidle');
    await axeClean(page, '我的论文：定稿已评');
    await final.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'whole-batch-step7.png') });
    await final.getByRole('link', { name: /查看评阅结果/ }).click();
    await waitForTitle(page, '评阅结果');
    await page.getByText('85 分（良好）').waitFor();
    await page.getByText(commentOf(minComment)).waitFor();
    await page.locator('.aw-page[data-rendered="true"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await axeClean(page, '评阅结果：定稿');
    await page.screenshot({ path: path.join(screenshots, 'whole-batch-step7-review.png') });
  });
});
