import { z } from 'zod';

/** Chinese mobile number, with an optional +86 prefix. */
export const PHONE_PATTERN = /^(?:\+86)?1[3-9]\d{9}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export const SMS_CODE_PATTERN = /^\d{6}$/;

/** Strips +86 so a phone has one stored form. */
export function normalizePhone(phone: string): string {
  return phone.startsWith('+86') ? phone.slice(3) : phone;
}

/** Returns a Chinese reason when the password breaks the rule, or null when it is fine. */
export function passwordProblem(password: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return `密码长度须为 ${PASSWORD_MIN}–${PASSWORD_MAX} 位`;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  return null;
}

const phone = z.string({ error: '不能为空' }).trim().regex(PHONE_PATTERN, '格式不正确');
const cipher = z.string({ error: '不能为空' }).min(1, '不能为空').max(1024, '过长');

export const sendSmsBodySchema = z.object({
  phone,
  captchaId: z.string({ error: '不能为空' }).min(1, '不能为空').max(64, '过长'),
  captcha: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(8, '过长'),
});
export type SendSmsBody = z.infer<typeof sendSmsBodySchema>;

export const smsLoginBodySchema = z.object({
  phone,
  code: z.string({ error: '不能为空' }).trim().regex(SMS_CODE_PATTERN, '须为 6 位数字'),
});
export type SmsLoginBody = z.infer<typeof smsLoginBodySchema>;

export const passwordLoginBodySchema = z.object({
  account: phone,
  password: cipher,
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBodySchema>;

export const updatePasswordBodySchema = z.object({
  oldPassword: cipher,
  newPassword: cipher,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const emptyBodySchema = z.object({}).passthrough();

export interface MajorInfo {
  majorCode: string;
  majorName: string;
}

/** The User session of seed section 3, returned by every login call. */
export interface UserSession {
  applyExamLevel: string;
  examCommitteeName: string;
  /** Session expiry, epoch milliseconds. */
  expire: number;
  majorName: string;
  schoolName: string;
  status: number;
  token: string;
  userRole: number;
  name: string;
  id: number;
  majorInfoList: MajorInfo[];
  headUrl: string;
  schoolLogo: string;
  platform: string;
  account: string;
}

export interface UserInfo {
  id: number;
  name: string;
  account: string;
  userRole: number;
  headUrl: string;
  schoolLogo: string;
  schoolName: string;
  platform: string;
  majorName: string;
  mustChangePassword: boolean;
}

export interface CaptchaResponse {
  captchaId: string;
  svg: string;
}

export interface PublicKeyResponse {
  publicKey: string;
  bits: number;
}

export interface MenuItem {
  path: string;
  name: string;
  title: string;
  icon?: string;
  hidden?: boolean;
  children?: MenuItem[];
}

/** What an upload is for: a thesis document to review, an attachment, or a plagiarism report. */
export const UPLOAD_KINDS = ['document', 'attachment', 'report'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface UploadResponse {
  fileId: string;
  /** Set for `kind: document`: the review document being prepared from this file. */
  documentId?: number;
  sha256: string;
  name: string;
  size: number;
  mime: string;
}

export interface VersionInfo {
  version: string;
  commit: string;
  database: 'sqlite' | 'postgres';
  /** `detail` names the converter's path only for an admin; to anyone else it is empty when available. */
  converter: { available: boolean; detail: string };
  /** For an admin only: what runs the server is no one else's business. */
  nodeVersion?: string;
}
