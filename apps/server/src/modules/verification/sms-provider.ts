import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. `console` writes them to the log; real gateways implement the same. */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string, minutesValid: number): Promise<void>;
}

/** Development provider: the code goes to the server log (msg "sms code sent"). */
export function createConsoleSmsProvider(logger: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async sendCode(phone, code, minutesValid) {
      logger.info({ phone, code, minutesValid }, 'sms code sent');
    },
  };
}
