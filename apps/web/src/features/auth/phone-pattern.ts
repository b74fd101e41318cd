/**
 * The contract's PHONE_PATTERN, restated because importing `@zikao/contract/auth` would pull zod
 * into the login page's initial JavaScript. phone-pattern.test.ts fails if the two drift apart.
 */
export const PHONE_PATTERN = /^(?:\+86)?1[3-9]\d{9}$/;

/** Why a phone number is not acceptable, or null when it is. */
export function phoneProblem(value: string): string | null {
  if (!value.trim()) return '请输入手机号';
  if (!PHONE_PATTERN.test(value.trim())) return '手机号格式不正确';
  return null;
}
