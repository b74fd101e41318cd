import { type BoardCredential, boardCredentialSchema } from '@zikao/contract/course';
import { ErrorCode } from '@zikao/contract/errors';
import { ApiError } from '../../../../shared/request/errors.ts';

/**
 * The board link's credential from the page URL (`?cid=…&role=…&exp=…&uid=…&sig=…`): the page's
 * `sig` goes to the calls as `linkSig` (the request signature owns `sig`). Null when a part is
 * missing or malformed: the link was copied in part or edited.
 */
export function credentialOf(search: string): BoardCredential | null {
  const query = new URLSearchParams(search);
  const uid = query.get('uid');
  const parsed = boardCredentialSchema.safeParse({
    cid: query.get('cid') ?? undefined,
    role: query.get('role') ?? undefined,
    exp: query.get('exp') ?? undefined,
    uid: uid === null || uid === '' ? undefined : uid,
    linkSig: query.get('sig') ?? undefined,
  });
  if (!parsed.success) return null;
  // A guest link has no uid: leave the key out rather than carry an undefined one.
  const { uid: user, ...rest } = parsed.data;
  return user === undefined ? rest : parsed.data;
}

export interface BoardRefusal {
  /** antd Result's picture. */
  status: '403' | '404' | 'warning' | 'error';
  title: string;
  description: string;
  /** A retry can help: the server was out of reach, not a refused link. */
  retry: boolean;
}

const ASK_AGAIN = '请向老师重新获取课堂链接，或从“课程”页面重新进入。';

export const INCOMPLETE_LINK: BoardRefusal = {
  status: '403',
  title: '课堂链接不完整',
  description: `链接缺少必要的参数，请确认复制了完整的链接。${ASK_AGAIN}`,
  retry: false,
};

export const CANCELLED_COURSE: BoardRefusal = {
  status: 'warning',
  title: '课程已取消',
  description: '这门课程已被取消，课堂已关闭。如有疑问，请联系老师或考办。',
  retry: false,
};

/**
 * What the board says when it cannot open or is closed mid-class: a refused link (1030004, in the
 * server's words: invalid, expired, course cancelled), a course that is gone, or a server out of reach.
 */
export function boardRefusalOf(error: unknown): BoardRefusal {
  const code = error instanceof ApiError ? error.code : null;
  const message = error instanceof Error ? error.message : '';
  if (code === ErrorCode.badReviewLink) {
    const expired = message.includes('过期');
    const cancelled = message.includes('取消');
    if (cancelled) return { ...CANCELLED_COURSE, title: message };
    return {
      status: expired ? 'warning' : '403',
      title: message && message !== '评阅链接无效' ? message : '课堂链接无效',
      description: expired ? `链接的有效期已过。${ASK_AGAIN}` : ASK_AGAIN,
      retry: false,
    };
  }
  if (code === ErrorCode.forbidden) {
    return { status: '403', title: '无权进入该课堂', description: message || ASK_AGAIN, retry: false };
  }
  if (code === ErrorCode.unavailable) {
    // The server answers, but not the live service behind the board: it comes back by itself.
    return {
      status: 'warning',
      title: '实时课堂服务暂不可用',
      description: '服务恢复后即可进入课堂，课堂链接仍然有效。请稍后点击“重试”。',
      retry: true,
    };
  }
  if (code === ErrorCode.notFound) {
    return { status: '404', title: '课程不存在', description: `课程可能已被删除。${ASK_AGAIN}`, retry: false };
  }
  return {
    status: 'error',
    title: '课堂加载失败',
    description: message || '网络连接异常，请稍后再试',
    retry: true,
  };
}
