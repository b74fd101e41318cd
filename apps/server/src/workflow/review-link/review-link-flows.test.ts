import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type AnnotationDto,
  ErrorCode,
  type ReviewDto,
  Role,
  type SubmissionDetail,
  type SubmissionStatus,
} from '@zikao/contract';
import type { ListResult } from '@zikao/contract/envelope';
import type { NoticeListResult } from '@zikao/contract/notice';
import type { ReviewLinkContext, ReviewLinkDto } from '@zikao/contract/review-link';
import type { StudentReview } from '@zikao/contract/student';
import type { ThesisSheet } from '@zikao/contract/thesis-sheet';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  type Credential,
  createLink,
  highlight,
  REVIEW_COMMENT,
  TEST_LINK_SECRET,
  viaLink,
} from './review-link.test-kit.ts';

const EXPERT = '王教授（华南理工大学）';

describe('review links: the review, the check and what the candidate sees', () => {
  let app: TestApp;
  let admin: string;
  let reviewer: string;
  let reviewerId: number;
  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
    reviewer = await app.login('13800000003');
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
  });
  after(() => app.close());

  /** A candidate (signed in) with a draft whose PDF carries their name in its file name. */
  const candidateDraft = async (batchId: number) => {
    const student = await buildUser(app, { role: Role.student, name: '林晓雨', examNumber: `0301${Date.now() % 1e8}` });
    const token = await app.login(student.account, undefined, 'student');
    const documentId = await buildDocument(app, token, minimalPdf('Chapter One'), '林晓雨-030124-毕业论文.pdf');
    const built = await buildSubmission(app, { batchId, stage: 'draft', studentId: student.id, documentId });
    return { built, token, documentId, student };
  };
  const statusOf = async (id: number): Promise<SubmissionStatus> =>
    (await app.database.db.selectFrom('submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const linkStatus = async (submissionId: number, id: number) =>
    (
      await app.post<ListResult<ReviewLinkDto>>('/api/v1/console/reviewLink/list', { submissionId }, { token: admin })
    ).body.data.list.find((row) => row.id === id)?.status;
  const notices = async (token: string) =>
    (await app.post<NoticeListResult>('/api/v1/notice/list', {}, { token })).body.data.list;
  const context = async (credential: Credential) =>
    (await viaLink<ReviewLinkContext>(app, '/v1/link/context', credential)).body.data;

  it('评阅: the expert opens, annotates, saves and submits; the link is done and read-only; the candidate sees 评阅专家', async () => {
    const { built, token, documentId } = await candidateDraft(await buildBatch(app));
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review', label: EXPERT });
    const credential = link.credential;

    const opened = await viaLink<SubmissionDetail>(app, '/v1/submission/detail', credential, {
      submissionId: built.id,
      open: 1,
    });
    assert.equal(opened.body.data.status, 'reviewing');
    assert.equal(opened.body.data.reviewer?.name, EXPERT);
    const note = highlight();
    const saved = await viaLink<AnnotationDto>(app, '/v1/annotation/save', credential, {
      documentId,
      annotation: note,
      baseRevision: 0,
    });
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    assert.equal(saved.body.data.authorName, EXPERT);
    const draft = await viaLink<ReviewDto>(app, '/v1/review/save', credential, {
      submissionId: built.id,
      versionNo: 1,
      comment: '初步意见',
    });
    assert.equal(draft.body.data.state, 'draft');
    const submitted = await viaLink<{ status: SubmissionStatus }>(app, '/v1/review/submit', credential, {
      submissionId: built.id,
      versionNo: 1,
      verdict: 'revise',
      comment: REVIEW_COMMENT,
    });
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    assert.equal(submitted.body.data.status, 'returned');

    assert.equal(await linkStatus(built.id, link.id), 'completed');
    assert.equal((await context(credential)).completed, true, 'a completed link still opens');
    const reread = await viaLink<SubmissionDetail>(app, '/v1/submission/detail', credential, {
      submissionId: built.id,
    });
    assert.equal(reread.body.data.review?.state, 'submitted');
    const again = await viaLink(app, '/v1/review/save', credential, {
      submissionId: built.id,
      versionNo: 1,
      comment: '再改',
    });
    assert.equal(again.body.errorCode, ErrorCode.conflict);
    const frozen = await viaLink(app, '/v1/annotation/save', credential, {
      documentId,
      annotation: highlight(),
      baseRevision: 0,
    });
    assert.equal(frozen.body.errorCode, ErrorCode.forbidden);

    // The candidate: the review is released; its reviewer is 评阅专家, never the expert's name.
    const review = await app.post<StudentReview>('/api/v1/student/review', { submissionId: built.id }, { token });
    assert.equal(review.body.errorCode, 0, review.body.errorMsg);
    assert.equal(review.body.data.review?.verdict, 'revise');
    assert.equal(review.body.data.review?.reviewedBy, '评阅专家');
    assert.deepEqual(
      review.body.data.annotations.map((a) => a.authorName),
      ['评阅专家'],
    );
    const listed = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token });
    assert.deepEqual(
      listed.body.data.map((a) => [a.authorId, a.authorName]),
      [[0, '评阅专家']],
    );
    const reply = await app.post<{ id: number }>(
      '/api/v1/annotation/reply',
      { annotationId: note.id, comment: '已按意见修改' },
      { token },
    );
    assert.equal(reply.body.errorCode, 0, reply.body.errorMsg);
    const thread = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token });
    assert.equal(thread.body.data[0]?.authorName, '评阅专家');
    assert.equal(thread.body.data[0]?.replies[0]?.comment, '已按意见修改');
    const told = await notices(token);
    assert.equal(told.length, 1);
    assert.equal(JSON.stringify([review.body.data, thread.body.data, told]).includes('王教授'), false);
  });

  it('blind review holds through the proxy: detail, sheet, document name and annotation authors hide the candidate', async () => {
    const { built, documentId, student } = await candidateDraft(await buildBatch(app, { blindReview: true }));
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review', label: EXPERT });
    const credential = link.credential;
    const note = highlight();
    await viaLink(app, '/v1/annotation/save', credential, { documentId, annotation: note, baseRevision: 0 });
    // The candidate's reply on the annotation (as after a released review).
    await app.database.db
      .insertInto('annotation_replies')
      .values({ annotation_id: note.id, author_id: student.id, comment: '谢谢老师', created_at: Date.now() })
      .execute();

    const detail = await viaLink<SubmissionDetail>(app, '/v1/submission/detail', credential, {
      submissionId: built.id,
    });
    assert.equal(detail.body.errorCode, 0, detail.body.errorMsg);
    assert.equal(detail.body.data.student, null);
    assert.equal(detail.body.data.thesis.advisor, '');
    const sheet = await viaLink<ThesisSheet>(app, '/v1/submission/sheet', credential, { submissionId: built.id });
    assert.equal(sheet.body.data.student, null);
    const status = await viaLink<{ name: string }>(app, '/v1/document/status', credential, { documentId });
    assert.equal(status.body.data.name, `论文文档-${documentId}.pdf`);
    const listed = await viaLink<AnnotationDto[]>(app, '/v1/annotation/list', credential, { documentId });
    assert.equal(listed.body.data[0]?.replies[0]?.authorName, '考生');
    assert.equal(listed.body.data[0]?.replies[0]?.authorId, 0);
    const everything = JSON.stringify([detail.body, sheet.body, status.body, listed.body]);
    for (const secret of ['林晓雨', built.examNumber, student.account, '测试学院', '张导师']) {
      assert.equal(everything.includes(secret), false, `leaks ${secret}`);
    }
    // The admin, through the console, still sees the candidate (the check is not blind).
    const asAdmin = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: built.id },
      { token: admin },
    );
    assert.equal(asAdmin.body.data.student?.name, '林晓雨');
  });

  it('复核通过: the verdict becomes final (已复核), the candidate is told, the link is done', async () => {
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app, { adminCheck: true }),
      stage: 'final',
      status: 'awaiting_check',
      reviewerId,
    });
    const studentAccount = (
      await app.database.db
        .selectFrom('users')
        .select('account')
        .where('id', '=', built.studentId)
        .executeTakeFirstOrThrow()
    ).account;
    const studentToken = await app.login(studentAccount, undefined, 'student');
    assert.equal((await notices(studentToken)).length, 0, 'not told before the check');
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'check' });
    const passed = await viaLink<{ status: SubmissionStatus }>(app, '/v1/review/check', link.credential, {
      submissionId: built.id,
    });
    assert.equal(passed.body.errorCode, 0, passed.body.errorMsg);
    assert.equal(passed.body.data.status, 'checked');
    assert.equal(await statusOf(built.id), 'checked');
    const told = await notices(studentToken);
    assert.equal(told.length, 1);
    assert.match(told[0]?.body ?? '', /通过，成绩 85 分/);
    assert.equal(await linkStatus(built.id, link.id), 'completed');
    assert.equal((await context(link.credential)).completed, true);
    const twice = await viaLink(app, '/v1/review/check', link.credential, { submissionId: built.id });
    assert.deepEqual([twice.body.errorCode, twice.body.errorMsg], [ErrorCode.conflict, '论文不在待复核状态']);
    const trail = await app.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'from_status', 'to_status'])
      .where('entity', '=', 'submission')
      .where('entity_id', '=', built.id)
      .where('action', '=', 'check')
      .execute();
    assert.equal(trail.length, 1, 'the check is in the submission trail, by the admin who made the link');
  });

  it('退回评阅人: needs a reason of 5 characters; the review goes back to its reviewer, who is told why', async () => {
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app, { adminCheck: true }),
      stage: 'final',
      status: 'awaiting_check',
      reviewerId,
    });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'check' });
    const short = await viaLink(app, '/v1/review/reopen', link.credential, { submissionId: built.id, reason: '不行' });
    assert.equal(short.body.errorCode, ErrorCode.invalidInput);
    assert.match(short.body.errorMsg, /原因至少 5 个字/);
    const before = (await notices(reviewer)).length;
    const reason = '评语过于简略，请补充具体修改意见';
    const returned = await viaLink<{ status: SubmissionStatus }>(app, '/v1/review/reopen', link.credential, {
      submissionId: built.id,
      reason,
    });
    assert.equal(returned.body.errorCode, 0, returned.body.errorMsg);
    assert.equal(returned.body.data.status, 'reviewing');
    const review = await app.database.db
      .selectFrom('reviews')
      .select(['state', 'reviewer_id'])
      .where('submission_id', '=', built.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...review }, { state: 'draft', reviewer_id: reviewerId });
    const told = await notices(reviewer);
    assert.equal(told.length, before + 1);
    assert.equal(told[0]?.title, '评阅已退回：论文定稿');
    assert.ok(told[0]?.body.includes(reason));
    assert.equal(told[0]?.link, `/annotate/thesis/finally/${built.id}`);
    assert.equal(await linkStatus(built.id, link.id), 'completed');
    // The reviewer can change and submit the review again.
    const resubmitted = await app.post<{ status: SubmissionStatus }>(
      '/api/v1/review/submit',
      { submissionId: built.id, versionNo: 1, verdict: 'pass', score: 88, comment: REVIEW_COMMENT },
      { token: reviewer },
    );
    assert.equal(resubmitted.body.data.status, 'awaiting_check', resubmitted.body.errorMsg);
  });

  it('an expert’s review sent back by the check reopens the expert’s own link, then a new check passes it', async () => {
    const { built, token, documentId } = await candidateDraft(await buildBatch(app, { adminCheck: true }));
    const review = await createLink(app, admin, { submissionId: built.id, purpose: 'review', label: EXPERT });
    const submit = () =>
      viaLink<{ status: SubmissionStatus }>(app, '/v1/review/submit', review.credential, {
        submissionId: built.id,
        versionNo: 1,
        verdict: 'pass',
        comment: REVIEW_COMMENT,
      });
    await viaLink(app, '/v1/annotation/save', review.credential, {
      documentId,
      annotation: highlight(),
      baseRevision: 0,
    });
    assert.equal((await submit()).body.data.status, 'awaiting_check');
    assert.equal(await linkStatus(built.id, review.id), 'completed');
    assert.equal((await notices(token)).length, 0, 'the candidate waits for the check');

    const check = await createLink(app, admin, { submissionId: built.id, purpose: 'check' });
    const returned = await viaLink(app, '/v1/review/reopen', check.credential, {
      submissionId: built.id,
      reason: '请补充对论证部分的具体意见',
    });
    assert.equal(returned.body.errorCode, 0, returned.body.errorMsg);
    assert.equal(await linkStatus(built.id, review.id), 'active', 'the expert may revise through the same link');
    assert.equal(await linkStatus(built.id, check.id), 'completed');
    assert.equal((await context(review.credential)).completed, false);
    const revised = await viaLink(app, '/v1/review/save', review.credential, {
      submissionId: built.id,
      versionNo: 1,
      comment: `${REVIEW_COMMENT}补充。`,
    });
    assert.equal(revised.body.errorCode, 0, revised.body.errorMsg);
    assert.equal((await submit()).body.data.status, 'awaiting_check');

    const second = await createLink(app, admin, { submissionId: built.id, purpose: 'check' });
    const passed = await viaLink<{ status: SubmissionStatus }>(app, '/v1/review/check', second.credential, {
      submissionId: built.id,
    });
    assert.equal(passed.body.data.status, 'checked');
    const told = await notices(token);
    assert.equal(told.length, 1);
    assert.equal(told[0]?.body.includes('王教授'), false);
    const released = await app.post<StudentReview>('/api/v1/student/review', { submissionId: built.id }, { token });
    assert.deepEqual(
      released.body.data.annotations.map((a) => a.authorName),
      ['评阅专家'],
    );
  });
});
