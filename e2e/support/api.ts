import { constants, publicEncrypt } from 'node:crypto';
import { signParams } from '@zikao/contract/signature';
import type { TestServer } from './server.ts';

interface Envelope<T> {
  errorCode: number;
  errorMsg: string;
  data: T;
}

/** A signed call straight to the server, as the web client makes it. */
export async function callApi<T>(
  server: TestServer,
  path: string,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<Envelope<T>> {
  const t = Date.now();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...body, t, sig: signParams(body, t) }),
  });
  return (await response.json()) as Envelope<T>;
}

async function publicKey(server: TestServer): Promise<string> {
  const t = Date.now();
  const response = await fetch(`${server.url}/api/v1/publicKey?t=${t}&sig=${signParams({}, t)}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const envelope = (await response.json()) as Envelope<{ publicKey: string }>;
  return envelope.data.publicKey;
}

/**
 * Password login through the API (RSA PKCS#1 v1.5, as the browser does) on the teacher side, or
 * the candidates' side; returns the token.
 */
export async function apiLogin(
  server: TestServer,
  phone: string,
  password: string,
  side: 'teacher' | 'student' = 'teacher',
): Promise<string> {
  const key = await publicKey(server);
  const cipher = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
  const path = side === 'teacher' ? '/v1/teacher/loginByPasswd' : '/auth/v1/loginByPasswd';
  const result = await callApi<{ token: string }>(server, path, {
    account: phone,
    password: cipher,
  });
  if (result.errorCode !== 0) throw new Error(`login failed: ${result.errorMsg}`);
  return result.data.token;
}
