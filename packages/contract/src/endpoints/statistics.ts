import { post } from '../endpoint.ts';
import { Role } from '../roles.ts';
import {
  type StatisticsOptions,
  type StatisticsOverview,
  StatisticsPath,
  type StatisticsReviewerItems,
  type StatisticsWorkload,
  statisticsFilterSchema,
  statisticsOverviewSchema,
  statisticsReviewerItemsSchema,
} from '../statistics.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/** Reviewers see their own figures; admins see everyone's (the menu's 数据统计 is theirs alone). */
const reviewers = { roles: [Role.reviewer, Role.admin] } as const;

/** 数据统计 (issue 16, adr/014): part of the workflow area, read from its roll-up. */
export const statisticsEndpoints = {
  statisticsOptions: post<StatisticsOptions>()({
    path: StatisticsPath.options,
    input: emptyInputSchema,
    access: reviewers,
  }),
  /** Cards and charts; `export: 1` answers the .xlsx of every chart and, for admins, the workload table. */
  statisticsOverview: post<StatisticsOverview>()({
    path: StatisticsPath.overview,
    input: statisticsOverviewSchema,
    body: 'json-or-file',
    access: reviewers,
  }),
  statisticsWorkload: post<StatisticsWorkload>()({
    path: StatisticsPath.workload,
    input: statisticsFilterSchema,
    access: Access.admins,
  }),
  statisticsReviewerItems: post<StatisticsReviewerItems>()({
    path: StatisticsPath.reviewerItems,
    input: statisticsReviewerItemsSchema,
    access: Access.admins,
  }),
};
