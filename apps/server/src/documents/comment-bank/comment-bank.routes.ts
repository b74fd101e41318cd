import { documentsEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { CommentBankService } from './comment-bank.service.ts';

/** The comment bank (常用批注语): each reviewer's reusable comments, plus shared ones from admins. */
export function registerCommentBankRoutes(app: FastifyInstance, deps: { bank: CommentBankService }): void {
  const { bank } = deps;
  serve(app, documentsEndpoints.sharedCommentBankList, (query) => bank.listShared(query));
  serve(app, documentsEndpoints.commentBankList, (_input, { user }) => bank.listFor(user));
  serve(app, documentsEndpoints.commentBankSave, (body, { user }) => bank.save(user, body));
  serve(app, documentsEndpoints.commentBankDelete, ({ id }, { user }) => bank.remove(user, id));
  serve(app, documentsEndpoints.commentBankUse, ({ id }, { user }) => bank.use(user, id));
}
