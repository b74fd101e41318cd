import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HISTORY_START, historySortOrder, nextHistoryState } from './history-query.ts';

describe('the submit history’s paging and sorting', () => {
  it('starts newest first and shows the arrow on the date column only', () => {
    assert.equal(historySortOrder(HISTORY_START, 'submittedAt'), 'descend');
    assert.equal(historySortOrder(HISTORY_START, 'score'), null);
  });

  it('moves to another page, keeping the sort', () => {
    const next = nextHistoryState(
      HISTORY_START,
      { current: 3, pageSize: 10 },
      { columnKey: 'submittedAt', order: 'descend' },
    );
    assert.deepEqual(next, { page: 3, pageSize: 10, sort: 'submittedAt', order: 'desc' });
  });

  it('sorts by a column, back at page 1; time spent is sorted as timeSpent', () => {
    const onPage3 = { ...HISTORY_START, page: 3 };
    assert.deepEqual(nextHistoryState(onPage3, { current: 3, pageSize: 10 }, { columnKey: 'score', order: 'ascend' }), {
      page: 1,
      pageSize: 10,
      sort: 'score',
      order: 'asc',
    });
    const byTime = nextHistoryState(
      HISTORY_START,
      { current: 1, pageSize: 10 },
      { columnKey: 'timeSpentMs', order: 'descend' },
    );
    assert.equal(byTime.sort, 'timeSpent');
    assert.equal(historySortOrder(byTime, 'timeSpentMs'), 'descend');
  });

  it('falls back to the newest first when a sort is cleared', () => {
    const byScore = { ...HISTORY_START, sort: 'score' as const, order: 'asc' as const };
    assert.deepEqual(
      nextHistoryState(byScore, { current: 1, pageSize: 10 }, { columnKey: 'score', order: null }),
      HISTORY_START,
    );
  });

  it('starts again at page 1 with a new page size', () => {
    const next = nextHistoryState(
      { ...HISTORY_START, page: 4 },
      { current: 4, pageSize: 20 },
      { columnKey: 'submittedAt', order: 'descend' },
    );
    assert.equal(next.page, 1);
    assert.equal(next.pageSize, 20);
  });

  it('keeps the keyword', () => {
    const next = nextHistoryState({ ...HISTORY_START, keyword: '论文' }, { current: 2 }, {});
    assert.equal(next.keyword, '论文');
  });
});
