import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { createHttpSmsProvider } from './http-sms-provider.ts';

/** Templates of the notifications the platform sends; a gateway maps each to its own template. */
export type SmsTemplate = 'login_code' | 'review_completed';

/** Sends text messages. `console` writes them to the log; real gateways implement the same. */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string, minutesValid: number): Promise<void>;
  /** A notification: one of our templates with its parameters. Throws when the gateway refuses it. */
  send(phone: string, template: SmsTemplate, params: Record<string, string>): Promise<void>;
}

/** Development provider: the code goes to the server log (msg "sms code sent"), notices too ("sms sent"). */
export function createConsoleSmsProvider(logger: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async sendCode(phone, code, minutesValid) {
      logger.info({ phone, code, minutesValid }, 'sms code sent');
    },
    async send(phone, template, params) {
      logger.info({ phone, template, params }, 'sms sent');
    },
  };
}

/** The provider the configuration names. */
export function createSmsProvider(config: AppConfig, logger: FastifyBaseLogger): SmsProvider {
  if (config.smsProvider === 'http' && config.smsHttp) return createHttpSmsProvider(config.smsHttp);
  return createConsoleSmsProvider(logger);
}
