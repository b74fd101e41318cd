import type { AuditListQuery } from '@zikao/contract/audit';
import { systemEndpoints } from '@zikao/contract/endpoints';
import { call, download } from '../../../shared/request/call.ts';

/** The audit screen's filters and page: the list call's input without its export flag. */
export type AuditQuery = Omit<AuditListQuery, 'export'>;

export const auditKeys = {
  all: ['console-audit'] as const,
  list: (query: AuditQuery) => ['console-audit', 'list', query] as const,
  options: ['console-audit', 'options'] as const,
};

export const auditApi = {
  list: (query: AuditQuery, signal?: AbortSignal) => call(systemEndpoints.auditList, query, { silent: true, signal }),
  options: () => call(systemEndpoints.auditOptions, {}, { silent: true }),
  /** Downloads the filtered trail as .xlsx; the client shows 导出成功. */
  export: (query: AuditQuery) => download(systemEndpoints.auditList, { ...query, page: 1, export: 1 }),
};
