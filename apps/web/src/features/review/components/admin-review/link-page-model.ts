import { ErrorCode } from '@zikao/contract/errors';
import type { SubmissionDetail } from '@zikao/contract/review';
import { ApiError } from '../../../../shared/request/errors.ts';

/** The page URL carries a link's credential: `lid`, `exp` and `sig` (adr/011); without all three there is no link. */
export function hasCredential(search: string): boolean {
  const query = new URLSearchParams(search);
  return ['lid', 'exp', 'sig'].every((name) => Boolean(query.get(name)));
}

export interface Refusal {
  /** The picture of antd's Result: 403 for a refused link, warning for an expired one, 404 for one that leads nowhere. */
  status: '403' | '404' | 'warning' | 'error';
  title: string;
  description: string;
  /** A retry can help (a network failure), never a refused link. */
  retry: boolean;
}

const ASK_AGAIN = '请联系发送链接的管理员重新获取评阅链接。';

/**
 * What an admin review page says when it cannot open: the link is invalid, expired or revoked
 * (1030004, in the server's words), it is not for this paper (1030003), the paper or call is gone
 * (1040001), or the page could not reach the server.
 */
export function refusalOf(error: unknown): Refusal {
  const code = error instanceof ApiError ? error.code : null;
  const message = error instanceof Error ? error.message : '';
  if (code === ErrorCode.badReviewLink) {
    const expired = message.includes('过期');
    return {
      status: expired ? 'warning' : '403',
      title: message || '评阅链接无效',
      description: expired ? `链接的有效期已过。${ASK_AGAIN}` : ASK_AGAIN,
      retry: false,
    };
  }
  if (code === ErrorCode.forbidden) {
    return {
      status: '403',
      title: '该链接不能访问这篇论文',
      description: `${message && message !== '无权访问' ? `${message}。` : ''}请确认打开的是收到的完整链接。`,
      retry: false,
    };
  }
  if (code === ErrorCode.notFound) {
    return { status: '404', title: '论文不存在', description: `可能已被删除，或链接有误。${ASK_AGAIN}`, retry: false };
  }
  return {
    status: 'error',
    title: '页面加载失败',
    description: message || '网络连接异常，请稍后再试',
    retry: true,
  };
}

/** A page opened without the link's credential: copied in part, or typed by hand. */
export const INCOMPLETE_LINK: Refusal = {
  status: '403',
  title: '评阅链接不完整',
  description: '链接缺少有效凭证，请确认复制了完整的链接后重新打开。',
  retry: false,
};

/** A link of another paper than the page's (an edited address): the server would refuse it too. */
export const OTHER_PAPER: Refusal = {
  status: '403',
  title: '该链接不能访问这篇论文',
  description: '请确认打开的是收到的完整链接。',
  retry: false,
};

export type CheckOutcome =
  | { kind: 'pending' }
  | { kind: 'passed'; actorName: string; at: number | null }
  | { kind: 'returned'; actorName: string; reason: string; at: number }
  /** Neither waiting for the check nor checked: the review is elsewhere in its course. */
  | { kind: 'elsewhere' };

/**
 * Where the admin check (复核) of a submission stands, read from its detail: waiting (待复核), passed
 * (已复核), or sent back to its reviewer (the latest 退回 since the review was submitted).
 */
export function checkOutcome(detail: Pick<SubmissionDetail, 'status' | 'history' | 'review'>): CheckOutcome {
  const latest = (action: string) => detail.history.filter((entry) => entry.action === action).at(-1);
  if (detail.status === 'awaiting_check') return { kind: 'pending' };
  if (detail.status === 'checked') {
    const check = latest('check');
    return { kind: 'passed', actorName: check?.actorName ?? '', at: check?.createdAt ?? null };
  }
  const reopen = latest('reopen');
  if (reopen && detail.review?.state !== 'submitted') {
    return { kind: 'returned', actorName: reopen.actorName, reason: reopen.reason, at: reopen.createdAt };
  }
  return { kind: 'elsewhere' };
}
