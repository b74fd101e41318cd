import { AuditApiPath, type AuditEntryDto, type AuditOptions } from '@zikao/contract/audit';
import type { ListResult } from '@zikao/contract/envelope';
import { api } from '../../../shared/request/api.ts';

export interface AuditQuery {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  actorId?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export const auditKeys = {
  all: ['console-audit'] as const,
  list: (query: AuditQuery) => ['console-audit', 'list', query] as const,
  options: ['console-audit', 'options'] as const,
};

export const auditApi = {
  list: (query: AuditQuery, signal?: AbortSignal) =>
    api.post<ListResult<AuditEntryDto>>(AuditApiPath.list, { ...query }, { silent: true, signal }),
  options: () => api.post<AuditOptions>(AuditApiPath.options, {}, { silent: true }),
  /** Downloads the filtered trail as .xlsx; the client shows 导出成功. */
  export: (query: AuditQuery) => api.post(AuditApiPath.list, { ...query, page: 1, export: 1 }, { export: true }),
};
