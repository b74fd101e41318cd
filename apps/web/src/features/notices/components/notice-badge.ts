import { Role } from '@zikao/contract/roles';
import { BADGE_MAX } from '../../../shared/config/constants.ts';

/** The bell's count as shown: nothing for none, `99+` above the maximum (seed 9). */
export function badgeText(count: number, max: number = BADGE_MAX): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > max ? `${max}+` : String(Math.floor(count));
}

/** What a screen reader hears for the bell. */
export function bellLabel(count: number, max: number = BADGE_MAX): string {
  const text = badgeText(count, max);
  return text ? `通知公告，${text} 条未读` : '通知公告';
}

/** The notice page of the caller's side: candidates have their own. */
export function noticePathFor(role: number): string {
  return role === Role.student ? '/student/notice' : '/notice';
}

/** How often the bell asks for the unread count, besides on every navigation. */
export const UNREAD_POLL_MS = 60_000;
