import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { StudentApiPath, type StudentOverview, type StudentSubmissionDetail } from '@zikao/contract/student';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import {
  thesisFixtureDocx,
  thesisFixtures,
} from '../../apps/server/src/documents/document/word-fidelity/thesis-fixture.ts';
import { multiPagePdf, thesisDocx } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

/** A second candidate for the PDF path; the demo candidate takes the Word path. */
const PDF_CANDIDATE_PHONE = '13700000233';
const NOTE = '已将 Word 文档转换为 PDF，评阅教师将看到此版式，请核对页码与格式';
const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';
const TOPIC = {
  title: '自学考试论文评阅系统的设计与实现',
  rationale: '评阅教师与考生需要按同一页码讨论论文。',
  outline: '一、绪论\n二、设计\n三、实现\n四、结论',
  references: '[1] 王力. 汉语史稿[M]. 北京：中华书局，2004.',
};

/** Password login on the student side, through the API; returns the token. */
const studentToken = (server: TestServer, phone: string) => apiLogin(server, phone, DEMO_PASSWORD, 'student');

/** A batch open in every stage, a thesis for the demo candidate and one for a second candidate. */
async function seedCandidates(dataDir: string): Promise<{ reviewerId: number }> {
  const { db, close } = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const now = Date.now();
    const demo = await db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', PHONES.student)
      .executeTakeFirstOrThrow();
    const batch = await db
      .insertInto('batches')
      .values({
        name: '2026年下半年（Word 核对测试）',
        status: 'open',
        rules_json: JSON.stringify({ uploadLimit: 3 }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...profile } = demo;
    const second = await db
      .insertInto('users')
      .values({ ...profile, account: PDF_CANDIDATE_PHONE, name: '吴考生', exam_number: '030124108233' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const studentId of [demo.id, second.id]) {
      await db
        .insertInto('theses')
        .values({
          batch_id: batch.id,
          student_id: studentId,
          major_name: '汉语言文学',
          title: '待定',
          advisor: '刘建华',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const reviewer = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', PHONES.reviewer)
      .executeTakeFirstOrThrow();
    return { reviewerId: reviewer.id };
  } finally {
    await close();
  }
}

diagnoseFailures();

describe('a Word thesis: the candidate checks the converted PDF before submitting (issue 23)', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let dataDir: string;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;
  const tokens: Record<string, string> = {};

  /** The candidate's topic, submitted and passed through the API, so that the draft is open. */
  async function passTopic(phone: string): Promise<void> {
    const token = await studentToken(server, phone);
    tokens[phone] = token;
    const overview = await callApi<StudentOverview>(server, StudentApiPath.thesis, {}, token);
    const thesisId = overview.data.thesis?.id;
    const topic = await callApi<{ submissionId: number }>(
      server,
      StudentApiPath.submit,
      { thesisId, stage: 'topic', structured: TOPIC, attachments: [] },
      token,
    );
    assert.equal(topic.errorCode, 0, topic.errorMsg);
    const submissionId = topic.data.submissionId;
    const assigned = await callApi(
      server,
      '/v1/assignment/assign',
      { submissionIds: [submissionId], reviewerId },
      admin,
    );
    assert.equal(assigned.errorCode, 0, assigned.errorMsg);
    const comment =
      '选题明确，研究内容具体可行，同意开题。请在论文中注意文献综述与研究方法的衔接，按计划推进写作，并按时提交论文初稿。';
    const passed = await callApi(
      server,
      '/v1/review/submit',
      { submissionId, versionNo: 1, verdict: 'pass', comment },
      reviewer,
    );
    assert.equal(passed.errorCode, 0, passed.errorMsg);
  }

  const draftOf = async (phone: string) => {
    const overview = await callApi<StudentOverview>(server, StudentApiPath.thesis, {}, tokens[phone]);
    return overview.data.stages.find((s) => s.stage === 'draft');
  };

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'zikao-word-confirm-'));
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_REVIEW_DEMO: '0',
      // Conversions run in this server, not in a worker queue.
      REDIS_URL: '',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    });
    ({ reviewerId } = await seedCandidates(dataDir));
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    browser.page.setDefaultTimeout(90_000);
    admin = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    await passTopic(PHONES.student);
    await passTopic(PDF_CANDIDATE_PHONE);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the demo candidate uploads a Word thesis, sees its PDF with the note and page count, and confirms', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/student/login`);
    await loginByPassword(page, PHONES.student);
    await waitForPath(page, '/student');
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');

    const fixture = thesisFixtures().find((one) => one.name === 'short-chapters-11p');
    assert.ok(fixture);
    const draft = page.getByTestId('stage-draft');
    await draft
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: '高等教育自学考试毕业论文管理研究.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: thesisFixtureDocx(fixture.spec),
      });
    // Nothing can be submitted while the PDF is being made.
    const waiting = draft.getByText('Word 文档正在转换为 PDF，完成后请核对');
    await waiting.waitFor();
    assert.equal(await draft.getByRole('button', { name: '提交论文初稿' }).isDisabled(), true);

    const check = draft.getByTestId('word-check');
    await check.getByText(NOTE).waitFor({ timeout: 120_000 });
    const pages = Number((await check.getByText(/转换后共/).innerText()).match(/共\s*(\d+)\s*页/)?.[1]);
    assert.ok(pages >= fixture.spec.pages - 1 && pages <= fixture.spec.pages + 1, `pages: ${pages}`);
    // The PDF itself, read-only: its pages render, and its page count is the one stated.
    const first = check.locator('.aw-page[data-page-index="0"][data-rendered="true"]');
    await first.waitFor();
    await expect(
      async () => (await first.locator('.aw-text-layer').innerText()).replace(/\s/g, '').includes(fixture.spec.title),
      'the cover of the converted PDF shows the thesis title',
    );
    await page.waitForLoadState('networkidle');
    await check.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(screenshots, 'word-confirm-1440.png') });
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `word check\n${describeViolations(violations)}`);

    await draft.getByRole('button', { name: '确认无误，提交' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`评阅教师将看到您刚才核对的 PDF（共 ${pages} 页）`).waitFor();
    await dialog.getByRole('button', { name: '确认提交' }).click();
    await page.getByText('论文初稿已提交（第 1 版），请等待评阅').waitFor();
    await draft.getByText('已提交，待分配').waitFor();

    const stage = await draftOf(PHONES.student);
    assert.equal(stage?.submission?.currentVersion, 1);
    const detail = await callApi<StudentSubmissionDetail>(
      server,
      StudentApiPath.submission,
      { submissionId: stage?.submission?.id },
      tokens[PHONES.student],
    );
    const document = detail.data.versions[0]?.document;
    assert.equal(document?.status, 'ready');
    assert.equal(document?.pageCount, pages, 'the version carries the PDF the candidate checked');
  });

  it('a second candidate chooses 改为上传 PDF and submits their own export', async () => {
    // A fresh browser: the demo candidate's session stays out of it.
    await browser.close();
    // On a phone this time.
    browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    browser.page.setDefaultTimeout(90_000);
    const { page } = browser;
    await page.goto(`${server.url}/student/login`);
    await loginByPassword(page, PDF_CANDIDATE_PHONE);
    await waitForPath(page, '/student');
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');

    const draft = page.getByTestId('stage-draft');
    const input = draft.locator('input[type=file]').first();
    await input.setInputFiles({
      name: '论文初稿.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: thesisDocx({ pages: 2 }),
    });
    const check = draft.getByTestId('word-check');
    await check.getByText(NOTE).waitFor({ timeout: 120_000 });
    await check.locator('.aw-page[data-page-index="0"][data-rendered="true"]').waitFor();
    await page.waitForLoadState('networkidle');
    await check.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(screenshots, 'word-confirm-390.png') });
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `word check, 390 px\n${describeViolations(violations)}`);
    await check.getByRole('button', { name: '改为上传 PDF' }).click();
    assert.equal(await check.count(), 0, 'the conversion is dropped');
    await draft.getByText('点击或将 PDF 文件拖到此处上传').waitFor();
    assert.equal(await draft.getByRole('button', { name: '提交论文初稿' }).isDisabled(), true);

    // A Word file is refused on this path, before it is sent.
    await input.setInputFiles({
      name: '又一份.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: thesisDocx({ pages: 1 }),
    });
    await draft.getByText(/请上传 PDF 文件/).waitFor();

    await input.setInputFiles({
      name: '论文初稿-导出.pdf',
      mimeType: 'application/pdf',
      buffer: multiPagePdf(['第一章 绪论', '第二章 设计', '第三章 结论']),
    });
    await draft.getByTestId('document-upload').getByText('已完成').waitFor();
    assert.equal(await draft.getByTestId('word-check').count(), 0, 'a PDF of their own needs no check');
    await draft.getByRole('button', { name: '提交论文初稿' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();
    await page.getByText('论文初稿已提交（第 1 版），请等待评阅').waitFor();

    const stage = await draftOf(PDF_CANDIDATE_PHONE);
    const detail = await callApi<StudentSubmissionDetail>(
      server,
      StudentApiPath.submission,
      { submissionId: stage?.submission?.id },
      tokens[PDF_CANDIDATE_PHONE],
    );
    assert.equal(detail.data.versions[0]?.document?.name, '论文初稿-导出.pdf');
    assert.equal(detail.data.versions[0]?.document?.pageCount, 3);
    await expect(
      async () => (await draft.getByText('已用 1 / 3 次，剩余 2 次').count()) === 1,
      'one upload used, not two',
    );
  });

  it('the reviewer reads the same PDF and can download the Word original beside it; a PDF thesis offers none', async () => {
    const wordDraft = await draftOf(PHONES.student);
    const pdfDraft = await draftOf(PDF_CANDIDATE_PHONE);
    const assigned = await callApi(
      server,
      '/v1/assignment/assign',
      { submissionIds: [wordDraft?.submission?.id, pdfDraft?.submission?.id], reviewerId },
      admin,
    );
    assert.equal(assigned.errorCode, 0, assigned.errorMsg);
    const reviewerBrowser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const { page } = reviewerBrowser;
      page.setDefaultTimeout(90_000);
      await page.goto(`${server.url}/login`);
      await loginByPassword(page, PHONES.reviewer);
      await page.waitForURL((current) => current.pathname !== '/login');
      await page.goto(`${server.url}/annotate/thesis/reviews/${wordDraft?.submission?.id}`);
      const button = page.getByRole('button', { name: '下载 Word 原文' });
      await button.waitFor();
      const download = page.waitForEvent('download');
      await button.click();
      const file = await download;
      assert.match(file.suggestedFilename(), /\.docx$/);

      await page.goto(`${server.url}/annotate/thesis/reviews/${pdfDraft?.submission?.id}`);
      await page.getByTestId('review-header').waitFor();
      await page.locator('.aw-page[data-page-index="0"][data-rendered="true"]').waitFor();
      assert.equal(
        await page.getByRole('button', { name: '下载 Word 原文' }).count(),
        0,
        'a PDF upload has no Word original',
      );
    } finally {
      await reviewerBrowser.close();
    }
  });
});
