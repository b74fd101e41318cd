import { noticesEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../shared/http/serve.ts';
import type { NoticeService } from './notice.service.ts';

export function registerNoticeRoutes(app: FastifyInstance, deps: { notices: NoticeService }): void {
  const { notices } = deps;
  serve(app, noticesEndpoints.noticeList, (query, { user }) => notices.list(user, query));
  serve(app, noticesEndpoints.noticeUnread, (_input, { user }) => notices.unread(user));
  serve(app, noticesEndpoints.noticeRead, (input, { user }) => notices.read(user, input.id));
  serve(app, noticesEndpoints.noticeReadAll, (_input, { user }) => notices.readAll(user));
  serve(app, noticesEndpoints.noticePublish, (input, { user }) => notices.publish(user, input));
  serve(app, noticesEndpoints.noticeDelete, async (input, { user }) => {
    await notices.delete(user, input.id);
    return {};
  });
}
