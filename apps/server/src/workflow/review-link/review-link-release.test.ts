import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, ErrorCode, Role, type SubmissionListResult } from '@zikao/contract';
import type { AdminHome } from '@zikao/contract/home';
import type { ReviewLinkDto } from '@zikao/contract/review-link';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLink, highlight, REVIEW_COMMENT, TEST_LINK_SECRET, viaLink } from './review-link.test-kit.ts';

/**
 * Issue 32 §1.5: revoking an expert's review link gives the thesis back. The submission leaves
 * 评阅中 under the revoked expert for 待分配 in the revoke's own transaction, the admin home and
 * 评阅分配 show it waiting for a reviewer and ask for a 改派, and the 改派 keeps the expert's
 * annotations. Run on SQLite, and on PostgreSQL with DATABASE_URL.
 */
describe('revoking a review link releases the submission', () => {
  let app: TestApp;
  let admin: string;
  let reviewerId: number;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    admin = await app.login('13800000004');
    reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
  });
  after(() => app.close());

  async function expertDraft(label: string) {
    const candidate = await buildUser(app, { role: Role.student });
    const token = await app.login(candidate.account, undefined, 'student');
    const documentId = await buildDocument(app, token, minimalPdf('Chapter One'));
    const built = await buildSubmission(app, {
      batchId: await buildBatch(app),
      stage: 'draft',
      studentId: candidate.id,
      documentId,
    });
    const link = await createLink(app, admin, { submissionId: built.id, purpose: 'review', label });
    return { built, documentId, link };
  }
  const revoke = (id: number) =>
    app.post<ReviewLinkDto & { released: boolean }>('/api/v1/console/reviewLink/revoke', { id }, { token: admin });
  const submission = async (id: number) => ({
    ...(await app.database.db
      .selectFrom('submissions')
      .select(['status', 'reviewer_id', 'released_reviewer_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()),
  });
  const listRow = async (id: number, status?: string) => {
    const answer = await app.post<SubmissionListResult>(
      '/api/v1/submission/list',
      { stage: 'draft', scope: 'all', status, pageSize: 100 },
      { token: admin },
    );
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    return answer.body.data.list.find((row) => row.id === id);
  };
  const home = async () => {
    const answer = await app.post<AdminHome>('/api/v1/home/admin', {}, { token: admin });
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    return answer.body.data;
  };

  it('puts a thesis 评阅中 under the revoked expert back to 待分配, on the home and in 评阅分配, asking for a 改派', async () => {
    const { built, documentId, link } = await expertDraft('孙教授（四川大学）');
    const saved = await viaLink<AnnotationDto>(app, '/v1/annotation/save', link.credential, {
      documentId,
      annotation: highlight(),
      baseRevision: 0,
    });
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    const draft = await viaLink(app, '/v1/review/save', link.credential, {
      submissionId: built.id,
      versionNo: 1,
      comment: '初步意见',
    });
    assert.equal(draft.body.errorCode, 0, draft.body.errorMsg);
    const expertId = (await submission(built.id)).reviewer_id;
    assert.equal((await submission(built.id)).status, 'reviewing');
    const homeBefore = await home();

    const answer = await revoke(link.id);
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    assert.equal(answer.body.data.status, 'revoked');
    assert.equal(answer.body.data.released, true);
    assert.deepEqual(await submission(built.id), {
      status: 'unassigned',
      reviewer_id: null,
      released_reviewer_id: expertId,
    });

    // 评阅分配: in 待分配, no reviewer, the revoked expert named for the 改派.
    const row = await listRow(built.id, 'unassigned');
    assert.ok(row, 'listed under 待分配');
    assert.equal(row.reviewerId, null);
    assert.equal(row.reviewerName, '');
    assert.equal(row.releasedFromName, '孙教授（四川大学）');
    assert.equal(await listRow(built.id, 'reviewing'), undefined);
    // The admin home: one more waiting for a reviewer, one fewer in review, and it asks for a 改派.
    const homeAfter = await home();
    assert.equal(homeAfter.totals.unassigned, homeBefore.totals.unassigned + 1);
    assert.equal(homeAfter.totals.inReview, homeBefore.totals.inReview - 1);
    assert.equal(homeAfter.totals.released, homeBefore.totals.released + 1);
    // The trail says why.
    const trail = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'from_status', 'to_status', 'reason'])
      .where('entity', '=', 'submission')
      .where('entity_id', '=', built.id)
      .where('action', '=', 'unassign')
      .execute();
    assert.deepEqual(
      trail.map((entry) => ({ ...entry })),
      [{ action: 'unassign', from_status: 'reviewing', to_status: 'unassigned', reason: '评阅链接已撤销，请改派' }],
    );
    // The link is dead.
    const used = await viaLink(app, '/v1/link/context', link.credential);
    assert.equal(used.body.errorMsg, '评阅链接已撤销');

    // 改派: the new reviewer takes over the expert's annotations, and the prompt is gone.
    const assigned = await app.post(
      '/api/v1/assignment/assign',
      { submissionIds: [built.id], reviewerId },
      { token: admin },
    );
    assert.equal(assigned.body.errorCode, 0, assigned.body.errorMsg);
    assert.deepEqual(await submission(built.id), {
      status: 'assigned',
      reviewer_id: reviewerId,
      released_reviewer_id: null,
    });
    const note = await app.database.db
      .selectFrom('annotations')
      .select('author_id')
      .where('id', '=', saved.body.data.id)
      .executeTakeFirstOrThrow();
    assert.equal(note.author_id, reviewerId, 'the expert’s annotations go to the new reviewer');
    assert.equal((await listRow(built.id))?.releasedFromName, '');
    assert.equal((await home()).totals.released, homeBefore.totals.released);
  });

  it('keeps the thesis with the expert while another of their links still works, and releases it with the last', async () => {
    const { built, link } = await expertDraft('钱教授（浙江大学）');
    const second = await createLink(app, admin, {
      submissionId: built.id,
      purpose: 'review',
      label: '钱教授（浙江大学）',
    });
    const expertId = (await submission(built.id)).reviewer_id;
    const first = await revoke(link.id);
    assert.equal(first.body.data.released, false);
    assert.deepEqual(await submission(built.id), {
      status: 'assigned',
      reviewer_id: expertId,
      released_reviewer_id: null,
    });
    assert.equal((await viaLink(app, '/v1/link/context', second.credential)).body.errorCode, 0);
    const last = await revoke(second.id);
    assert.equal(last.body.data.released, true);
    assert.equal((await submission(built.id)).status, 'unassigned');
    // Revoking again changes nothing.
    const again = await revoke(second.id);
    assert.equal(again.body.errorCode, 0);
    assert.equal(again.body.data.released, false);
  });

  it('leaves a submitted review where it is: revoking a completed link releases nothing', async () => {
    const { built, link } = await expertDraft('冯教授（山东大学）');
    const submitted = await viaLink(app, '/v1/review/submit', link.credential, {
      submissionId: built.id,
      versionNo: 1,
      verdict: 'revise',
      comment: REVIEW_COMMENT,
    });
    assert.equal(submitted.body.errorCode, 0, submitted.body.errorMsg);
    const answer = await revoke(link.id);
    assert.equal(answer.body.data.released, false);
    assert.equal((await submission(built.id)).status, 'returned');
  });

  it('answers a save racing the revoke with 评阅链接已撤销 or lets it land before; either way the thesis ends 待分配', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { built, link } = await expertDraft(`蒋教授${round}（湖南大学）`);
      const [saved, revoked] = await Promise.all([
        viaLink(app, '/v1/review/save', link.credential, { submissionId: built.id, versionNo: 1, comment: '草稿' }),
        revoke(link.id),
      ]);
      assert.equal(revoked.body.errorCode, 0, revoked.body.errorMsg);
      assert.equal(revoked.body.data.released, true);
      if (saved.body.errorCode !== 0) {
        assert.equal(saved.body.errorCode, ErrorCode.badReviewLink, saved.body.errorMsg);
      }
      const after = await submission(built.id);
      assert.equal(after.status, 'unassigned');
      assert.equal(after.reviewer_id, null);
    }
  });
});
