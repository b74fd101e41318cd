import { identityEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { AccountService } from './account.service.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: { accounts: AccountService }): void {
  const { accounts } = deps;
  serve(app, identityEndpoints.accountList, (input) => accounts.list(input));
  serve(app, identityEndpoints.accountMajors, async () => ({ list: await accounts.majors() }));
  serve(app, identityEndpoints.accountCreate, (input, { user }) => accounts.create(user, input));
  serve(app, identityEndpoints.accountUpdate, (input, { user }) => accounts.update(user, input));
  serve(app, identityEndpoints.accountDisable, (input, { user }) =>
    accounts.setDisabled(user, input.userId, input.disabled),
  );
  serve(app, identityEndpoints.accountResetPassword, (input, { user }) => accounts.resetPassword(user, input.userId));
}
