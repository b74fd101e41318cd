import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type Stage } from '@zikao/contract';
import { StudentApiPath, type StudentOverview } from '@zikao/contract/student';
import { buildBatch, buildDocument, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const COMMENT =
  '选题明确，结构合理，论证思路清楚，建议补充近五年的研究文献，并规范参考文献的著录格式，使全文更加严谨完整。';
const TOPIC = {
  title: '论汪曾祺散文的语言风格',
  rationale: '汪曾祺散文语言平淡而有味，值得研究。',
  outline: '一、绪论\n二、句式\n三、词汇\n四、结论',
  references: '[1] 汪曾祺. 汪曾祺全集[M]. 北京：人民文学出版社，2019.',
};

/** The optional 论文计划 comes before the draft (product.md, "The thesis lifecycle"), never after it. */
describe('the candidate: no 论文计划 once the draft is in', () => {
  let app: TestApp;
  let reviewerId: number;
  let reviewerToken: string;
  let adminToken: string;

  before(async () => {
    app = await createTestApp();
    reviewerToken = await app.login('13800000003');
    adminToken = await app.login('13800000004');
    const reviewer = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    reviewerId = reviewer.id;
  });
  after(() => app.close());

  const call = async <T>(path: string, body: Record<string, unknown>, token: string) =>
    (await app.post<T>(`/api${path}`, body, { token })).body;

  it('offers the plan after the topic passed, and refuses it with the reason once the draft is submitted', async () => {
    const batchId = await buildBatch(app);
    const user = await buildUser(app, {
      role: Role.student,
      name: '林晓',
      examNumber: `0301${randomUUID().slice(0, 8)}`,
    });
    const now = Date.now();
    const thesis = await app.database.db
      .insertInto('theses')
      .values({
        batch_id: batchId,
        student_id: user.id,
        major_name: '汉语言文学',
        title: TOPIC.title,
        advisor: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await app.login(user.account, user.password, 'student');
    const submit = (stage: Stage, extra: Record<string, unknown>) =>
      call<{ submissionId: number }>(StudentApiPath.submit, { thesisId: thesis.id, stage, ...extra }, token);
    const planStage = async () =>
      (await call<StudentOverview>(StudentApiPath.thesis, {}, token)).data.stages.find((s) => s.stage === 'plan');

    const topic = await submit('topic', { structured: TOPIC });
    assert.equal(topic.errorCode, 0, topic.errorMsg);
    const assigned = await call(
      '/v1/assignment/assign',
      { submissionIds: [topic.data.submissionId], reviewerId },
      adminToken,
    );
    assert.equal(assigned.errorCode, 0, assigned.errorMsg);
    const passed = await call(
      '/v1/review/submit',
      { submissionId: topic.data.submissionId, versionNo: 1, verdict: 'pass', comment: COMMENT },
      reviewerToken,
    );
    assert.equal(passed.errorCode, 0, passed.errorMsg);
    assert.equal((await planStage())?.action, 'submit');

    // The candidate skips the optional plan and submits the draft.
    const draft = await submit('draft', { documentId: await buildDocument(app, token, minimalPdf('Draft')) });
    assert.equal(draft.errorCode, 0, draft.errorMsg);

    const plan = await planStage();
    assert.equal(plan?.action, null);
    assert.equal(plan?.blockedReason, '论文初稿已提交，不能再提交论文计划');
    const late = await submit('plan', { documentId: await buildDocument(app, token, minimalPdf('Plan')) });
    assert.equal(late.errorCode, ErrorCode.conflict);
    assert.equal(late.errorMsg, '论文初稿已提交，不能再提交论文计划');
  });
});
