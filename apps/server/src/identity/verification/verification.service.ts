import { randomInt } from 'node:crypto';
import { type CaptchaResponse, normalizePhone } from '@zikao/contract';
import type { FastifyBaseLogger } from 'fastify';
import svgCaptcha from 'svg-captcha';
import { tooManyRequests, wrongCode } from '../../shared/errors.ts';
import { hashSecret, randomToken, secretMatches } from '../../shared/tokens.ts';
import type { SmsProvider } from './sms-provider.ts';
import type { VerificationRepository } from './verification.repository.ts';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 3;

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Start of the current calendar day in China (UTC+8), as epoch ms. */
export function startOfChinaDay(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / 86_400_000) * 86_400_000 - CHINA_OFFSET_MS;
}

interface Deps {
  repository: VerificationRepository;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
  /** Logs each captcha's answer; only for end-to-end tests, never in production. */
  logCaptchaAnswers: boolean;
}

export class VerificationService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async createCaptcha(): Promise<CaptchaResponse> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      color: true,
      ignoreChars: '0oO1iIlL',
      width: 120,
      height: 40,
      // svg-captcha's default 56 px glyphs overflow a 40 px image: tops and descenders were cut off.
      fontSize: 38,
      background: '#f8fafc',
    });
    const captchaId = randomToken().slice(0, 32);
    const now = Date.now();
    await this.deps.repository.insertCaptcha(
      captchaId,
      hashSecret(captcha.text.toLowerCase()),
      now + CAPTCHA_TTL_MS,
      now,
    );
    if (this.deps.logCaptchaAnswers) this.deps.logger.info({ captchaId, text: captcha.text }, 'captcha issued');
    return { captchaId, svg: captcha.data };
  }

  /** One try per captcha: right or wrong, it is used up. */
  async checkCaptcha(captchaId: string, answer: string): Promise<void> {
    const stored = await this.deps.repository.takeCaptcha(captchaId);
    if (!stored || stored.expires_at <= Date.now() || !secretMatches(answer.trim().toLowerCase(), stored.answer_hash)) {
      throw wrongCode('图形验证码错误或已过期，请刷新后重试');
    }
  }

  /**
   * Sends a 6-digit code, at most once a minute and 10 times a day per phone: the send is
   * reserved by one conditional upsert before anything is sent, so concurrent sends cannot all
   * pass. With `deliver: false` (a phone that is no account) the code is stored and counted but
   * never sent, so the answers and later tries look the same as for an account.
   */
  async sendSmsCode(phone: string, options: { deliver?: boolean } = {}): Promise<void> {
    const account = normalizePhone(phone);
    const now = Date.now();
    const today = startOfChinaDay(now);
    const reserved = await this.deps.repository.reserveSend(account, now, today, SMS_RESEND_MS, SMS_DAILY_LIMIT);
    if (!reserved) {
      const limit = await this.deps.repository.sendLimit(account);
      const wait = Math.ceil(((limit?.last_sent_at ?? 0) + SMS_RESEND_MS - now) / 1000);
      if (wait > 0) throw tooManyRequests(`验证码发送过于频繁，请 ${wait} 秒后再试`);
      throw tooManyRequests('今日验证码发送次数已达上限，请明天再试');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.deps.repository.insertCode(account, hashSecret(code), now, now + SMS_CODE_TTL_MS);
    if (options.deliver === false) return;
    await this.deps.sms.sendCode(account, code, SMS_CODE_TTL_MS / 60_000);
  }

  /**
   * Checks and uses up a code; three wrong tries retire it. Each check first takes a try by a
   * conditional update, so however many arrive at once, at most three are compared.
   */
  async consumeSmsCode(phone: string, code: string): Promise<void> {
    const row = await this.deps.repository.findLiveCode(phone, Date.now());
    if (!row) throw wrongCode('验证码错误或已过期，请重新获取');
    const attempts = await this.deps.repository.takeAttempt(row.id, SMS_MAX_ATTEMPTS);
    if (attempts === undefined) throw wrongCode('验证码错误次数过多，请重新获取');
    if (!secretMatches(code, row.code_hash)) {
      const left = SMS_MAX_ATTEMPTS - attempts;
      throw wrongCode(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
    }
    if (!(await this.deps.repository.consume(row.id))) throw wrongCode('验证码已使用，请重新获取');
  }
}
