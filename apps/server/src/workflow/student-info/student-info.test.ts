import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type SubmissionStatus } from '@zikao/contract';
import type { StudentCertificateResult, StudentCoursesResult, StudentExamResult } from '@zikao/contract/student-info';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the candidate’s read-only pages', () => {
  let app: TestApp;
  let reviewerId: number;
  before(async () => {
    app = await createTestApp();
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
  });
  after(() => app.close());

  const call = <T>(path: string, token: string) => app.post<T>(`/api/v1/student/${path}`, {}, { token });
  const candidate = async (name: string) => {
    const user = await buildUser(app, {
      role: Role.student,
      name,
      examNumber: `0301${Math.floor(Math.random() * 1e8)}`,
    });
    return { ...user, token: await app.login(user.account, undefined, 'student') };
  };

  it('summarises only the caller’s theses, with verdicts only once they are final', async () => {
    const passed = await candidate('通过考生');
    const other = await candidate('另一考生');
    const batchId = await buildBatch(app, {}, '2026年下半年·测试');
    const base = { batchId, reviewerId, studentId: passed.id, title: '我的论文' };
    const built = await buildSubmission(app, { ...base, stage: 'topic', status: 'passed' });
    const thesisId = built.thesisId;
    // Further stages of the same thesis.
    const submissionOf = async (stage: 'draft' | 'final', status: SubmissionStatus) => {
      const id = await app.submissions.createSubmission(passed.id, thesisId, stage, {
        documentId: null,
        structured: null,
      });
      await app.database.db
        .updateTable('submissions')
        .set({ status, reviewer_id: reviewerId })
        .where('id', '=', id)
        .execute();
      return id;
    };
    await submissionOf('draft', 'reviewing');
    await app.database.db
      .insertInto('reviews')
      .values({
        submission_id: await submissionOf('final', 'passed'),
        version_no: 1,
        reviewer_id: reviewerId,
        verdict: 'pass',
        score: 88,
        rubric_json: '{}',
        comment: '评语'.repeat(30),
        plagiarism_rate: 8,
        time_spent_ms: 1000,
        state: 'submitted',
        submitted_at: Date.now(),
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    await buildSubmission(app, { batchId, reviewerId, studentId: other.id, stage: 'final', status: 'failed' });

    const exam = await call<StudentExamResult>('exam', passed.token);
    assert.equal(exam.body.errorCode, 0, exam.body.errorMsg);
    assert.equal(exam.body.data.student.name, '通过考生');
    assert.equal(exam.body.data.theses.length, 1, 'another candidate’s thesis is not listed');
    const thesis = exam.body.data.theses[0];
    assert.equal(thesis?.title, '我的论文');
    assert.equal(thesis?.batchName, '2026年下半年·测试');
    assert.deepEqual(
      thesis?.stages.map((s) => [s.stage, s.status, s.verdict, s.score, s.grade]),
      [
        ['topic', 'passed', 'pass', null, null],
        ['draft', 'reviewing', null, null, null],
        ['final', 'passed', 'pass', 88, '良好'],
      ],
    );
    assert.equal(thesis?.outcome, 'passed');
    assert.equal(thesis?.finalScore, 88);

    const certificate = await call<StudentCertificateResult>('certificate', passed.token);
    assert.equal(certificate.body.data.status, 'eligible');
    assert.deepEqual(
      certificate.body.data.conditions.map((c) => c.met),
      [true, true, null],
    );
    assert.equal(certificate.body.data.thesis?.grade, '良好');

    const failed = await call<StudentCertificateResult>('certificate', other.token);
    assert.equal(failed.body.data.status, 'failed');
    assert.equal(failed.body.data.conditions[0]?.met, false);
    const failedExam = await call<StudentExamResult>('exam', other.token);
    assert.equal(failedExam.body.data.theses.length, 1);
    assert.equal(failedExam.body.data.theses[0]?.finalScore, 40);
  });

  it('hides a verdict waiting for the admin’s check, and says what is missing when nothing is final', async () => {
    const waiting = await candidate('待复核考生');
    const batchId = await buildBatch(app, { adminCheck: true });
    await buildSubmission(app, {
      batchId,
      reviewerId,
      studentId: waiting.id,
      stage: 'final',
      status: 'awaiting_check',
    });
    const exam = await call<StudentExamResult>('exam', waiting.token);
    const stage = exam.body.data.theses[0]?.stages[0];
    assert.equal(stage?.status, 'awaiting_check');
    assert.equal(stage?.verdict, null);
    assert.equal(stage?.score, null);
    const certificate = (await call<StudentCertificateResult>('certificate', waiting.token)).body.data;
    assert.equal(certificate.status, 'not_eligible');
    assert.equal(certificate.outcome, 'in_progress');

    const newcomer = await candidate('新考生');
    const none = (await call<StudentCertificateResult>('certificate', newcomer.token)).body.data;
    assert.equal(none.status, 'not_eligible');
    assert.equal(none.thesis, null);
    assert.equal(none.conditions[0]?.detail, '尚无论文记录');
    assert.deepEqual((await call<StudentExamResult>('exam', newcomer.token)).body.data.theses, []);
  });

  it('lists no live course while none is scheduled', async () => {
    const student = await candidate('听课考生');
    const courses = await call<StudentCoursesResult>('courses', student.token);
    assert.equal(courses.body.errorCode, 0);
    assert.deepEqual(courses.body.data.list, []);
  });

  it('answers candidates only', async () => {
    for (const account of ['13800000002', '13800000003', '13800000004']) {
      const token = await app.login(account);
      for (const path of ['courses', 'exam', 'certificate']) {
        assert.equal((await call(path, token)).body.errorCode, ErrorCode.forbidden, `${account} ${path}`);
      }
    }
    assert.equal((await app.post('/api/v1/student/exam', {})).body.errorCode, ErrorCode.notLoggedIn);
  });
});
