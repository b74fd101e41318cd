import { statisticsEndpoints } from '@zikao/contract/endpoints';
import type { StatisticsFilter, StatisticsReviewerItemsQuery } from '@zikao/contract/statistics';
import { call, download } from '../../../shared/request/call.ts';

export const statisticsKeys = {
  all: ['statistics'] as const,
  options: ['statistics', 'options'] as const,
  overview: (filter: StatisticsFilter) => ['statistics', 'overview', filter] as const,
  workload: (filter: StatisticsFilter) => ['statistics', 'workload', filter] as const,
  items: (query: StatisticsReviewerItemsQuery) => ['statistics', 'items', query] as const,
};

/** 数据统计's calls (issue 16). Loads are silent: the screen shows its own error states. */
export const statisticsApi = {
  options: (signal?: AbortSignal) => call(statisticsEndpoints.statisticsOptions, {}, { silent: true, signal }),
  overview: (filter: StatisticsFilter, signal?: AbortSignal) =>
    call(statisticsEndpoints.statisticsOverview, filter, { silent: true, signal }),
  workload: (filter: StatisticsFilter, signal?: AbortSignal) =>
    call(statisticsEndpoints.statisticsWorkload, filter, { silent: true, signal }),
  items: (query: StatisticsReviewerItemsQuery, signal?: AbortSignal) =>
    call(statisticsEndpoints.statisticsReviewerItems, query, { silent: true, signal }),
  /** The .xlsx under the server's file name; the client says 导出成功. */
  export: (filter: StatisticsFilter) => download(statisticsEndpoints.statisticsOverview, { ...filter, export: 1 }),
};
