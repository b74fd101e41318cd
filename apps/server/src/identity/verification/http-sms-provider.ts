import type { SmsProvider, SmsTemplate } from './sms-provider.ts';

export interface HttpSmsOptions {
  /** The gateway's endpoint; it gets `POST {phone, template, params, signName}` as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token: string | undefined;
  /** The SMS signature (签名) the gateway puts in front of the text, e.g. 【自考在线】. */
  signName: string;
  timeoutMs: number;
}

/**
 * A gateway reached over HTTP, in the shape SMS relays and cloud gateways share: one JSON POST
 * per message naming a template and its parameters. A non-2xx status, or a JSON answer whose
 * `code` is neither "OK" nor 0 (Aliyun's and most relays' convention), is a failure.
 */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  async function post(phone: string, template: SmsTemplate, params: Record<string, string>): Promise<void> {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ phone, template, params, signName: options.signName }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}: ${text.slice(0, 200)}`);
    let answer: { code?: unknown; message?: unknown } = {};
    try {
      answer = text ? (JSON.parse(text) as typeof answer) : {};
    } catch {
      // A plain-text 2xx counts as accepted.
    }
    if (answer.code !== undefined && answer.code !== 'OK' && answer.code !== 0 && answer.code !== '0') {
      throw new Error(`SMS gateway refused the message: ${String(answer.code)} ${String(answer.message ?? '')}`);
    }
  }

  return {
    name: 'http',
    sendCode: (phone, code, minutesValid) => post(phone, 'login_code', { code, minutes: String(minutesValid) }),
    send: post,
  };
}
