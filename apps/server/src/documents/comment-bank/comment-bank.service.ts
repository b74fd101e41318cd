import {
  ANNOTATION_CATEGORIES,
  type AnnotationCategory,
  type CommentBankEntry,
  type ListResult,
  type SharedCommentBankEntry,
} from '@zikao/contract';
import { mayEditBankEntry, mayShareBankEntries } from '../../access/access-rules.ts';
import { conflict, forbidden, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import type { CommentBankRepository } from './comment-bank.repository.ts';

const ALREADY_THERE = '该批注语已在常用列表中';

/**
 * The comment bank (常用批注语): each reviewer's reusable comments, plus shared ones from admins.
 * A change to a shared entry is an admin action, so it goes into the audit trail with it.
 */
export class CommentBankService {
  private readonly bank: CommentBankRepository;
  private readonly audit: AuditService;

  constructor(deps: { bank: CommentBankRepository; audit: AuditService }) {
    this.bank = deps.bank;
    this.audit = deps.audit;
  }

  async listShared(query: {
    page: number;
    pageSize: number;
    keyword?: string | undefined;
    category?: AnnotationCategory | undefined;
  }): Promise<ListResult<SharedCommentBankEntry>> {
    const filters = { keyword: query.keyword, category: query.category };
    const [rows, total] = await Promise.all([
      this.bank.listShared(filters, query.pageSize, (query.page - 1) * query.pageSize),
      this.bank.countShared(filters),
    ]);
    const list = rows.map((row) => ({
      id: row.id,
      text: row.text,
      category: row.category,
      shared: true as const,
      mine: false as const,
      useCount: row.use_count,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }

  async listFor(user: SessionUser): Promise<CommentBankEntry[]> {
    const rows = await this.bank.listFor(user.id);
    return rows.map((row) => ({
      id: row.id,
      text: row.text,
      category: row.category,
      shared: row.owner_id === null,
      mine: row.owner_id === user.id,
      useCount: row.use_count,
    }));
  }

  async save(
    user: SessionUser,
    body: { id?: number | undefined; text: string; category: AnnotationCategory; shared?: boolean | undefined },
  ): Promise<{ id: number }> {
    if (body.id) {
      const id = body.id;
      const row = await this.bank.findById(id);
      if (!row) throw notFound('常用批注语不存在');
      if (!mayEditBankEntry(user, row.owner_id)) throw forbidden('只能修改自己的常用批注语');
      await this.bank.transaction(async (bank, trx) => {
        if (!(await bank.update(id, body.text, body.category))) throw conflict(ALREADY_THERE);
        if (row.owner_id === null) await this.record(trx, user, 'commentBankUpdate', id, body.text, body.category);
      });
      return { id };
    }
    if (body.shared && !mayShareBankEntries(user)) throw forbidden('只有管理员可以添加共享批注语');
    const ownerId = body.shared ? null : user.id;
    return this.bank.transaction(async (bank, trx) => {
      const id = await bank.insert(ownerId, body.text, body.category);
      // Already there, saved before or a moment ago by a save made at the same time.
      if (id === undefined) throw conflict(ALREADY_THERE);
      if (ownerId === null) await this.record(trx, user, 'commentBankCreate', id, body.text, body.category);
      return { id };
    });
  }

  async remove(user: SessionUser, id: number): Promise<Record<string, never>> {
    const row = await this.bank.findById(id);
    if (!row) throw notFound('常用批注语不存在');
    if (!mayEditBankEntry(user, row.owner_id)) throw forbidden('只能删除自己的常用批注语');
    await this.bank.transaction(async (bank, trx) => {
      await bank.delete(id);
      if (row.owner_id === null) await this.record(trx, user, 'commentBankDelete', id, row.text, row.category);
    });
    return {};
  }

  /** Counts a use of an entry the user sees: their own or a shared one. */
  async use(user: SessionUser, id: number): Promise<Record<string, never>> {
    const row = await this.bank.findById(id);
    if (!row || (row.owner_id !== null && row.owner_id !== user.id)) throw notFound('常用批注语不存在');
    await this.bank.countUse(id);
    return {};
  }

  private record(
    trx: Parameters<AuditService['record']>[0],
    user: SessionUser,
    action: string,
    id: number,
    text: string,
    category: AnnotationCategory,
  ): Promise<void> {
    const label = ANNOTATION_CATEGORIES.find((c) => c.key === category)?.label ?? category;
    return this.audit.record(trx, [
      { actorId: user.id, action, entity: 'comment_bank', entityId: id, detail: { subject: text, category: label } },
    ]);
  }
}
