import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import { StudentApiPath } from '@zikao/contract/student';
import { buildBatch, buildThesis, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { limitReason } from '../student/stage-rules.ts';

/**
 * Issue 19 §3: the candidate's upload tries (`uploads_used` against the batch's upload limit) hold
 * under a burst of resubmits through both routes (`/v1/student/submit`, `/v1/submission/resubmit`),
 * spread over two instances on one database. One resubmit of a returned version wins, the count
 * moves by exactly one, and once the tries are used up none gets through.
 */
const BURST = 30;
/** The first submit is the first try. */
const LIMIT = 3;
const COMMENT =
  '论文结构完整，论证基本充分，但文献综述部分略显单薄，建议补充近五年的研究成果，并规范参考文献的著录格式。';
const TOPIC = {
  title: '网络流行语对现代汉语词汇的影响研究',
  rationale: '网络流行语大量进入日常交际，值得研究。',
  outline: '一、绪论\n二、现状\n三、影响\n四、结论',
  references: '[1] 王力. 汉语史稿[M]. 北京：中华书局，2004.',
};

describe('the upload tries under a burst of resubmits, on two instances', () => {
  let apps: TestApp[] = [];
  let student: string;
  let reviewer: string;
  let thesisId: number;
  let submissionId: number;

  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
    const admin = await first.login('13800000004');
    const reviewerUser = await buildUser(first, { role: Role.reviewer });
    reviewer = await first.login(reviewerUser.account);
    const batchId = await buildBatch(first, { uploadLimit: LIMIT });
    const candidate = await buildUser(first, { role: Role.student });
    student = await first.login(candidate.account, candidate.password, 'student');
    thesisId = await buildThesis(first, {
      batchId,
      studentId: candidate.id,
      majorName: '汉语言文学',
      title: '待定题目',
      advisor: '张导师',
    });
    const submitted = await first.post<{ submissionId: number }>(
      `/api${StudentApiPath.submit}`,
      { thesisId, stage: 'topic', structured: TOPIC },
      { token: student },
    );
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    submissionId = submitted.body.data.submissionId;
    const assigned = await first.post(
      '/api/v1/assignment/assign',
      { submissionIds: [submissionId], reviewerId: reviewerUser.id },
      { token: admin },
    );
    assert.equal(assigned.body.errorCode, 0, assigned.body.errorMsg);
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });

  const app = () => apps[0] as TestApp;

  const sendBack = async (versionNo: number) => {
    const result = await app().post(
      '/api/v1/review/submit',
      { submissionId, versionNo, verdict: 'revise', comment: COMMENT },
      { token: reviewer },
    );
    assert.equal(result.body.errorCode, 0, result.body.errorMsg);
  };

  /** BURST resubmits at once, alternating routes and instances, each with its own rationale. */
  const burst = () =>
    Promise.all(
      Array.from({ length: BURST }, (_, i) => {
        const instance = apps[i % apps.length] as TestApp;
        const structured = { ...TOPIC, rationale: `第 ${i} 份修改` };
        return i % 4 < 2
          ? instance.post(`/api${StudentApiPath.submit}`, { thesisId, stage: 'topic', structured }, { token: student })
          : instance.post('/api/v1/submission/resubmit', { submissionId, structured }, { token: student });
      }),
    );

  const state = async () => {
    const row = await app()
      .database.db.selectFrom('submissions')
      .select(['uploads_used', 'current_version', 'status'])
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow();
    const versions = await app()
      .database.db.selectFrom('submission_versions')
      .select('version_no')
      .where('submission_id', '=', submissionId)
      .orderBy('version_no')
      .execute();
    const audits = await app()
      .database.db.selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', '=', 'submission')
      .where('entity_id', '=', submissionId)
      .where('action', '=', 'resubmit')
      .executeTakeFirstOrThrow();
    return { ...row, versions: versions.map((v) => v.version_no), resubmits: Number(audits.n) };
  };

  it('takes one of 30 concurrent resubmits of a returned version, and counts one more try', async () => {
    await sendBack(1);
    const answers = await burst();
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, 1, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === ErrorCode.conflict).length, BURST - 1, JSON.stringify(codes));
    const after = await state();
    assert.deepEqual(after, {
      uploads_used: 2,
      current_version: 2,
      status: 'assigned',
      versions: [1, 2],
      resubmits: 1,
    });
  });

  it('takes one more when a try is left, and none once the tries are used up', async () => {
    await sendBack(2);
    const second = (await burst()).map((a) => `${a.body.errorCode} ${a.body.errorMsg}`);
    assert.equal(second.filter((c) => c.startsWith('0 ')).length, 1, JSON.stringify(second));
    assert.equal((await state()).uploads_used, LIMIT);

    await sendBack(3);
    const third = await burst();
    // The candidate's submit names the limit; the workflow's resubmit says the tries are used up.
    for (const answer of third) {
      assert.equal(answer.body.errorCode, ErrorCode.conflict);
      assert.ok([limitReason(LIMIT), '上传次数已用完'].includes(answer.body.errorMsg), answer.body.errorMsg);
    }
    assert.deepEqual(await state(), {
      uploads_used: LIMIT,
      current_version: 3,
      status: 'returned',
      versions: [1, 2, 3],
      resubmits: 2,
    });
  });
});
