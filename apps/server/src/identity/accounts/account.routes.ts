import { Role } from '@zikao/contract';
import {
  accountCreateSchema,
  accountDisableSchema,
  accountListSchema,
  accountRefSchema,
  accountUpdateSchema,
  ConsoleApiPath,
} from '@zikao/contract/console';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope.ts';
import { parseInput } from '../../shared/validation.ts';
import { requireUser } from '../auth/auth.routes.ts';
import type { AccountService } from './account.service.ts';

const adminOnly = { config: { access: { roles: [Role.admin] } } };

export function registerAccountRoutes(app: FastifyInstance, deps: { accounts: AccountService }): void {
  app.post(ConsoleApiPath.accountList, adminOnly, async (request) =>
    ok(await deps.accounts.list(parseInput(accountListSchema, request.body))),
  );
  app.post(ConsoleApiPath.accountMajors, adminOnly, async () => ok({ list: await deps.accounts.majors() }));
  app.post(ConsoleApiPath.accountCreate, adminOnly, async (request) => {
    const body = parseInput(accountCreateSchema, request.body);
    return ok(await deps.accounts.create(requireUser(request.user), body));
  });
  app.post(ConsoleApiPath.accountUpdate, adminOnly, async (request) => {
    const body = parseInput(accountUpdateSchema, request.body);
    return ok(await deps.accounts.update(requireUser(request.user), body));
  });
  app.post(ConsoleApiPath.accountDisable, adminOnly, async (request) => {
    const body = parseInput(accountDisableSchema, request.body);
    return ok(await deps.accounts.setDisabled(requireUser(request.user), body.userId, body.disabled));
  });
  app.post(ConsoleApiPath.accountResetPassword, adminOnly, async (request) => {
    const body = parseInput(accountRefSchema, request.body);
    return ok(await deps.accounts.resetPassword(requireUser(request.user), body.userId));
  });
}
