import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listPagination, sortOrderOf, tableChangeQuery } from './list-query.ts';

type Query = { page: number; pageSize: number; sort: 'createdAt' | 'name'; order: 'asc' | 'desc'; keyword?: string };
const query: Query = { page: 3, pageSize: 20, sort: 'name', order: 'asc', keyword: '张' };

describe('console list query', () => {
  it('shows the sort arrow only on the sorted column', () => {
    assert.equal(sortOrderOf(query, 'name'), 'ascend');
    assert.equal(sortOrderOf({ ...query, order: 'desc' }, 'name'), 'descend');
    assert.equal(sortOrderOf(query, 'createdAt'), null);
  });

  it('moves pages, starts again at page 1 on a new size, and falls back to newest first', () => {
    assert.deepEqual(
      tableChangeQuery(query, { current: 4, pageSize: 20 }, { field: 'name', order: 'ascend' }, 'createdAt'),
      {
        ...query,
        page: 4,
      },
    );
    assert.deepEqual(
      tableChangeQuery(query, { current: 4, pageSize: 50 }, { field: 'name', order: 'descend' }, 'createdAt'),
      {
        ...query,
        page: 1,
        pageSize: 50,
        order: 'desc',
      },
    );
    assert.deepEqual(tableChangeQuery(query, { current: 3 }, [{ field: 'name' }], 'createdAt'), {
      ...query,
      sort: 'createdAt',
      order: 'desc',
    });
  });

  it('builds the pager, which moves the query itself when given setQuery', () => {
    const plain = listPagination(query, undefined, '个账号');
    assert.equal(plain.total, 0);
    assert.equal(plain.current, 3);
    assert.equal(plain.onChange, undefined);
    assert.equal(plain.showTotal?.(12, [1, 12]), '共 12 个账号');

    let current = query;
    const pager = listPagination(query, 40, '条', (update) => {
      current = update(current);
    });
    pager.onChange?.(2, 20);
    assert.equal(current.page, 2);
    pager.onChange?.(2, 50);
    assert.deepEqual([current.page, current.pageSize], [1, 50]);
  });
});
