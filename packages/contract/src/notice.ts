import { z } from 'zod';
import { listQuerySchema } from './envelope.ts';
import { idSchema, wholeNumber } from './numbers.ts';

/** Notices (通知公告): the exam board's announcements and personal notices such as a finished review. */
export const NoticeApiPath = {
  list: '/v1/notice/list',
  unread: '/v1/notice/unread',
  read: '/v1/notice/read',
  readAll: '/v1/notice/readAll',
  publish: '/v1/notice/publish',
  delete: '/v1/notice/delete',
} as const;

/** Who a notice is for: every staff account (roles 2–4), every candidate, or one user. */
export const NOTICE_AUDIENCES = ['staff', 'students', 'user'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  staff: '全体教师',
  students: '全体考生',
  user: '个人通知',
};

/** announcement: published by an admin; review: a review of the reader's work is finished. */
export type NoticeKind = 'announcement' | 'review';

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 5000;

const id = idSchema;

export const noticeListSchema = listQuerySchema.extend({
  /** 0: only unread; 1: only read; omitted: all, unread first. */
  read: wholeNumber(z.number().int().min(0, '须为 0 或 1').max(1, '须为 0 或 1')).optional(),
});
export type NoticeListQuery = z.infer<typeof noticeListSchema>;

export const noticeRefSchema = z.object({ id });

export const noticePublishSchema = z.object({
  title: z
    .string({ error: '不能为空' })
    .trim()
    .min(1, '不能为空')
    .max(NOTICE_TITLE_MAX, `不能超过 ${NOTICE_TITLE_MAX} 个字符`),
  body: z
    .string({ error: '不能为空' })
    .trim()
    .min(1, '不能为空')
    .max(NOTICE_BODY_MAX, `不能超过 ${NOTICE_BODY_MAX} 个字符`),
  audience: z.enum(['staff', 'students'], { error: '须为 staff 或 students' }),
});
export type NoticePublishInput = z.infer<typeof noticePublishSchema>;

export interface NoticeDto {
  id: number;
  kind: NoticeKind;
  audience: NoticeAudience;
  title: string;
  body: string;
  /** A page of the app the notice is about, e.g. /student/thesis; empty when none. */
  link: string;
  /** The publishing admin's name, or 考办 for notices the system sends. */
  author: string;
  /** Epoch ms. */
  createdAt: number;
  read: boolean;
  /** Epoch ms, or null while unread. */
  readAt: number | null;
  /** Whether the caller may delete it (admins, announcements only). */
  canDelete: boolean;
}

export interface NoticeListResult {
  list: NoticeDto[];
  total: number;
  page: number;
  pageSize: number;
  /** The caller's unread notices in all, whatever the filter. */
  unread: number;
}
