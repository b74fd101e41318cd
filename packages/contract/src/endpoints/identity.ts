import {
  type CaptchaResponse,
  type MajorInfo,
  type MenuItem,
  type PublicKeyResponse,
  passwordLoginBodySchema,
  sendSmsBodySchema,
  smsLoginBodySchema,
  type UserInfo,
  type UserSession,
  updatePasswordBodySchema,
} from '../auth.ts';
import {
  type AccountDto,
  accountCreateSchema,
  accountDisableSchema,
  accountListSchema,
  accountRefSchema,
  accountUpdateSchema,
  ConsoleApiPath,
  type TemporaryPasswordResult,
} from '../console.ts';
import { get, post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import { ApiPath } from '../paths.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/** Logging out works without a session too, so a stale client can always clear its cookie. */
const LOGOUT_ACCESS = { auth: 'public', allowMustChange: true } as const;

/**
 * The identity area: signing in and out (the teacher side and the candidate side share shapes,
 * not paths), the captcha and SMS code, the caller's own details and menu, and the admin's
 * account screen.
 */
export const identityEndpoints = {
  publicKey: get<PublicKeyResponse>()({ path: ApiPath.publicKey, input: emptyInputSchema, access: Access.public }),

  // The teacher side.
  captcha: get<CaptchaResponse>()({ path: ApiPath.captcha, input: emptyInputSchema, access: Access.public }),
  sendSmsCode: post<Record<string, never>>()({
    path: ApiPath.sendSmsCode,
    input: sendSmsBodySchema,
    access: Access.public,
  }),
  teacherLogin: post<UserSession>()({ path: ApiPath.teacherLogin, input: smsLoginBodySchema, access: Access.public }),
  teacherLoginByPassword: post<UserSession>()({
    path: ApiPath.teacherLoginByPassword,
    input: passwordLoginBodySchema,
    access: Access.public,
  }),
  logout: post<Record<string, never>>()({ path: ApiPath.logout, input: emptyInputSchema, access: LOGOUT_ACCESS }),

  // The candidate side.
  studentCaptcha: get<CaptchaResponse>()({
    path: ApiPath.studentCaptcha,
    input: emptyInputSchema,
    access: Access.public,
  }),
  studentSendSms: post<Record<string, never>>()({
    path: ApiPath.studentSendSms,
    input: sendSmsBodySchema,
    access: Access.public,
  }),
  studentLogin: post<UserSession>()({ path: ApiPath.studentLogin, input: smsLoginBodySchema, access: Access.public }),
  studentLoginByPassword: post<UserSession>()({
    path: ApiPath.studentLoginByPassword,
    input: passwordLoginBodySchema,
    access: Access.public,
  }),
  studentLogout: post<Record<string, never>>()({
    path: ApiPath.studentLogout,
    input: emptyInputSchema,
    access: LOGOUT_ACCESS,
  }),

  // The caller's own account.
  userInfo: post<UserInfo>()({ path: ApiPath.userInfo, input: emptyInputSchema, access: Access.signedIn }),
  /** Ends the session: the client signs in again with the new password. */
  updatePassword: post<Record<string, never>>()({
    path: ApiPath.updatePassword,
    input: updatePasswordBodySchema,
    access: Access.anyState,
  }),
  menuList: post<MenuItem[]>()({ path: ApiPath.menuList, input: emptyInputSchema, access: Access.signedIn }),

  // The account screen (admins).
  accountList: post<ListResult<AccountDto>>()({
    path: ConsoleApiPath.accountList,
    input: accountListSchema,
    access: Access.admins,
  }),
  accountMajors: post<{ list: MajorInfo[] }>()({
    path: ConsoleApiPath.accountMajors,
    input: emptyInputSchema,
    access: Access.admins,
  }),
  accountCreate: post<TemporaryPasswordResult>()({
    path: ConsoleApiPath.accountCreate,
    input: accountCreateSchema,
    access: Access.admins,
  }),
  accountUpdate: post<AccountDto>()({
    path: ConsoleApiPath.accountUpdate,
    input: accountUpdateSchema,
    access: Access.admins,
  }),
  accountDisable: post<AccountDto>()({
    path: ConsoleApiPath.accountDisable,
    input: accountDisableSchema,
    access: Access.admins,
  }),
  accountResetPassword: post<TemporaryPasswordResult>()({
    path: ConsoleApiPath.accountResetPassword,
    input: accountRefSchema,
    access: Access.admins,
  }),
};
