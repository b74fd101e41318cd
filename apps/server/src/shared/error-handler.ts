import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@zikao/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Framework errors that are the caller's fault, mapped to a business code and a Chinese message. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.invalidInput,
    message: '参数错误：请求体不是合法的 JSON',
    status: 200,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.invalidInput, message: '参数错误：请求体为空', status: 200 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.invalidInput,
    message: '参数错误：不支持的请求格式',
    status: 200,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.invalidInput,
    message: '参数错误：请求长度不正确',
    status: 200,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.invalidInput, message: '参数错误：请求体过大', status: 413 },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: ErrorCode.invalidInput,
    message: '参数错误：请以 multipart/form-data 上传',
    status: 200,
  },
  FST_FILES_LIMIT: { code: ErrorCode.invalidInput, message: '参数错误：一次只能上传一个文件', status: 200 },
  FST_FIELDS_LIMIT: { code: ErrorCode.invalidInput, message: '参数错误：表单字段过多', status: 200 },
  FST_PARTS_LIMIT: { code: ErrorCode.invalidInput, message: '参数错误：表单内容过多', status: 200 },
  FST_REQ_FILE_TOO_LARGE: { code: ErrorCode.fileTooLarge, message: '文件超过 50 MB', status: 200 },
  FST_PROTO_VIOLATION: { code: ErrorCode.invalidInput, message: '参数错误：请求内容不合法', status: 200 },
};

/**
 * The one error handler: business errors keep their code; known client mistakes become
 * 1000001; anything else is 1090001 with an id that the log holds in full.
 */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): void {
  // An error is never kept by a cache: at a file's address (a PDF read by ranges before it is
  // ready), a kept envelope made Chromium join later range answers wrongly (adr/024).
  reply.header('cache-control', 'no-store');
  if (error instanceof AppError) {
    reply.status(error.httpStatus).send({ errorCode: error.code, errorMsg: error.message, data: null });
    return;
  }
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) {
    reply.status(known.status).send({ errorCode: known.code, errorMsg: known.message, data: null });
    return;
  }
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    request.log.info({ code: error.code }, 'rejected malformed request');
    reply.status(200).send({ errorCode: ErrorCode.invalidInput, errorMsg: '参数错误：请求内容不合法', data: null });
    return;
  }
  const id = randomUUID().slice(0, 8);
  request.log.error({ err: error, errorId: id }, 'unhandled error');
  reply.status(500).send({ errorCode: ErrorCode.internal, errorMsg: `服务器内部错误（编号 ${id}）`, data: null });
}
