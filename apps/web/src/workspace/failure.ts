import { ErrorCode } from '@zikao/contract/errors';
import { ApiError, HttpStatusError, NetworkError, RequestCancelledError } from '../shared/request/errors.ts';
import type { FailureKind } from './outbox.ts';
import { PdfRangeError } from './pdf-ranges.ts';

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

/** pdf.js's exceptions, by name, as the reader is told of them (pdf.js's own messages are English). */
const PDFJS_FAILURES: Record<string, string> = {
  InvalidPDFException: 'PDF 文件无法解析（文件不完整或已损坏），请刷新页面重试',
  PasswordException: 'PDF 文件设有密码，无法打开',
  FormatError: 'PDF 文件格式有误，无法显示',
  ResponseException: 'PDF 文件读取失败，请刷新页面重试',
  AbortException: 'PDF 文件读取已中断，请刷新页面重试',
};

/**
 * What the workspace says when a document could not be opened: our own errors already say it in
 * Chinese; pdf.js's are told by name, anything else in general terms, never in English.
 */
export function documentLoadMessage(error: unknown): string {
  if (
    error instanceof PdfRangeError ||
    error instanceof ApiError ||
    error instanceof HttpStatusError ||
    error instanceof NetworkError
  ) {
    return error.message;
  }
  const name = error instanceof Error ? error.name : '';
  return PDFJS_FAILURES[name] ?? '文档加载失败，请刷新页面重试';
}
