import {
  type AuditEntryDto,
  type AuditListQuery,
  type AuditOptions,
  auditActionLabel,
  auditEntityLabel,
  auditStatusLabel,
  auditSummary,
} from '@zikao/contract/audit';
import { proxyCallOfPath } from '@zikao/contract/endpoints/proxy';
import type { ListResult } from '@zikao/contract/envelope';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { loadExcelJS, workbookBytes } from '../../shared/exceljs.ts';
import { type AuditEntry, AuditRepository } from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/** Rows an export may hold. */
export const AUDIT_EXPORT_LIMIT = 20_000;

type Row = Awaited<ReturnType<AuditRepository['list']>>[number];

function parseDetail(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Entries of review-link uses written before issue 32 §3 held the raw path of every call: they
 * are read as the call it names (a read is no action, and shows as 查看评阅页面), never the path.
 */
function linkUseDetail(detail: Record<string, unknown>): Record<string, unknown> {
  const { path, ...rest } = detail;
  if (typeof path !== 'string' || rest.call !== undefined) return detail;
  return { ...rest, call: proxyCallOfPath(path) ?? 'read' };
}

function toDto(row: Row): AuditEntryDto {
  const parsed = parseDetail(row.detail_json);
  const detail = row.action === 'reviewLinkUse' ? linkUseDetail(parsed) : parsed;
  const subject = row.subject_title ?? (typeof detail.subject === 'string' ? detail.subject : '');
  return {
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name ?? (row.actor_id === null ? '系统' : ''),
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    subject,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    reason: row.reason,
    detail,
    createdAt: Number(row.created_at),
  };
}

const dateTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The audit trail view: every status change and admin action, searchable, newest first. */
export class AuditService {
  private readonly audit: AuditRepository;

  constructor(deps: { audit: AuditRepository }) {
    this.audit = deps.audit;
  }

  /**
   * Records status changes and admin actions: the one way any area writes the trail, inside the
   * transaction (`trx`) of the change it records, so both are kept or neither.
   */
  record(trx: Kysely<Database>, entries: readonly AuditEntry[]): Promise<void> {
    return new AuditRepository(trx).record(entries);
  }

  /** An entity's trail, oldest first, with the actors' names. */
  trail(entity: string, entityId: number) {
    return this.audit.trail(entity, entityId);
  }

  async list(query: AuditListQuery): Promise<ListResult<AuditEntryDto>> {
    const [rows, total] = await Promise.all([
      this.audit.list(query, query.pageSize, (query.page - 1) * query.pageSize),
      this.audit.count(query),
    ]);
    return { list: rows.map(toDto), total, page: query.page, pageSize: query.pageSize };
  }

  options(): Promise<AuditOptions> {
    return this.audit.options();
  }

  /** Every entry the filters match (up to the export limit) as an .xlsx workbook. */
  async exportWorkbook(query: AuditListQuery): Promise<{ fileName: string; body: Buffer }> {
    const rows = (await this.audit.list(query, AUDIT_EXPORT_LIMIT, 0)).map(toDto);
    const ExcelJS = await loadExcelJS();
    const workbook = new ExcelJS.Workbook();
    workbook.creator = '自考在线';
    const sheet = workbook.addWorksheet('审计日志');
    sheet.columns = [
      { header: '时间', key: 'createdAt', width: 20 },
      { header: '操作人', key: 'actorName', width: 12 },
      { header: '操作', key: 'action', width: 14 },
      { header: '对象类型', key: 'entity', width: 12 },
      { header: '对象编号', key: 'entityId', width: 10 },
      { header: '对象', key: 'subject', width: 40 },
      { header: '原状态', key: 'fromStatus', width: 10 },
      { header: '新状态', key: 'toStatus', width: 10 },
      { header: '原因', key: 'reason', width: 30 },
      { header: '详情', key: 'summary', width: 40 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow({
        createdAt: dateTime(row.createdAt),
        actorName: row.actorName,
        action: auditActionLabel(row.action),
        entity: auditEntityLabel(row.entity),
        entityId: row.entityId,
        subject: row.subject,
        fromStatus: row.fromStatus ? auditStatusLabel(row.entity, row.fromStatus) : '',
        toStatus: row.toStatus ? auditStatusLabel(row.entity, row.toStatus) : '',
        reason: row.reason,
        summary: auditSummary(row),
      });
    }
    const day = dateTime(Date.now()).slice(0, 10).replaceAll('-', '');
    return { fileName: `审计日志-${day}.xlsx`, body: await workbookBytes(workbook) };
  }
}
