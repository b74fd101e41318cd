import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { StatisticsBatchOption } from '@zikao/contract/statistics';
import { filterOf, parseFilterSearch, presetOf, presetRange, toFilterSearch } from './filter-query.ts';

const TODAY = '2026-11-25';
const BATCH: StatisticsBatchOption = {
  id: 7,
  name: '2026年下半年',
  from: '2026-07-01',
  to: TODAY,
  plagiarismThreshold: 30,
};

it('keeps every filter in the URL and reads it back', () => {
  const state = {
    batchId: 7,
    stage: 'final' as const,
    from: '2026-11-01',
    to: '2026-11-25',
    reviewerId: 3,
    major: '会计学',
  };
  const search = toFilterSearch(state);
  assert.equal(
    search,
    '?batch=7&stage=final&from=2026-11-01&to=2026-11-25&reviewer=3&major=%E4%BC%9A%E8%AE%A1%E5%AD%A6',
  );
  assert.deepEqual(parseFilterSearch(search), state);
  assert.deepEqual(parseFilterSearch(toFilterSearch({ allTime: true })), { allTime: true });
  assert.equal(toFilterSearch({}), '');
});

it('drops what is not a filter: unknown stages, bad ids, half or reversed periods', () => {
  assert.deepEqual(parseFilterSearch('?batch=x&stage=essay&reviewer=-3&from=2026-11-01'), {});
  assert.deepEqual(parseFilterSearch('?from=2026-11-30&to=2026-11-01'), {});
  assert.deepEqual(parseFilterSearch('?from=2026-02-30&to=2026-03-01'), {});
});

it('offers 本周 from Monday, 本月 from the first, 本批次 as the batch’s period, each up to today', () => {
  assert.deepEqual(presetRange('week', TODAY), { from: '2026-11-23', to: TODAY });
  assert.deepEqual(presetRange('month', TODAY), { from: '2026-11-01', to: TODAY });
  assert.deepEqual(presetRange('batch', TODAY, BATCH), { from: '2026-07-01', to: TODAY });
  assert.equal(presetRange('batch', TODAY), null);
  assert.equal(presetOf({ from: '2026-11-23', to: TODAY }, TODAY, BATCH), 'week');
  assert.equal(presetOf({}, TODAY, BATCH), 'month', 'this month by default');
  assert.equal(presetOf({ from: '2026-10-01', to: '2026-10-31' }, TODAY, BATCH), null);
  assert.equal(presetOf({ allTime: true }, TODAY, BATCH), null);
});

it('asks for this month by default, and sends the reviewer and major for admins only', () => {
  assert.deepEqual(filterOf({}, TODAY, true), { from: '2026-11-01', to: TODAY });
  assert.deepEqual(filterOf({ allTime: true, stage: 'topic' }, TODAY, true), { stage: 'topic' });
  assert.deepEqual(filterOf({ allTime: true, reviewerId: 3, major: '法学' }, TODAY, true), {
    reviewerId: 3,
    major: '法学',
  });
  assert.deepEqual(filterOf({ allTime: true, reviewerId: 3, major: '法学' }, TODAY, false), {});
});
