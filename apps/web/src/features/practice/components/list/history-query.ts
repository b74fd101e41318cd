import type { PracticeHistoryQuery, PracticeHistorySort } from '@zikao/contract/practice';

/** The history's sortable columns, by the table column key each is sorted by. */
export const HISTORY_SORT_BY_COLUMN: Record<string, PracticeHistorySort> = {
  submittedAt: 'submittedAt',
  score: 'score',
  precision: 'precision',
  recall: 'recall',
  timeSpentMs: 'timeSpent',
};

export interface HistoryState extends PracticeHistoryQuery {
  page: number;
  pageSize: number;
  sort: PracticeHistorySort;
  order: 'asc' | 'desc';
}

export const HISTORY_START: HistoryState = { page: 1, pageSize: 10, sort: 'submittedAt', order: 'desc' };

/** The arrow a column shows: on the column the history is sorted by, off elsewhere. */
export function historySortOrder(state: HistoryState, columnKey: string): 'ascend' | 'descend' | null {
  return HISTORY_SORT_BY_COLUMN[columnKey] === state.sort ? (state.order === 'asc' ? 'ascend' : 'descend') : null;
}

/**
 * The history after its pager or a column header was used: a new page size or a new sort starts
 * again at page 1; clearing a sort falls back to the newest first.
 */
export function nextHistoryState(
  state: HistoryState,
  pagination: { current?: number; pageSize?: number },
  sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null },
): HistoryState {
  const pageSize = pagination.pageSize ?? state.pageSize;
  const sort = sorter.order ? (HISTORY_SORT_BY_COLUMN[String(sorter.columnKey)] ?? 'submittedAt') : 'submittedAt';
  const order = sorter.order === 'ascend' ? 'asc' : 'desc';
  const resorted = sort !== state.sort || order !== state.order;
  return {
    ...state,
    page: pageSize !== state.pageSize || resorted ? 1 : (pagination.current ?? 1),
    pageSize,
    sort,
    order,
  };
}
