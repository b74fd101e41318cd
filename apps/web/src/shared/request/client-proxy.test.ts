import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillPath } from '@zikao/contract/endpoint';
import { documentsEndpoints, proxyEndpoints, workflowEndpoints } from '@zikao/contract/endpoints';
import { ErrorCode } from '@zikao/contract/errors';
import { linkCredentialSchema } from '@zikao/contract/review-link';
import { signParams } from '@zikao/contract/signature';
import { isProxyPath, proxyParams } from './client.ts';
import { envelope, jsonBody, LINK_PAGE_QUERY, setup } from './client-test-kit.ts';
import { ApiError } from './errors.ts';

// The admin review pages' calls (seed §7, adr/011): the proxy endpoints carry their own path, and
// every call under the proxy takes the page URL's query, the link's `sig` sent as `linkSig`.

const credential = { lid: LINK_PAGE_QUERY.lid, exp: LINK_PAGE_QUERY.exp, linkSig: LINK_PAGE_QUERY.sig };

describe('comment-proxy calls', () => {
  it('every proxy endpoint is a proxy path, so the client gives each the link credential', () => {
    for (const [name, endpoint] of Object.entries(proxyEndpoints)) assert.ok(isProxyPath(endpoint.path), name);
    for (const endpoint of [workflowEndpoints.submissionDetail, documentsEndpoints.annotationSave]) {
      assert.equal(isProxyPath(endpoint.path), false, endpoint.path);
    }
  });

  it('posts to the endpoint’s own proxy path, once prefixed, with the page query merged and signed', async () => {
    const { client, calls } = setup({});
    await client.post(proxyEndpoints.submissionDetail.path, { submissionId: 12, open: 1 });
    assert.equal(calls[0]?.url.pathname, '/api/qianwei/v1/comment-prx/submission/detail');
    const body = jsonBody(calls[0]);
    const { sig, t, ...signed } = body;
    assert.deepEqual(signed, { ...credential, submissionId: 12, open: 1 });
    assert.equal(t, 1_700_000_000_000);
    assert.equal(sig, signParams(signed, t as number), 'the request signature covers the credential');
    assert.notEqual(sig, LINK_PAGE_QUERY.sig, 'the page’s sig is the link’s, never the request’s');
    assert.ok(linkCredentialSchema.safeParse(body).success, 'the server’s credential schema reads the body');
  });

  it('sends the page’s sig as linkSig and leaves a t of the page URL out', () => {
    assert.deepEqual(proxyParams({ lid: '3', exp: '9', sig: 'abc', t: '5', from: 'mail' }), {
      lid: '3',
      exp: '9',
      linkSig: 'abc',
      from: 'mail',
    });
    assert.deepEqual(proxyParams({}), {});
  });

  it('lets the call’s own input win over a page parameter of the same name', async () => {
    const { client, calls } = setup({ pageQuery: { ...LINK_PAGE_QUERY, submissionId: '99' } });
    await client.post(proxyEndpoints.reviewCheck.path, { submissionId: 12 });
    assert.equal(jsonBody(calls[0]).submissionId, 12);
  });

  it('puts the credential into the signed query of a proxy GET', async () => {
    const { client, calls } = setup({});
    await client.get('/qianwei/v1/comment-prx/document/status', { documentId: 5 });
    const query = Object.fromEntries(calls[0]?.url.searchParams ?? []);
    const { sig, t, ...signed } = query;
    assert.deepEqual(signed, { ...credential, documentId: '5' });
    assert.equal(sig, signParams({ ...credential, documentId: 5 }, Number(t)));
    assert.equal(calls[0]?.init.body, undefined);
  });

  it('sends no token on a proxy call: the link alone authorises it', async () => {
    const { client, calls } = setup({ token: 'tok-admin' });
    await client.post(proxyEndpoints.linkContext.path, {});
    await client.post('/v1/getUserInfo', {});
    const headers = calls.map((call) => call.init.headers as Record<string, string>);
    assert.equal(headers[0]?.Authorization, undefined);
    assert.equal(headers[1]?.Authorization, 'Bearer tok-admin');
  });

  it('keeps the page query out of every other call', async () => {
    const { client, calls } = setup({});
    await client.post('/v1/submission/detail', { submissionId: 12 });
    await client.get('/v1/code');
    assert.equal(jsonBody(calls[0]).lid, undefined);
    assert.equal(jsonBody(calls[0]).linkSig, undefined);
    assert.equal(calls[1]?.url.searchParams.has('lid'), false);
  });

  it('gives file addresses under the proxy the credential, unsigned, and others nothing of the page', () => {
    const { client } = setup({});
    const pdf = fillPath(proxyEndpoints.documentFile.path, { id: 5 }).path;
    const pdfUrl = new URL(client.url(pdf), 'http://app.test');
    assert.equal(pdfUrl.pathname, '/api/qianwei/v1/comment-prx/document/file/5');
    assert.deepEqual(Object.fromEntries(pdfUrl.searchParams), credential);

    const file = fillPath(proxyEndpoints.submissionFile.path, { submissionId: 12, uploadId: 'u1' });
    const fileUrl = new URL(client.url(file.path, { inline: '1', skipped: undefined }), 'http://app.test');
    assert.deepEqual(Object.fromEntries(fileUrl.searchParams), { ...credential, inline: '1' });

    const own = new URL(client.url('/v1/document/file/5'), 'http://app.test');
    assert.equal(own.search, '');
  });

  it('1030004 tells the page its link was refused, with the server’s reason, and sends no one to login', async () => {
    const { client, notices, events } = setup({
      respond: () => envelope(ErrorCode.badReviewLink, null, '评阅链接已撤销'),
    });
    await assert.rejects(
      client.post(proxyEndpoints.linkContext.path, {}, { silent: true }),
      (error: unknown) => error instanceof ApiError && error.code === ErrorCode.badReviewLink,
    );
    assert.deepEqual(events, ['link-refused:评阅链接已撤销']);
    assert.deepEqual(notices, [], 'the page shows the refusal in full, not as a toast');
  });

  it('a 1030001 or 1030002 from the proxy is an error of the call, not a session to end', async () => {
    for (const code of [ErrorCode.notLoggedIn, ErrorCode.mustChangePassword]) {
      const { client, notices, events } = setup({ respond: () => envelope(code, null, '登录已过期') });
      await assert.rejects(client.post(proxyEndpoints.reviewSave.path, { submissionId: 1 }), ApiError);
      assert.deepEqual(events, []);
      assert.deepEqual(notices, [['error', '登录已过期']]);
    }
  });
});
