import type { BatchRules, ListResult } from '@zikao/contract';
import { parseBatchRules } from '@zikao/contract';
import type { BatchDto, BatchListQuery, BatchStatus, EditableBatchRules } from '@zikao/contract/console';
import { conflict, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import type { BatchListRow, BatchRepository } from './batch.repository.ts';

function toBatchDto(row: BatchListRow): BatchDto {
  const rules = parseBatchRules(row.rules_json);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    rules,
    thesisCount: row.thesis_count,
    submissionCount: row.submission_count,
    closedAt: rules.closedAt,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Batches and their rules, kept by admins; every change goes into the audit trail. */
export class BatchService {
  private readonly batches: BatchRepository;
  private readonly audit: AuditService;

  constructor(deps: { batches: BatchRepository; audit: AuditService }) {
    this.audit = deps.audit;
    this.batches = deps.batches;
  }

  async list(query: BatchListQuery): Promise<ListResult<BatchDto>> {
    const { rows, total } = await this.batches.list(query);
    return { list: rows.map(toBatchDto), total, page: query.page, pageSize: query.pageSize };
  }

  /** Creates a batch, or replaces an existing batch's name and rules; a closed batch stays closed. */
  async save(user: SessionUser, input: { id?: number | undefined; name: string; rules: EditableBatchRules }) {
    if (await this.batches.nameTaken(input.name, input.id)) throw invalidInput(`批次名称“${input.name}”已存在`);
    if (input.id === undefined) {
      const rules: BatchRules = { ...input.rules, closedAt: null };
      const id = await this.batches.transaction(async (batches, trx) => {
        const created = await batches.insert(input.name, JSON.stringify(rules));
        await this.audit.record(trx, [
          {
            actorId: user.id,
            action: 'batchCreate',
            entity: 'batch',
            entityId: created,
            toStatus: 'open',
            detail: { subject: input.name, rules },
          },
        ]);
        return created;
      });
      return this.get(id);
    }
    const id = input.id;
    const existing = await this.get(id);
    const rules: BatchRules = { ...input.rules, closedAt: existing.closedAt };
    await this.batches.transaction(async (batches, trx) => {
      await batches.update(id, { name: input.name, rulesJson: JSON.stringify(rules) });
      await this.audit.record(trx, [
        {
          actorId: user.id,
          action: 'batchUpdate',
          entity: 'batch',
          entityId: id,
          detail: {
            subject: input.name,
            before: { name: existing.name, rules: existing.rules },
            after: { name: input.name, rules },
          },
        },
      ]);
    });
    return this.get(id);
  }

  /** Closes a batch: every stage's window is shut from now on, so candidates can no longer submit. */
  async close(user: SessionUser, id: number): Promise<BatchDto> {
    const existing = await this.get(id);
    if (existing.status === 'closed') throw conflict('批次已关闭');
    const closedAt = Date.now();
    const rules: BatchRules = { ...existing.rules, closedAt };
    const status: BatchStatus = 'closed';
    await this.batches.transaction(async (batches, trx) => {
      await batches.update(id, { rulesJson: JSON.stringify(rules), status });
      await this.audit.record(trx, [
        {
          actorId: user.id,
          action: 'batchClose',
          entity: 'batch',
          entityId: id,
          fromStatus: existing.status,
          toStatus: status,
          detail: { subject: existing.name, closedAt },
        },
      ]);
    });
    return this.get(id);
  }

  private async get(id: number): Promise<BatchDto> {
    const row = await this.batches.findById(id);
    if (!row) throw notFound('批次不存在');
    return toBatchDto(row);
  }
}
