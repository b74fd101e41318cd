import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SUBMISSION_STATUSES } from '@zikao/contract/review';
import { ANNOTATE_LISTS, HISTORY_LISTS, STAGE_LIST_PATH } from './list-configs.ts';
import { isBlind, STATUS_ORDER, tabStatuses, totalOf, versionLabel } from './status-display.ts';

describe('status display', () => {
  it('orders every status once', () => {
    assert.deepEqual([...STATUS_ORDER].sort(), [...SUBMISSION_STATUSES].sort());
  });

  it('offers the usual tabs, plus statuses that have rows or are selected', () => {
    assert.deepEqual(tabStatuses('all', undefined, null), ['assigned', 'reviewing', 'returned', 'passed', 'failed']);
    assert.deepEqual(tabStatuses('all', { unassigned: 4, awaiting_check: 0 }, null), [
      'unassigned',
      'assigned',
      'reviewing',
      'returned',
      'passed',
      'failed',
    ]);
    assert.deepEqual(tabStatuses('history', { checked: 1 }, 'awaiting_check'), [
      'returned',
      'awaiting_check',
      'checked',
      'passed',
      'failed',
    ]);
  });

  it('counts the 全部 tab over every status', () => {
    assert.equal(totalOf(undefined), 0);
    assert.equal(totalOf({ assigned: 3, reviewing: 1, passed: 2, failed: 0 }), 6);
  });

  it('writes versions as 第N版 and knows a blind-review row', () => {
    assert.equal(versionLabel(2), '第2版');
    assert.equal(isBlind({ studentName: '', examNo: '' }), true);
    assert.equal(isBlind({ studentName: '王晓明', examNo: '030124200001' }), false);
  });
});

describe('where list rows lead', () => {
  it('opens each stage’s review and read-only screens at the seed’s paths', () => {
    const hrefs = Object.fromEntries(
      Object.entries(ANNOTATE_LISTS).map(([key, config]) => [
        key,
        [config.reviewHref(7, config.stages[0] ?? 'topic'), config.detailHref(7, config.stages[0] ?? 'topic')],
      ]),
    );
    assert.deepEqual(hrefs, {
      topic: ['/annotate/topic/review/7', '/annotate/topic/detail/7'],
      draft: ['/annotate/thesis/reviews/7', '/annotate/thesis/detail/7?view=annotations'],
      final: ['/annotate/thesis/finally/7', '/annotate/thesis/finallyDetail/7'],
      retest: ['/annotate/thesisRetest/7', '/annotate/thesisRetest/detail7'],
      plan: ['/thesisPlan/review/7', '/thesisPlan/detail/7'],
    });
  });

  it('opens history rows read-only, and lists each stage from its own call', () => {
    for (const config of Object.values(HISTORY_LISTS)) {
      assert.equal(config.scope, 'history');
      assert.equal(config.reviewHref(9, 'draft'), '/history/review/9');
      assert.equal(config.detailHref(9, 'draft'), '/history/detail/9');
    }
    assert.deepEqual(HISTORY_LISTS.thesis.stages, ['draft', 'final', 'retest']);
    assert.equal(STAGE_LIST_PATH.draft, '/v1/thesis/list');
    assert.equal(STAGE_LIST_PATH.retest, '/v1/retest/list');
    for (const config of Object.values(ANNOTATE_LISTS)) assert.equal(config.scope, 'all');
  });
});
