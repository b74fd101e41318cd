import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@zikao/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What Node's HTTP parser refuses before any route runs (a path or headers past maxHeaderSize, a
 * malformed request) still gets the JSON envelope, not a bare 431 or 400 (issue 19 §6).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    errorCode: ErrorCode.invalidInput,
    errorMsg: tooLarge ? '请求地址或请求头过长' : '请求格式不正确',
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * What Fastify's router refuses before any route runs (a path parameter past maxParamLength, a
 * malformed URL, an unsupported body type) answers in the envelope too, with its own status.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({
    errorCode: ErrorCode.invalidInput,
    errorMsg: status === 414 ? '请求地址过长' : '请求格式不正确',
    data: null,
  });
}
