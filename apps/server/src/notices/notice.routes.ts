import { Role } from '@zikao/contract';
import { NoticeApiPath, noticeListSchema, noticePublishSchema, noticeRefSchema } from '@zikao/contract/notice';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../identity/auth/auth.routes.ts';
import { ok } from '../shared/http/envelope.ts';
import { parseInput } from '../shared/validation.ts';
import type { NoticeService } from './notice.service.ts';

/** Every signed-in role reads its own notices; only admins publish and delete. */
const readers = { config: { access: { roles: [Role.student, Role.teacher, Role.reviewer, Role.admin] } } };
const admins = { config: { access: { roles: [Role.admin] } } };

export function registerNoticeRoutes(app: FastifyInstance, deps: { notices: NoticeService }): void {
  const { notices } = deps;

  app.post(NoticeApiPath.list, readers, async (request) => {
    const query = parseInput(noticeListSchema, request.body);
    return ok(await notices.list(requireUser(request.user), query));
  });

  app.post(NoticeApiPath.unread, readers, async (request) => ok(await notices.unread(requireUser(request.user))));

  app.post(NoticeApiPath.read, readers, async (request) => {
    const { id } = parseInput(noticeRefSchema, request.body);
    return ok(await notices.read(requireUser(request.user), id));
  });

  app.post(NoticeApiPath.readAll, readers, async (request) => ok(await notices.readAll(requireUser(request.user))));

  app.post(NoticeApiPath.publish, admins, async (request) => {
    const body = parseInput(noticePublishSchema, request.body);
    return ok(await notices.publish(requireUser(request.user), body));
  });

  app.post(NoticeApiPath.delete, admins, async (request) => {
    const { id } = parseInput(noticeRefSchema, request.body);
    await notices.delete(requireUser(request.user), id);
    return ok({});
  });
}
