import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyChange,
  columnSortOrder,
  DEFAULT_LIST_STATE,
  isFiltered,
  type ListState,
  parseListQuery,
  sortChange,
  toListRequest,
  toListSearch,
  visibleSearch,
} from './list-query.ts';

const THESIS_STAGES = ['draft', 'final', 'retest'] as const;

describe('review list state ⇄ URL query', () => {
  it('reads the default list from a bare path', () => {
    assert.deepEqual(parseListQuery(''), DEFAULT_LIST_STATE);
    assert.equal(toListSearch(DEFAULT_LIST_STATE), '');
  });

  it('round-trips every field through the query', () => {
    const state: ListState = {
      keyword: '王晓明 乡村',
      status: 'reviewing',
      batchId: 12,
      major: '汉语言文学',
      page: 3,
      pageSize: 50,
      sort: 'title',
      order: 'asc',
      stage: 'final',
    };
    const search = toListSearch(state, THESIS_STAGES);
    assert.match(search, /^\?/);
    assert.deepEqual(parseListQuery(search, THESIS_STAGES), state);
    const params = new URLSearchParams(search);
    assert.equal(params.get('keyword'), '王晓明 乡村');
    assert.equal(params.get('major'), '汉语言文学');
  });

  it('leaves defaults out of the query, so equal lists have equal URLs', () => {
    const search = toListSearch({ ...DEFAULT_LIST_STATE, keyword: '张伟', stage: 'draft' }, THESIS_STAGES);
    assert.equal(search, `?keyword=${encodeURIComponent('张伟')}`);
    assert.equal(
      toListSearch({ ...DEFAULT_LIST_STATE, sort: 'submittedAt', order: 'asc' }),
      '?sort=submittedAt&order=asc',
    );
  });

  it('ignores invalid or hand-edited values instead of failing', () => {
    const state = parseListQuery(
      '?status=deleted&page=-2&pageSize=7&sort=password&order=sideways&batchId=abc&stage=admin&keyword=%20%20',
      THESIS_STAGES,
    );
    assert.deepEqual(state, { ...DEFAULT_LIST_STATE, stage: 'draft' });
    assert.equal(parseListQuery('?page=0').page, 1);
    assert.equal(parseListQuery('?page=99999999999').page, 1);
    assert.equal(parseListQuery(`?keyword=${'长'.repeat(300)}`).keyword.length, 100);
  });

  it('takes the first stage as the default only on lists that switch stages', () => {
    assert.equal(parseListQuery('?stage=final').stage, null);
    assert.equal(parseListQuery('', THESIS_STAGES).stage, 'draft');
    assert.equal(parseListQuery('?stage=retest', THESIS_STAGES).stage, 'retest');
  });
});

describe('list changes', () => {
  const onPage3: ListState = { ...DEFAULT_LIST_STATE, page: 3, keyword: '论文' };

  it('goes back to page 1 when the keyword, a filter, the sort or the page size changes', () => {
    assert.equal(applyChange(onPage3, { keyword: '网络' }).page, 1);
    assert.equal(applyChange(onPage3, { status: 'passed' }).page, 1);
    assert.equal(applyChange(onPage3, { batchId: 2 }).page, 1);
    assert.equal(applyChange(onPage3, { sort: 'title', order: 'asc' }).page, 1);
    assert.equal(applyChange(onPage3, { pageSize: 50 }).page, 1);
  });

  it('keeps the page when nothing really changes, and moves it when asked', () => {
    assert.equal(applyChange(onPage3, { keyword: '论文' }).page, 3);
    assert.equal(applyChange(onPage3, { page: 4 }).page, 4);
  });

  it('trims the keyword it applies', () => {
    assert.equal(applyChange(DEFAULT_LIST_STATE, { keyword: '  李婷 ' }).keyword, '李婷');
  });

  it('knows when the list is narrowed', () => {
    assert.equal(isFiltered(DEFAULT_LIST_STATE), false);
    assert.equal(isFiltered({ ...DEFAULT_LIST_STATE, page: 2, sort: 'title' }), false);
    assert.equal(isFiltered({ ...DEFAULT_LIST_STATE, major: '法学' }), true);
    assert.equal(isFiltered({ ...DEFAULT_LIST_STATE, status: 'assigned' }), true);
  });
});

describe('the list call and the table sorter', () => {
  it('sends only the fields that are set, with the screen’s own fields', () => {
    assert.deepEqual(toListRequest(DEFAULT_LIST_STATE, { scope: 'history' }), {
      page: 1,
      pageSize: 20,
      sort: 'pendingFirst',
      order: 'desc',
      scope: 'history',
    });
    const body = toListRequest(
      { ...DEFAULT_LIST_STATE, keyword: '0301', status: 'returned', batchId: 3, major: '法学', stage: 'final' },
      { scope: 'all' },
    );
    assert.deepEqual(body, {
      page: 1,
      pageSize: 20,
      sort: 'pendingFirst',
      order: 'desc',
      keyword: '0301',
      status: 'returned',
      batchId: 3,
      major: '法学',
      scope: 'all',
    });
  });

  it('maps antd sort orders both ways, and a cleared sort to the default', () => {
    assert.equal(columnSortOrder(DEFAULT_LIST_STATE, 'submittedAt'), null, 'the default marks no column');
    assert.equal(columnSortOrder({ ...DEFAULT_LIST_STATE, sort: 'submittedAt' }, 'submittedAt'), 'descend');
    assert.equal(columnSortOrder(DEFAULT_LIST_STATE, 'title'), null);
    assert.equal(columnSortOrder({ ...DEFAULT_LIST_STATE, sort: 'title', order: 'asc' }, 'title'), 'ascend');
    assert.deepEqual(sortChange('title', 'ascend'), { sort: 'title', order: 'asc' });
    assert.deepEqual(sortChange('status', 'descend'), { sort: 'status', order: 'desc' });
    assert.deepEqual(sortChange('title', null), { sort: 'pendingFirst', order: 'desc' });
    assert.deepEqual(sortChange('studentName', 'ascend'), { sort: 'pendingFirst', order: 'desc' });
  });
});

describe('the query a kept-alive list shows', () => {
  it('follows its own URL, a reload or a link with a query', () => {
    assert.equal(visibleSearch(true, '?page=2', null), '?page=2');
    assert.equal(visibleSearch(true, '?page=3', '?page=2'), '?page=3');
    assert.equal(visibleSearch(true, '', null), '');
  });

  it('brings back what it had when reached by its bare path', () => {
    assert.equal(visibleSearch(true, '', '?keyword=%E6%9D%8E&page=2'), '?keyword=%E6%9D%8E&page=2');
  });

  it('keeps its own query while hidden behind a detail with a query of its own', () => {
    assert.equal(visibleSearch(false, '?view=annotations', '?status=passed'), '?status=passed');
    assert.equal(visibleSearch(false, '?view=annotations', null), '');
  });
});
