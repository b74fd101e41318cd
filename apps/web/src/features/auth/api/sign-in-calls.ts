import type { identityEndpoints } from '@zikao/contract/endpoints/identity';
import { ApiPath } from '@zikao/contract/paths';

type Identity = typeof identityEndpoints;

/**
 * The calls the sign-in pages make, by method and path only. Loading the contract's endpoint
 * declarations builds their zod schemas, which would put zod and every endpoint of the API on
 * /login (adr/025). Their types still come from those declarations (auth-api.ts), and
 * sign-in-calls.test.ts checks each method and path against them.
 */
export const SIGN_IN_CALLS = {
  publicKey: { method: 'GET', path: ApiPath.publicKey },
  captcha: { method: 'GET', path: ApiPath.captcha },
  sendSmsCode: { method: 'POST', path: ApiPath.sendSmsCode },
  teacherLogin: { method: 'POST', path: ApiPath.teacherLogin },
  teacherLoginByPassword: { method: 'POST', path: ApiPath.teacherLoginByPassword },
  studentCaptcha: { method: 'GET', path: ApiPath.studentCaptcha },
  studentSendSms: { method: 'POST', path: ApiPath.studentSendSms },
  studentLogin: { method: 'POST', path: ApiPath.studentLogin },
  studentLoginByPassword: { method: 'POST', path: ApiPath.studentLoginByPassword },
  updatePassword: { method: 'POST', path: ApiPath.updatePassword },
} as const satisfies { [K in keyof Identity]?: { method: Identity[K]['method']; path: string } };

export type SignInCall = keyof typeof SIGN_IN_CALLS;
export type SignInEndpoint<K extends SignInCall> = Identity[K];
