import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CarriedAnnotationDto, SubmissionDetail } from '@zikao/contract/review';
import { awaitsCarryOver, reopenedFor, reviewAccess, withMark } from './screen-model.ts';

const REVIEWER = 3;
const submission = (status: SubmissionDetail['status'], reviewerId: number | null = REVIEWER) => ({
  status,
  reviewer: reviewerId === null ? null : { id: reviewerId, name: '陈评阅' },
  currentVersion: 2,
});

describe('what the review screen lets a user do', () => {
  it('gives the assigned reviewer the form on the current version of an open submission', () => {
    for (const status of ['assigned', 'reviewing'] as const) {
      assert.deepEqual(reviewAccess(submission(status), REVIEWER, 'review', 2), {
        canReview: true,
        editable: true,
        canMark: true,
        notice: null,
      });
    }
  });

  it('shows earlier versions and the read-only screens without editing', () => {
    const earlier = reviewAccess(submission('reviewing'), REVIEWER, 'review', 1);
    assert.equal(earlier.editable || earlier.canMark, false);
    assert.equal(earlier.notice, null);
    const readonly = reviewAccess(submission('reviewing'), REVIEWER, 'readonly', 2);
    assert.deepEqual(readonly, { canReview: true, editable: false, canMark: false, notice: null });
  });

  it('says why the form is not there: submitted, returned, unassigned, or someone else’s', () => {
    const notice = (status: SubmissionDetail['status'], reviewerId: number | null, userId = REVIEWER) =>
      reviewAccess(submission(status, reviewerId), userId, 'review', 2);
    assert.equal(notice('passed', REVIEWER).notice, '评阅已提交，结果不能修改；如需更改，请联系管理员重新打开');
    assert.equal(notice('awaiting_check', REVIEWER).editable, false);
    assert.equal(notice('returned', REVIEWER).notice, '论文已退回修改，等待考生提交新版本');
    assert.equal(notice('unassigned', null).notice, '论文尚未分配评阅教师');
    const admin = notice('reviewing', REVIEWER, 4);
    assert.equal(admin.editable, false);
    assert.equal(admin.notice, '该论文由陈评阅评阅，您只能查看');
  });
});

describe('a carried point ticked', () => {
  it('replaces that point and recounts the addressed ones', () => {
    const item = (id: string, addressed: boolean | null): CarriedAnnotationDto => ({
      id,
      carriedFromId: `from-${id}`,
      status: 'found',
      confidence: 1,
      addressed,
      pageIndex: 0,
      quote: '引文',
      comment: '批注',
      writtenAt: 0,
      candidates: [],
    });
    const detail = {
      carried: {
        versionNo: 2,
        fromVersionNo: 1,
        counts: { found: 2, moved: 0, orphaned: 0 },
        addressed: 1,
        items: [item('a', true), item('b', null)],
      },
    } as SubmissionDetail;
    const next = withMark(detail, item('b', true));
    assert.deepEqual(
      next.carried?.items.map((i) => i.addressed),
      [true, true],
    );
    assert.equal(next.carried?.addressed, 2);
    assert.equal(withMark(next, item('a', null)).carried?.addressed, 1);
    // The original is left alone: the query cache gets a new object.
    assert.equal(detail.carried?.addressed, 1);
  });
});

describe('waiting for the carry-over', () => {
  const version = (versionNo: number, documentId: number | null) =>
    ({ versionNo, documentId }) as SubmissionDetail['versions'][number];
  it('waits while a resubmitted document version has no carried summary yet', () => {
    assert.equal(
      awaitsCarryOver({ versions: [version(1, 10), version(2, 11)], currentVersion: 2, carried: null }),
      true,
    );
    const carried = {
      versionNo: 2,
      fromVersionNo: 1,
      counts: { found: 0, moved: 0, orphaned: 0, unverified: 0 },
      addressed: 0,
      items: [],
    };
    assert.equal(awaitsCarryOver({ versions: [version(1, 10), version(2, 11)], currentVersion: 2, carried }), false);
  });
  it('does not wait for first versions or structured text', () => {
    assert.equal(awaitsCarryOver({ versions: [version(1, 10)], currentVersion: 1, carried: null }), false);
    assert.equal(
      awaitsCarryOver({ versions: [version(1, null), version(2, null)], currentVersion: 2, carried: null }),
      false,
    );
  });
});

describe('why a review came back', () => {
  const entry = (action: string, createdAt: number, reason = '') => ({
    action,
    fromStatus: null,
    toStatus: null,
    actorName: '赵管理',
    reason,
    createdAt,
  });
  const detail = (state: 'draft' | 'submitted', history: ReturnType<typeof entry>[], submittedAt = 100) =>
    ({
      review: { state },
      history,
      currentVersion: 2,
      versions: [
        { versionNo: 1, submittedAt: 10 },
        { versionNo: 2, submittedAt },
      ],
    }) as unknown as SubmissionDetail;

  it('names the latest reopen of this version’s review while the review is a draft again', () => {
    const reopened = reopenedFor(
      detail('draft', [entry('submit', 150), entry('reopen', 200, '成绩有误'), entry('reopen', 300, '评语需补充')]),
    );
    assert.deepEqual(reopened, { reason: '评语需补充', actorName: '赵管理', createdAt: 300 });
  });

  it('says nothing once resubmitted, for a first draft, or for an earlier version’s reopen', () => {
    assert.equal(reopenedFor(detail('submitted', [entry('reopen', 200, '成绩有误')])), null);
    assert.equal(reopenedFor(detail('draft', [entry('submit', 150)])), null);
    assert.equal(reopenedFor(detail('draft', [entry('reopen', 50, '旧版本')])), null);
  });
});
