import type { CaptchaResponse, PublicKeyResponse, UserSession } from '@zikao/contract/auth';
import type { EndpointInput } from '@zikao/contract/endpoint';
import { identityEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';

/** The teacher calls and the candidate calls share shapes (api.md), not paths. */
const ENDPOINTS = {
  teacher: {
    captcha: identityEndpoints.captcha,
    sendSms: identityEndpoints.sendSmsCode,
    smsLogin: identityEndpoints.teacherLogin,
    passwordLogin: identityEndpoints.teacherLoginByPassword,
  },
  student: {
    captcha: identityEndpoints.studentCaptcha,
    sendSms: identityEndpoints.studentSendSms,
    smsLogin: identityEndpoints.studentLogin,
    passwordLogin: identityEndpoints.studentLoginByPassword,
  },
} as const;

export function fetchCaptcha(side: Side, signal?: AbortSignal): Promise<CaptchaResponse> {
  return call(ENDPOINTS[side].captcha, {}, { signal });
}

export function sendSmsCode(side: Side, body: EndpointInput<typeof identityEndpoints.sendSmsCode>): Promise<unknown> {
  return call(ENDPOINTS[side].sendSms, body, { silent: true });
}

export function loginBySms(
  side: Side,
  body: EndpointInput<typeof identityEndpoints.teacherLogin>,
): Promise<UserSession> {
  return call(ENDPOINTS[side].smsLogin, body, { silent: true });
}

export function loginByPassword(
  side: Side,
  body: EndpointInput<typeof identityEndpoints.teacherLoginByPassword>,
): Promise<UserSession> {
  return call(ENDPOINTS[side].passwordLogin, body, { silent: true });
}

export function fetchPublicKey(): Promise<PublicKeyResponse> {
  return call(identityEndpoints.publicKey, {});
}

export function updatePassword(body: EndpointInput<typeof identityEndpoints.updatePassword>): Promise<unknown> {
  return call(identityEndpoints.updatePassword, body, { silent: true });
}
