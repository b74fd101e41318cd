import { Role } from '@zikao/contract';
import type { NoticeDto, NoticeListQuery, NoticeListResult, NoticePublishInput } from '@zikao/contract/notice';
import { forbidden, notFound } from '../shared/errors.ts';
import type { SessionUser } from '../shared/request-context.ts';
import { isVisibleTo, type NoticeRepository } from './notice.repository.ts';

type NoticeRow = NonNullable<Awaited<ReturnType<NoticeRepository['find']>>>;

/** Name shown as the author of notices the system sends. */
const SYSTEM_AUTHOR = '考办';

function toDto(row: NoticeRow, user: SessionUser): NoticeDto {
  return {
    id: row.id,
    kind: row.kind,
    audience: row.audience,
    title: row.title,
    body: row.body,
    link: row.link,
    author: row.created_by === null ? SYSTEM_AUTHOR : (row.author_name ?? SYSTEM_AUTHOR),
    createdAt: Number(row.created_at),
    read: row.read_at !== null,
    readAt: row.read_at === null ? null : Number(row.read_at),
    canDelete: user.role === Role.admin && row.kind === 'announcement',
  };
}

/**
 * Notices: announcements an admin publishes to all staff or all candidates, and personal
 * notices the system sends one user. Each reader has their own read marks.
 */
export class NoticeService {
  private readonly notices: NoticeRepository;

  constructor(deps: { notices: NoticeRepository }) {
    this.notices = deps.notices;
  }

  async list(user: SessionUser, query: NoticeListQuery): Promise<NoticeListResult> {
    const { rows, total } = await this.notices.list(user, query);
    return {
      list: rows.map((row) => toDto(row, user)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      unread: await this.notices.unreadCount(user),
    };
  }

  async unread(user: SessionUser): Promise<{ count: number }> {
    return { count: await this.notices.unreadCount(user) };
  }

  /** Opens one notice: it becomes read for the caller. */
  async read(user: SessionUser, id: number): Promise<NoticeDto> {
    const row = await this.visible(user, id);
    if (row.read_at === null) {
      const at = Date.now();
      await this.notices.markRead(id, user.id, at);
      return toDto({ ...row, read_at: at }, user);
    }
    return toDto(row, user);
  }

  async readAll(user: SessionUser): Promise<{ count: number }> {
    return { count: await this.notices.markAllRead(user, Date.now()) };
  }

  /** Admin: an announcement to all staff or all candidates; the author has it read already. */
  async publish(user: SessionUser, input: NoticePublishInput): Promise<{ id: number }> {
    if (user.role !== Role.admin) throw forbidden('只有管理员可以发布通知');
    const id = await this.notices.insert({
      audience: input.audience,
      userId: null,
      kind: 'announcement',
      title: input.title,
      body: input.body,
      createdBy: user.id,
    });
    await this.notices.markRead(id, user.id, Date.now());
    return { id };
  }

  /** Admin: removes an announcement, with everyone's read marks. Personal notices stay. */
  async delete(user: SessionUser, id: number): Promise<void> {
    if (user.role !== Role.admin) throw forbidden('只有管理员可以删除通知');
    const row = await this.notices.find(id, user.id);
    if (!row) throw notFound('通知不存在');
    if (row.kind !== 'announcement') throw forbidden('个人通知不能删除');
    await this.notices.delete(id);
  }

  private async visible(user: SessionUser, id: number): Promise<NoticeRow> {
    const row = await this.notices.find(id, user.id);
    if (!row) throw notFound('通知不存在');
    if (!isVisibleTo(user, row)) throw forbidden('无权查看该通知');
    return row;
  }
}
