import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../config.ts';
import { createHttpSmsProvider } from './http-sms-provider.ts';
import { createSmsProvider } from './sms-provider.ts';

describe('the HTTP SMS gateway provider', () => {
  let server: Server;
  let base: string;
  const answers: Record<string, (response: import('node:http').ServerResponse) => void> = {
    '/plain': (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('accepted'),
    '/zero': (response) => response.writeHead(200).end(JSON.stringify({ code: 0 })),
    '/refused': (response) => response.writeHead(200).end(JSON.stringify({ code: 'MOBILE_NUMBER_ILLEGAL' })),
    '/down': (response) => response.writeHead(502).end('bad gateway'),
    // Never answers: the provider's timeout must end the wait.
    '/silent': () => {},
  };
  before(async () => {
    server = createServer((request, response) => {
      request.resume();
      answers[request.url ?? '']?.(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const provider = (path: string, timeoutMs = 2000) =>
    createHttpSmsProvider({ url: `${base}${path}`, token: undefined, signName: '自考在线', timeoutMs });

  it('accepts a 2xx answer without a code, or with code 0', async () => {
    await provider('/plain').send('13800000001', 'review_completed', { stage: '论文定稿', result: '通过' });
    await provider('/zero').sendCode('13800000001', '123456', 5);
  });

  it('fails on a refusal, an HTTP error and a gateway that does not answer', async () => {
    await assert.rejects(provider('/refused').send('1', 'review_completed', {}), /MOBILE_NUMBER_ILLEGAL/);
    await assert.rejects(provider('/down').send('1', 'review_completed', {}), /HTTP 502/);
    await assert.rejects(provider('/silent', 200).send('1', 'review_completed', {}), /timeout|aborted/i);
  });

  it('is chosen by SMS_PROVIDER=http, which needs SMS_HTTP_URL', () => {
    assert.throws(() => loadConfig({ SMS_PROVIDER: 'http' }), /SMS_HTTP_URL/);
    assert.throws(() => loadConfig({ SMS_PROVIDER: 'aliyun' }), /SMS_PROVIDER/);
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `${base}/plain`, SMS_HTTP_TIMEOUT_MS: '800' });
    assert.deepEqual(config.smsHttp, { url: `${base}/plain`, token: undefined, signName: '自考在线', timeoutMs: 800 });
    const logger = { info() {} } as unknown as Parameters<typeof createSmsProvider>[1];
    assert.equal(createSmsProvider(config, logger).name, 'http');
    assert.equal(createSmsProvider(loadConfig({}), logger).name, 'console');
  });
});
