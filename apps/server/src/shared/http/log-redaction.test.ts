import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role } from '@zikao/contract';
import type { ReviewLinkCreated } from '@zikao/contract/review-link';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { redactUrl } from './log-redaction.ts';

describe('request logs without credentials (adr/028)', () => {
  let app: TestApp;
  before(async () => {
    // debug: every request is logged, with its URL.
    app = await createTestApp({ LOG_LEVEL: 'debug' });
  });
  after(() => app.close());

  it('replaces the value of every sig, linkSig and token parameter, and keeps the rest', () => {
    assert.equal(
      redactUrl('/admin/thesis/review/27?lid=1&exp=1799267269366&sig=uxKEzuPn0y_Q'),
      '/admin/thesis/review/27?lid=1&exp=1799267269366&sig=***',
    );
    assert.equal(
      redactUrl('/api/v1/board/ws?cid=3&role=viewer&exp=9&uid=4&linkSig=abc-_123&token=f00d'),
      '/api/v1/board/ws?cid=3&role=viewer&exp=9&uid=4&linkSig=***&token=***',
    );
    assert.equal(redactUrl('/api/v1/thesis/list?signature=1&page=2'), '/api/v1/thesis/list?signature=1&page=2');
  });

  it('logs a review page and a board socket request by path and ids, never by signature', async () => {
    const reviewer = await buildUser(app, { role: Role.reviewer });
    const waiting = await buildSubmission(app, {
      batchId: await buildBatch(app),
      status: 'awaiting_check',
      reviewerId: reviewer.id,
    });
    const created = await app.post<ReviewLinkCreated>(
      '/api/v1/console/reviewLink/create',
      { submissionId: waiting.id, purpose: 'check' },
      { token: await app.login('13800000004') },
    );
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    const link = { url: created.body.data.url };
    const linkSignature = new URL(link.url, 'http://page.local').searchParams.get('sig') as string;
    const boardSignature = 'Zm9yZ2VkLWJvYXJkLXNpZ25hdHVyZQ';
    await app.server.inject({ method: 'GET', url: link.url });
    await app.server.inject({
      method: 'GET',
      url: `/api/v1/board/ws?cid=1&role=viewer&exp=${Date.now() + 60_000}&linkSig=${boardSignature}`,
    });

    const requests = app.logs.filter((line) => line.msg === 'incoming request');
    const urls = requests.map((line) => String((line.req as { url?: string } | undefined)?.url));
    assert.ok(urls.includes(redactUrl(link.url)), `the page is logged, redacted: ${urls.join(' ')}`);
    assert.ok(urls.some((url) => url.startsWith('/api/v1/board/ws?cid=1&') && url.endsWith('linkSig=***')));
    for (const line of app.logs) {
      const text = JSON.stringify(line);
      assert.ok(!text.includes(linkSignature), `a review link's signature in: ${text}`);
      assert.ok(!text.includes(boardSignature), `a board link's signature in: ${text}`);
    }
  });
});
