import { post } from '../endpoint.ts';
import {
  NoticeApiPath,
  type NoticeDto,
  type NoticeListResult,
  noticeListSchema,
  noticePublishSchema,
  noticeRefSchema,
} from '../notice.ts';
import { Role } from '../roles.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/** Every signed-in role reads its own notices; only admins publish and delete. */
const readers = { roles: [Role.student, Role.teacher, Role.reviewer, Role.admin] } as const;

/** The notices area: the reader's list and bell, and the admin's announcements. */
export const noticesEndpoints = {
  noticeList: post<NoticeListResult>()({ path: NoticeApiPath.list, input: noticeListSchema, access: readers }),
  /** Polled by the bell. */
  noticeUnread: post<{ count: number }>()({ path: NoticeApiPath.unread, input: emptyInputSchema, access: readers }),
  noticeRead: post<NoticeDto>()({ path: NoticeApiPath.read, input: noticeRefSchema, access: readers }),
  noticeReadAll: post<{ count: number }>()({ path: NoticeApiPath.readAll, input: emptyInputSchema, access: readers }),
  noticePublish: post<{ id: number }>()({
    path: NoticeApiPath.publish,
    input: noticePublishSchema,
    access: Access.admins,
  }),
  noticeDelete: post<Record<string, never>>()({
    path: NoticeApiPath.delete,
    input: noticeRefSchema,
    access: Access.admins,
  }),
};
