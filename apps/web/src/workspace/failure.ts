import { ErrorCode } from '@zikao/contract/errors';
import { ApiError, HttpStatusError, NetworkError, RequestCancelledError } from '../shared/request/errors.ts';
import type { FailureKind } from './outbox.ts';

/** Sorts a failed autosave by what the queue should do about it. */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof NetworkError) return 'retry';
  if (error instanceof RequestCancelledError) return 'stop';
  if (error instanceof HttpStatusError) return error.status >= 500 || error.status === 429 ? 'retry' : 'reject';
  if (error instanceof ApiError) {
    switch (error.code) {
      case ErrorCode.notLoggedIn:
      case ErrorCode.mustChangePassword:
        return 'stop';
      case ErrorCode.conflict:
        return 'conflict';
      case ErrorCode.internal:
      case ErrorCode.tooManyRequests:
      case ErrorCode.staleTimestamp:
        return 'retry';
      default:
        return 'reject';
    }
  }
  return 'retry';
}
