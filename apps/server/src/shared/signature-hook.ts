import { hash } from 'node:crypto';
import { SIGNATURE_WINDOW_MS, signatureBase } from '@zikao/contract';
import type { FastifyRequest } from 'fastify';
import { badSignature, staleTimestamp } from './errors.ts';
import { KeyedMemo } from './keyed-memo.ts';
import type { AccessConfig } from './request-context.ts';
import { MEMO_KEY_MAX, paramsKey } from './validation.ts';

const NO_PARAMS: Record<string, unknown> = Object.freeze({});

/** The signed parameters: the query or body itself (signatureBase skips `t` and `sig`). */
function signedRecord(source: unknown): Record<string, unknown> {
  return source && typeof source === 'object' && !Array.isArray(source)
    ? (source as Record<string, unknown>)
    : NO_PARAMS;
}

/** Throws 1000003 when `t` is missing its window, 1000002 when it is not a timestamp. */
export function checkTimestamp(t: unknown, now = Date.now()): string {
  // A JSON body's number: the same digits-only rule as for text, without a regular expression.
  const valid =
    typeof t === 'number' ? Number.isInteger(t) && t >= 0 && t < 1e16 : typeof t === 'string' && /^\d{1,16}$/.test(t);
  if (!valid) throw badSignature('签名错误：缺少时间戳 t');
  if (Math.abs(now - Number(t)) > SIGNATURE_WINDOW_MS) throw staleTimestamp();
  return String(t);
}

/**
 * Signed prefixes: the signature base without `t`. It depends on the parameters alone, which
 * `paramsKey` tells apart exactly, so a call repeated with the same parameters (and a new `t`)
 * reuses it. This runs before any session is checked and anyone can sign, so the memo keeps only
 * short keys: at most about 1,000 × 2 × 1,024 characters.
 */
const prefixes = new KeyedMemo<string>(1000, MEMO_KEY_MAX);

/**
 * Throws 1000002 unless `sig` is the signature of the params and `t` (`t` and `sig` in params are
 * skipped). `key`, when given, must be `paramsKey(params)`.
 */
export function checkSignature(params: Record<string, unknown>, t: string, sig: unknown, key?: string): void {
  if (typeof sig !== 'string' || sig.length === 0) throw badSignature('签名错误：缺少签名 sig');
  // The contract's md5 is portable JavaScript for the browser; the server hashes natively.
  const expected = hash('md5', prefixes.get(key, () => signatureBase(params, '')) + t, 'hex');
  if (expected !== sig && expected !== sig.toLowerCase()) throw badSignature();
}

/**
 * Verifies `t` and `sig` on every API call under the route's access rules: the query for GET
 * and DELETE, the JSON body otherwise. Multipart routes get the query part checked for
 * freshness here and verify the signature with their form fields later. Leaves the parameters'
 * `paramsKey` on the request, for the route's parse memo.
 */
export function verifyRequestSignatureSync(request: FastifyRequest, access: AccessConfig): void {
  request.pendingSignature = null;
  request.signedParamsKey = undefined;
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
  const key = record === NO_PARAMS ? undefined : paramsKey(record);
  checkSignature(record, checkTimestamp(record.t), record.sig, key);
  request.signedParamsKey = key;
}
