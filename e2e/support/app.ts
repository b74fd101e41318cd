import type { Page } from 'playwright-core';
import { expect } from './expect.ts';
import type { TestServer } from './server.ts';

export const DEMO_PASSWORD = 'Zikao@2026';
export const PHONES = {
  student: '13800000001',
  teacher: '13800000002',
  reviewer: '13800000003',
  admin: '13800000004',
  mustChange: '13800000009',
} as const;

/** Logs in through the password tab of a login page. */
export async function loginByPassword(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('tab', { name: '密码登录' }).click();
  const panel = page.getByRole('tabpanel', { name: '密码登录' });
  await panel.getByLabel('手机号').fill(phone);
  await panel.getByLabel('密码').fill(password);
  await panel.getByRole('button', { name: '登录' }).click();
}

/** Fills the SMS tab: captcha answer from the server log, then the SMS code from the server log. */
export async function loginBySms(page: Page, server: TestServer, phone: string): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: '短信登录' });
  await panel.getByLabel('手机号').fill(phone);
  const image = panel.getByAltText('图形验证码');
  await expect(async () => (await image.getAttribute('data-captcha-id')) !== null, '验证码图片出现');
  const captchaId = String(await image.getAttribute('data-captcha-id'));
  await panel.getByLabel('图形验证码', { exact: true }).fill(await server.captchaAnswer(captchaId));
  const since = server.logs.length;
  await panel.getByRole('button', { name: '获取验证码' }).click();
  const code = await server.smsCode(phone, since);
  await panel.getByLabel('短信验证码', { exact: true }).fill(code);
  await panel.getByRole('button', { name: '登录' }).click();
}

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Titles are set after render; wait for `{title} - 自考在线`. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  const expected = `${title} - 自考在线`;
  await expect(async () => (await page.title()) === expected, `document title "${expected}"`);
}
