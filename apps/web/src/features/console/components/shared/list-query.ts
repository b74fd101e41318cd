import type { SortOrder, TablePaginationConfig } from 'antd/es/table/interface';

interface PageQuery {
  page: number;
  pageSize: number;
}

/** The part of antd's SorterResult this needs: which column, which way. */
interface ColumnSort {
  field?: unknown;
  order?: SortOrder;
}

interface SortedQuery extends PageQuery {
  sort: string;
  order: 'asc' | 'desc';
}

/** The sort arrow a column shows: on the column the list is sorted by, off elsewhere. */
export function sortOrderOf<Q extends SortedQuery>(query: Q, key: Q['sort']): SortOrder {
  return query.sort === key ? (query.order === 'asc' ? 'ascend' : 'descend') : null;
}

/**
 * The query after the table's pager or a column header was used: a new page size starts again at
 * page 1; clearing a column's sort falls back to `fallback`, newest first.
 */
export function tableChangeQuery<Q extends SortedQuery>(
  query: Q,
  pagination: TablePaginationConfig,
  sorter: ColumnSort | ColumnSort[],
  fallback: Q['sort'],
): Q {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const pageSize = pagination.pageSize ?? query.pageSize;
  return {
    ...query,
    page: pageSize === query.pageSize ? (pagination.current ?? 1) : 1,
    pageSize,
    sort: (one?.order ? one.field : fallback) as Q['sort'],
    order: one?.order === 'ascend' ? 'asc' : 'desc',
  };
}

/**
 * A list's pager: page, changeable size and `共 N <unit>`. With `setQuery` the pager itself moves the
 * query (a new page size starts again at page 1); without, the table's onChange does.
 */
export function listPagination<Q extends PageQuery>(
  query: Q,
  total: number | undefined,
  unit: string,
  setQuery?: (update: (current: Q) => Q) => void,
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) => `共 ${count} ${unit}`,
    ...(setQuery
      ? {
          onChange: (page: number, pageSize: number) =>
            setQuery((current) => ({ ...current, page: pageSize === current.pageSize ? page : 1, pageSize })),
        }
      : {}),
  };
}
