import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { ReviewLinkService } from './review-link.service.ts';

/** The console's review links (评阅链接): admins make, list and revoke them. */
export function registerReviewLinkRoutes(app: FastifyInstance, deps: { links: ReviewLinkService }): void {
  const { links } = deps;
  serve(app, workflowEndpoints.reviewLinkCreate, (input, { user }) => links.create(user, input));
  serve(app, workflowEndpoints.reviewLinkList, (query) => links.list(query));
  serve(app, workflowEndpoints.reviewLinkRevoke, ({ id }, { user }) => links.revoke(user, id));
}
