import type { AccountCreateInput, AccountListQuery } from '@zikao/contract/console';
import { identityEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

export const accountKeys = {
  all: ['console-accounts'] as const,
  list: (query: AccountListQuery) => ['console-accounts', query] as const,
  majors: ['console-majors'] as const,
};

/** The account screen's calls; writes let the client toast the server's message. */
export const accountApi = {
  list: (query: AccountListQuery, signal?: AbortSignal) =>
    call(identityEndpoints.accountList, { ...query, keyword: query.keyword || undefined }, { silent: true, signal }),
  majors: () => call(identityEndpoints.accountMajors, {}, { silent: true }),
  create: (input: AccountCreateInput) => call(identityEndpoints.accountCreate, input),
  update: (userId: number, name: string, majors: string[]) =>
    call(identityEndpoints.accountUpdate, { userId, name, majors }),
  setDisabled: (userId: number, disabled: boolean) => call(identityEndpoints.accountDisable, { userId, disabled }),
  resetPassword: (userId: number) => call(identityEndpoints.accountResetPassword, { userId }),
};
