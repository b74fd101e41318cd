import type { Stage, SubmissionStatus } from '@zikao/contract/review';
import { SUBMISSION_SORTS } from '@zikao/contract/review';
import { SUBMISSION_STATUS_LABELS } from '@zikao/contract/review-lists';

/** The list's sort keys: the contract's. */
export const SORT_KEYS = SUBMISSION_SORTS;
export type SortKey = (typeof SUBMISSION_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
const MAX_KEYWORD = 100;

/** What a review list shows: everything a reload or a visit to a detail and back must restore. */
export interface ListState {
  keyword: string;
  status: SubmissionStatus | null;
  batchId: number | null;
  major: string;
  page: number;
  pageSize: number;
  sort: SortKey;
  order: SortOrder;
  /** The stage, on lists that switch between several (history of theses). */
  stage: Stage | null;
}

export const DEFAULT_LIST_STATE: ListState = {
  keyword: '',
  status: null,
  batchId: null,
  major: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  // What still waits for the viewer first: the 全部 tab does not bury it under finished rows.
  sort: 'pendingFirst',
  order: 'desc',
  stage: null,
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

const isStatus = (value: string | null): value is SubmissionStatus =>
  value !== null && Object.hasOwn(SUBMISSION_STATUS_LABELS, value);

/**
 * The list state a URL query holds. Anything missing or invalid takes its default, so a
 * hand-edited or stale link still opens a working list. `stages` are the stages the list may
 * switch between; the first is the default.
 */
export function parseListQuery(search: string, stages: readonly Stage[] = []): ListState {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  const pageSize = positiveInt(params.get('pageSize'));
  const stage = params.get('stage');
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, MAX_KEYWORD),
    status: isStatus(status) ? status : null,
    batchId: positiveInt(params.get('batchId')),
    major: (params.get('major') ?? '').slice(0, MAX_KEYWORD),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: pageSize !== null && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
    stage: stages.find((s) => s === stage) ?? stages[0] ?? null,
  };
}

/**
 * The URL query of a list state, leaving out defaults so that the bare path is the default list.
 * Returns '' or a string starting with '?'.
 */
export function toListSearch(state: ListState, stages: readonly Stage[] = []): string {
  const params = new URLSearchParams();
  if (state.stage && stages.length > 1 && state.stage !== stages[0]) params.set('stage', state.stage);
  if (state.keyword) params.set('keyword', state.keyword);
  if (state.status) params.set('status', state.status);
  if (state.batchId) params.set('batchId', String(state.batchId));
  if (state.major) params.set('major', state.major);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Changes that narrow or reorder the list start again at page 1; paging itself keeps the rest. */
export function applyChange(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  const keys = Object.keys(change) as Array<keyof ListState>;
  if (!keys.includes('page') && keys.some((key) => change[key] !== state[key])) next.page = 1;
  if (keys.includes('pageSize') && change.pageSize !== state.pageSize) next.page = 1;
  next.keyword = next.keyword.trim().slice(0, MAX_KEYWORD);
  return next;
}

/** Whether the list is narrowed by a keyword or a filter (the empty state then says so). */
export function isFiltered(state: ListState): boolean {
  return Boolean(state.keyword || state.status || state.batchId || state.major);
}

/**
 * The list call's body for a state; `fixed` holds the screen's own fields, such as the scope. The
 * stage is not in it: each stage has its own list path.
 */
export function toListRequest(state: ListState, fixed: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.batchId ? { batchId: state.batchId } : {}),
    ...(state.major ? { major: state.major } : {}),
    ...fixed,
  };
}

/** antd's sort order of a column, from the list state. */
export function columnSortOrder(state: ListState, key: SortKey): 'ascend' | 'descend' | null {
  if (state.sort !== key) return null;
  return state.order === 'asc' ? 'ascend' : 'descend';
}

/** The list state after antd's table sorter changed; a cleared sort goes back to the default. */
export function sortChange(field: unknown, order: 'ascend' | 'descend' | null | undefined): Partial<ListState> {
  if (!order || !(SORT_KEYS as readonly unknown[]).includes(field)) {
    return { sort: DEFAULT_LIST_STATE.sort, order: DEFAULT_LIST_STATE.order };
  }
  return { sort: field as SortKey, order: order === 'ascend' ? 'asc' : 'desc' };
}

/**
 * The query a kept-alive list shows: its URL's while the location is the list's own path, except
 * a bare path (the menu, the breadcrumb) when it remembers one; and the query it last had while
 * hidden behind another screen, whose URL is not the list's.
 */
export function visibleSearch(active: boolean, urlSearch: string, remembered: string | null): string {
  if (active && (urlSearch !== '' || !remembered)) return urlSearch;
  return remembered ?? '';
}
