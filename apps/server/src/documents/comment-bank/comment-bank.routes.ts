import {
  ANNOTATION_CATEGORIES,
  type AnnotationCategory,
  ApiPath,
  type CommentBankEntry,
  commentBankSaveSchema,
  Role,
  type SharedCommentBankEntry,
  SharedCommentBankPath,
  sharedCommentBankListSchema,
  TEACHER_SIDE_ROLES,
} from '@zikao/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { conflict, forbidden, notFound } from '../../shared/errors.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { parseInput } from '../../shared/validation.ts';
import type { AuditRepository } from '../../system/audit/audit.repository.ts';
import type { CommentBankRepository } from './comment-bank.repository.ts';

const idBody = z.object({ id: z.number({ error: '须为数字' }).int().positive() });
const STAFF = { access: { roles: TEACHER_SIDE_ROLES } } as const;
const ADMINS = { access: { roles: [Role.admin] } } as const;

/** Who may change an entry: its owner, or an admin for shared entries. */
function canEdit(user: SessionUser, ownerId: number | null): boolean {
  return ownerId === null ? user.role === Role.admin : ownerId === user.id;
}

/** The comment bank (常用批注语): each reviewer's reusable comments, plus shared ones from admins. */
export function registerCommentBankRoutes(
  app: FastifyInstance,
  deps: { bank: CommentBankRepository; audit: AuditRepository },
): void {
  const { bank, audit } = deps;
  /** Changes to shared entries are admin actions, so they go into the audit trail. */
  const audited = (user: SessionUser, action: string, id: number, text: string, category: AnnotationCategory) =>
    audit.record([
      {
        actorId: user.id,
        action,
        entity: 'comment_bank',
        entityId: id,
        detail: { subject: text, category: ANNOTATION_CATEGORIES.find((c) => c.key === category)?.label ?? category },
      },
    ]);

  app.post(SharedCommentBankPath.list, { config: ADMINS }, async (request) => {
    const query = parseInput(sharedCommentBankListSchema, request.body);
    const filters = { keyword: query.keyword, category: query.category };
    const [rows, total] = await Promise.all([
      bank.listShared(filters, query.pageSize, (query.page - 1) * query.pageSize),
      bank.countShared(filters),
    ]);
    const list: SharedCommentBankEntry[] = rows.map((row) => ({
      id: row.id,
      text: row.text,
      category: row.category,
      shared: true,
      mine: false,
      useCount: row.use_count,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
    return ok({ list, total, page: query.page, pageSize: query.pageSize });
  });

  app.post(ApiPath.commentBankList, { config: STAFF }, async (request) => {
    const user = requireUser(request.user);
    const rows = await bank.listFor(user.id);
    const entries: CommentBankEntry[] = rows.map((row) => ({
      id: row.id,
      text: row.text,
      category: row.category,
      shared: row.owner_id === null,
      mine: row.owner_id === user.id,
      useCount: row.use_count,
    }));
    return ok(entries);
  });

  app.post(ApiPath.commentBankSave, { config: STAFF }, async (request) => {
    const user = requireUser(request.user);
    const body = parseInput(commentBankSaveSchema, request.body);
    if (body.id) {
      const row = await bank.findById(body.id);
      if (!row) throw notFound('常用批注语不存在');
      if (!canEdit(user, row.owner_id)) throw forbidden('只能修改自己的常用批注语');
      await bank.update(body.id, body.text, body.category);
      if (row.owner_id === null) await audited(user, 'commentBankUpdate', body.id, body.text, body.category);
      return ok({ id: body.id });
    }
    if (body.shared && user.role !== Role.admin) throw forbidden('只有管理员可以添加共享批注语');
    const ownerId = body.shared ? null : user.id;
    if (await bank.exists(ownerId, body.text)) throw conflict('该批注语已在常用列表中');
    const id = await bank.insert(ownerId, body.text, body.category);
    if (ownerId === null) await audited(user, 'commentBankCreate', id, body.text, body.category);
    return ok({ id });
  });

  app.post(ApiPath.commentBankDelete, { config: STAFF }, async (request) => {
    const user = requireUser(request.user);
    const { id } = parseInput(idBody, request.body);
    const row = await bank.findById(id);
    if (!row) throw notFound('常用批注语不存在');
    if (!canEdit(user, row.owner_id)) throw forbidden('只能删除自己的常用批注语');
    await bank.delete(id);
    if (row.owner_id === null) await audited(user, 'commentBankDelete', id, row.text, row.category);
    return ok({});
  });

  app.post(ApiPath.commentBankUse, { config: STAFF }, async (request) => {
    const user = requireUser(request.user);
    const { id } = parseInput(idBody, request.body);
    const row = await bank.findById(id);
    if (!row || (row.owner_id !== null && row.owner_id !== user.id)) throw notFound('常用批注语不存在');
    await bank.countUse(id);
    return ok({});
  });
}
