import type { CaptchaResponse, PublicKeyResponse, UserSession } from '@zikao/contract/auth';
import type { EndpointInput, EndpointOutput } from '@zikao/contract/endpoint';
import { api } from '../../../shared/request/api.ts';
import type { RequestOptions } from '../../../shared/request/client.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { SIGN_IN_CALLS, type SignInCall, type SignInEndpoint } from './sign-in-calls.ts';

/** The teacher calls and the candidate calls share shapes (api.md), not paths. */
const CALLS = {
  teacher: {
    captcha: 'captcha',
    sendSms: 'sendSmsCode',
    smsLogin: 'teacherLogin',
    passwordLogin: 'teacherLoginByPassword',
  },
  student: {
    captcha: 'studentCaptcha',
    sendSms: 'studentSendSms',
    smsLogin: 'studentLogin',
    passwordLogin: 'studentLoginByPassword',
  },
} as const satisfies Record<Side, Record<string, SignInCall>>;

/**
 * Sends a sign-in call with its input, typed by the contract's declaration: what `call()` does,
 * without loading the declarations' zod schemas on /login (sign-in-calls.ts).
 */
function send<K extends SignInCall>(
  key: K,
  input: EndpointInput<SignInEndpoint<K>>,
  options: Omit<RequestOptions, 'method' | 'data' | 'formData' | 'export'> = {},
): Promise<EndpointOutput<SignInEndpoint<K>>> {
  const { method, path } = SIGN_IN_CALLS[key];
  return api.request(path, { ...options, method, data: { ...input } });
}

export function fetchCaptcha(side: Side, signal?: AbortSignal): Promise<CaptchaResponse> {
  return send(CALLS[side].captcha, {}, { signal });
}

export function sendSmsCode(side: Side, body: EndpointInput<SignInEndpoint<'sendSmsCode'>>): Promise<unknown> {
  return send(CALLS[side].sendSms, body, { silent: true });
}

export function loginBySms(side: Side, body: EndpointInput<SignInEndpoint<'teacherLogin'>>): Promise<UserSession> {
  return send(CALLS[side].smsLogin, body, { silent: true });
}

export function loginByPassword(
  side: Side,
  body: EndpointInput<SignInEndpoint<'teacherLoginByPassword'>>,
): Promise<UserSession> {
  return send(CALLS[side].passwordLogin, body, { silent: true });
}

export function fetchPublicKey(): Promise<PublicKeyResponse> {
  return send('publicKey', {});
}

export function updatePassword(body: EndpointInput<SignInEndpoint<'updatePassword'>>): Promise<unknown> {
  return send('updatePassword', body, { silent: true });
}
