import { statisticsEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { attachment, XLSX_TYPE } from '../../shared/http/attachment.ts';
import { serve } from '../../shared/http/serve.ts';
import type { StatisticsService } from './statistics.service.ts';

export function registerStatisticsRoutes(app: FastifyInstance, deps: { statistics: StatisticsService }): void {
  const { statistics } = deps;
  serve(app, statisticsEndpoints.statisticsOptions, (_input, { user }) => statistics.options(user));
  serve(app, statisticsEndpoints.statisticsOverview, async ({ export: asFile, ...filter }, { user, reply }) => {
    if (asFile !== 1) return statistics.overview(user, filter);
    const file = await statistics.exportFile(user, filter);
    return attachment(reply, file.fileName, XLSX_TYPE).send(file.body);
  });
  serve(app, statisticsEndpoints.statisticsWorkload, (filter, { user }) => statistics.workload(user, filter));
  serve(app, statisticsEndpoints.statisticsReviewerItems, (query, { user }) => statistics.reviewerItems(user, query));
}
