import { hash } from 'node:crypto';
import { SIGNATURE_WINDOW_MS, signatureBase } from '@zikao/contract';
import type { FastifyRequest } from 'fastify';
import { badSignature, staleTimestamp } from './errors.ts';
import type { AccessConfig } from './request-context.ts';

const NO_PARAMS: Record<string, unknown> = Object.freeze({});

/** The signed parameters: the query or body itself (signatureBase skips `t` and `sig`). */
function signedRecord(source: unknown): Record<string, unknown> {
  return source && typeof source === 'object' && !Array.isArray(source)
    ? (source as Record<string, unknown>)
    : NO_PARAMS;
}

/** Throws 1000003 when `t` is missing its window, 1000002 when it is not a timestamp. */
export function checkTimestamp(t: unknown, now = Date.now()): string {
  const text = typeof t === 'number' ? String(t) : t;
  if (typeof text !== 'string' || !/^\d{1,16}$/.test(text)) throw badSignature('签名错误：缺少时间戳 t');
  if (Math.abs(now - Number(text)) > SIGNATURE_WINDOW_MS) throw staleTimestamp();
  return text;
}

/** Throws 1000002 unless `sig` is the signature of the params and `t` (`t` and `sig` in params are skipped). */
export function checkSignature(params: Record<string, unknown>, t: string, sig: unknown): void {
  if (typeof sig !== 'string' || sig.length === 0) throw badSignature('签名错误：缺少签名 sig');
  // The contract's md5 is portable JavaScript for the browser; the server hashes natively.
  const expected = hash('md5', signatureBase(params, t), 'hex');
  if (expected !== sig && expected !== sig.toLowerCase()) throw badSignature();
}

/**
 * Verifies `t` and `sig` on every API call under the route's access rules: the query for GET
 * and DELETE, the JSON body otherwise. Multipart routes get the query part checked for
 * freshness here and verify the signature with their form fields later.
 */
export function verifyRequestSignatureSync(request: FastifyRequest, access: AccessConfig): void {
  request.pendingSignature = null;
  if (access.signature === 'none') return;
  const useQuery = request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE';
  if (access.signature === 'multipart' && request.isMultipart()) {
    const { t, sig, ...params } = signedRecord(request.query);
    const stamp = checkTimestamp(t);
    if (typeof sig !== 'string' || sig.length === 0) throw badSignature('签名错误：缺少签名 sig');
    request.pendingSignature = { params, t: stamp, sig };
    return;
  }
  const record = signedRecord(useQuery ? request.query : request.body);
  checkSignature(record, checkTimestamp(record.t), record.sig);
}
