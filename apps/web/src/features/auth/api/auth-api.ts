import type { CaptchaResponse, PublicKeyResponse, UserSession } from '@zikao/contract/auth';
import { ApiPath } from '@zikao/contract/paths';
import { api } from '../../../shared/request/api.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';

/** The teacher calls and the student calls share shapes (api.md), not paths. */
const PATHS = {
  teacher: {
    captcha: ApiPath.captcha,
    sendSms: ApiPath.sendSmsCode,
    smsLogin: ApiPath.teacherLogin,
    passwordLogin: ApiPath.teacherLoginByPassword,
  },
  student: {
    captcha: ApiPath.studentCaptcha,
    sendSms: ApiPath.studentSendSms,
    smsLogin: ApiPath.studentLogin,
    passwordLogin: ApiPath.studentLoginByPassword,
  },
} as const;

export function fetchCaptcha(side: Side, signal?: AbortSignal): Promise<CaptchaResponse> {
  return api.get<CaptchaResponse>(PATHS[side].captcha, {}, { signal });
}

export function sendSmsCode(side: Side, body: { phone: string; captchaId: string; captcha: string }): Promise<unknown> {
  return api.post(PATHS[side].sendSms, body, { silent: true });
}

export function loginBySms(side: Side, body: { phone: string; code: string }): Promise<UserSession> {
  return api.post<UserSession>(PATHS[side].smsLogin, body, { silent: true });
}

export function loginByPassword(side: Side, body: { account: string; password: string }): Promise<UserSession> {
  return api.post<UserSession>(PATHS[side].passwordLogin, body, { silent: true });
}

export function fetchPublicKey(): Promise<PublicKeyResponse> {
  return api.get<PublicKeyResponse>(ApiPath.publicKey);
}

export function updatePassword(body: { oldPassword: string; newPassword: string }): Promise<unknown> {
  return api.post(ApiPath.updatePassword, body, { silent: true });
}
