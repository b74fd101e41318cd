import { homeEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { HomeService } from './home.service.ts';

/** The staff homes (issue 21 §3): each answers about the caller, so neither takes an id. */
export function registerHomeRoutes(app: FastifyInstance, deps: { home: HomeService }): void {
  const { home } = deps;
  serve(app, homeEndpoints.homeReviewer, (_input, { user }) => home.reviewer(user));
  serve(app, homeEndpoints.homeAdmin, () => home.admin());
}
