import type { MajorInfo } from '@zikao/contract/auth';
import {
  type AccountCreateInput,
  type AccountDto,
  type AccountListQuery,
  ConsoleApiPath,
  type TemporaryPasswordResult,
} from '@zikao/contract/console';
import type { ListResult } from '@zikao/contract/envelope';
import { api } from '../../../shared/request/api.ts';

export const accountKeys = {
  all: ['console-accounts'] as const,
  list: (query: AccountListQuery) => ['console-accounts', query] as const,
  majors: ['console-majors'] as const,
};

/** The account screen's calls; writes let the client toast the server's message. */
export const accountApi = {
  list: (query: AccountListQuery, signal?: AbortSignal) =>
    api.post<ListResult<AccountDto>>(
      ConsoleApiPath.accountList,
      { ...query, keyword: query.keyword || undefined },
      { silent: true, signal },
    ),
  majors: () => api.post<{ list: MajorInfo[] }>(ConsoleApiPath.accountMajors, {}, { silent: true }),
  create: (input: AccountCreateInput) => api.post<TemporaryPasswordResult>(ConsoleApiPath.accountCreate, { ...input }),
  update: (userId: number, name: string, majors: string[]) =>
    api.post<AccountDto>(ConsoleApiPath.accountUpdate, { userId, name, majors }),
  setDisabled: (userId: number, disabled: boolean) =>
    api.post<AccountDto>(ConsoleApiPath.accountDisable, { userId, disabled }),
  resetPassword: (userId: number) => api.post<TemporaryPasswordResult>(ConsoleApiPath.accountResetPassword, { userId }),
};
