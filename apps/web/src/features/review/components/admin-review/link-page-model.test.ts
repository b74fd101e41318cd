import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract/errors';
import type { StatusHistoryEntry, SubmissionDetail } from '@zikao/contract/review';
import { ApiError } from '../../../../shared/request/errors.ts';
import { checkOutcome, hasCredential, refusalOf } from './link-page-model.ts';

const entry = (action: string, extra: Partial<StatusHistoryEntry> = {}): StatusHistoryEntry => ({
  action,
  fromStatus: null,
  toStatus: null,
  actorName: '周管理',
  reason: '',
  createdAt: 1_000,
  ...extra,
});

const detail = (
  status: SubmissionDetail['status'],
  history: StatusHistoryEntry[],
  reviewState: 'draft' | 'submitted' = 'submitted',
): Pick<SubmissionDetail, 'status' | 'history' | 'review'> => ({
  status,
  history,
  review: { state: reviewState } as SubmissionDetail['review'],
});

describe('the admin review page’s link', () => {
  it('needs lid, exp and sig in the page URL', () => {
    assert.equal(hasCredential('?lid=3&exp=1900000000000&sig=abcdefghijklmnop'), true);
    assert.equal(hasCredential('?lid=3&exp=1900000000000'), false);
    assert.equal(hasCredential('?lid=3&exp=&sig=abc'), false);
    assert.equal(hasCredential(''), false);
  });

  it('says in the server’s words why a link is refused, and offers no retry', () => {
    for (const reason of ['评阅链接无效', '评阅链接已撤销']) {
      const refusal = refusalOf(new ApiError(ErrorCode.badReviewLink, reason));
      assert.deepEqual([refusal.status, refusal.title, refusal.retry], ['403', reason, false]);
      assert.match(refusal.description, /联系发送链接的管理员/);
    }
    const expired = refusalOf(new ApiError(ErrorCode.badReviewLink, '评阅链接已过期'));
    assert.deepEqual([expired.status, expired.title], ['warning', '评阅链接已过期']);
    assert.match(expired.description, /有效期已过/);
  });

  it('tells a link for another paper, a paper that is gone, and a failed load apart', () => {
    const other = refusalOf(new ApiError(ErrorCode.forbidden, '评阅链接只能访问指定的论文'));
    assert.equal(other.title, '该链接不能访问这篇论文');
    assert.match(other.description, /^评阅链接只能访问指定的论文。/);
    assert.equal(refusalOf(new ApiError(ErrorCode.notFound, '资源不存在')).status, '404');
    const failed = refusalOf(new Error('网络连接异常，请稍后再试'));
    assert.deepEqual([failed.status, failed.retry], ['error', true]);
  });
});

describe('where the admin check stands', () => {
  it('waits while the submission is 待复核', () => {
    assert.deepEqual(checkOutcome(detail('awaiting_check', [entry('submit')])), { kind: 'pending' });
  });

  it('is passed once 已复核, naming who checked and when', () => {
    const done = checkOutcome(detail('checked', [entry('check', { createdAt: 5_000, actorName: '周管理' })]));
    assert.deepEqual(done, { kind: 'passed', actorName: '周管理', at: 5_000 });
  });

  it('is returned with the reason while the reviewer has not submitted again', () => {
    const reopened = entry('reopen', { reason: '评语与成绩不符，请复查', createdAt: 6_000 });
    assert.deepEqual(checkOutcome(detail('reviewing', [entry('submit'), reopened], 'draft')), {
      kind: 'returned',
      actorName: '周管理',
      reason: '评语与成绩不符，请复查',
      at: 6_000,
    });
    // Submitted again: back to 待复核, the earlier return is history.
    assert.deepEqual(checkOutcome(detail('awaiting_check', [reopened, entry('submit')])), { kind: 'pending' });
    assert.deepEqual(checkOutcome(detail('passed', [reopened])), { kind: 'elsewhere' });
  });
});
