import { ErrorCode } from '@zikao/contract/errors';
import { ApiError } from '../request/errors.ts';

/** forbidden: no right to it (1030003); notFound: it is gone (1040001); failed: anything else. */
export type LoadErrorKind = 'forbidden' | 'notFound' | 'failed';

export interface LoadErrorText {
  kind: LoadErrorKind;
  title: string;
  description: string;
}

/**
 * What to say about something that did not load, named by `subject` (论文, 文档, 审计日志): 无权查看该论文,
 * 论文不存在, or 论文加载失败 with the server's reason. `description` replaces the reason of a failure,
 * not of 403/404, whose reason the server gives.
 */
export function loadErrorText(error: unknown, subject: string, description?: string): LoadErrorText {
  const code = error instanceof ApiError ? error.code : null;
  const message = error instanceof Error ? error.message : '';
  if (code === ErrorCode.forbidden) {
    return { kind: 'forbidden', title: `无权查看该${subject}`, description: message || '如需查看，请联系管理员' };
  }
  if (code === ErrorCode.notFound) {
    // The server's own "X不存在" would only repeat the title.
    const gone = !message || message === `${subject}不存在`;
    return { kind: 'notFound', title: `${subject}不存在`, description: gone ? '可能已被删除，或链接有误' : message };
  }
  return { kind: 'failed', title: `${subject}加载失败`, description: description ?? (message || '请稍后再试') };
}
