import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SUBMISSION_STATUSES } from '@zikao/contract/review';
import { ANNOTATE_LISTS, HISTORY_LISTS, STAGE_LIST_PATH } from './list-configs.ts';
import {
  isBlind,
  STATUS_ORDER,
  STATUS_STYLE,
  statusLabel,
  tabStatuses,
  totalOf,
  versionLabel,
} from './status-display.ts';

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('status display', () => {
  it('labels every status in Chinese, and shows an unknown code as it is', () => {
    assert.deepEqual(SUBMISSION_STATUSES.map(statusLabel), [
      '待分配',
      '待评阅',
      '评阅中',
      '退回修改',
      '已通过',
      '未通过',
      '待复核',
      '已复核',
    ]);
    assert.equal(statusLabel('archived'), 'archived');
  });

  it('gives every status a tag colour readable against its tint (WCAG AA)', () => {
    assert.deepEqual([...STATUS_ORDER].sort(), [...SUBMISSION_STATUSES].sort());
    for (const status of SUBMISSION_STATUSES) {
      const { color, background } = STATUS_STYLE[status];
      assert.ok(contrast(color, background) >= 4.5, `${status}: ${contrast(color, background).toFixed(2)}`);
    }
    const colours = new Set(SUBMISSION_STATUSES.map((s) => STATUS_STYLE[s].color));
    assert.equal(colours.size, SUBMISSION_STATUSES.length, 'each status has its own colour');
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
