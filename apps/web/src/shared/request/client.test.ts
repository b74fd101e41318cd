import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { DEFAULT_ERROR_MESSAGES, ErrorCode } from '@zikao/contract/errors';
import { createRequestClient } from './client.ts';
import { envelope, jsonBody, setup } from './client-test-kit.ts';
import { ApiError, HttpStatusError, NetworkError, RequestCancelledError } from './errors.ts';

interface Vector {
  params: Record<string, unknown>;
  t: number;
  base: string;
  sig: string;
  note?: string;
}
const vectors = JSON.parse(
  readFileSync(new URL('../../../../../test-data/spec/signing-vectors.json', import.meta.url), 'utf8'),
) as Vector[];

describe('request signing against the shared vectors', () => {
  for (const [index, vector] of vectors.entries()) {
    const isForm = Boolean(vector.note?.includes('File'));
    it(`vector ${index} as ${isForm ? 'a form-data upload' : 'a JSON body and a GET query'}`, async () => {
      if (isForm) {
        const { client, calls } = setup({ t: vector.t });
        const form = new FormData();
        for (const [key, value] of Object.entries(vector.params)) {
          if (value !== null && value !== undefined) form.set(key, String(value));
        }
        form.set('file', new File(['%PDF-1.7'], 'a.pdf'));
        await client.upload('/v1/upload', form);
        const call = calls[0];
        assert.equal(call?.url.searchParams.get('sig'), vector.sig);
        assert.equal(call?.url.searchParams.get('t'), String(vector.t));
        assert.ok(call?.init.body instanceof FormData);
        return;
      }
      const { client, calls } = setup({ t: vector.t });
      await client.post('/v1/thing', vector.params);
      const body = jsonBody(calls[0]);
      assert.equal(body.sig, vector.sig);
      assert.equal(body.t, vector.t);
      await client.get('/v1/thing', vector.params);
      assert.equal(calls[1]?.url.searchParams.get('sig'), vector.sig);
      assert.equal(calls[1]?.url.searchParams.get('t'), String(vector.t));
    });
  }
});

describe('request shape', () => {
  it('sends the token, X-Requested-With, JSON content type and credentials', async () => {
    const { client, calls } = setup({});
    await client.post('/v1/getUserInfo', {});
    const headers = calls[0]?.init.headers as Record<string, string>;
    assert.equal(calls[0]?.url.pathname, '/api/v1/getUserInfo');
    assert.equal(calls[0]?.init.method, 'POST');
    assert.equal(headers.Authorization, 'Bearer tok-1');
    assert.equal(headers['X-Requested-With'], 'XMLHttpRequest');
    assert.equal(headers['Content-Type'], 'application/json');
    assert.equal(calls[0]?.init.credentials, 'include');
  });

  it('leaves out the Authorization header when there is no session', async () => {
    const { client, calls } = setup({ token: null });
    await client.get('/v1/code');
    assert.equal((calls[0]?.init.headers as Record<string, string> | undefined)?.Authorization, undefined);
  });

  it('sends GET parameters in the query and never a body', async () => {
    const { client, calls } = setup({});
    await client.get('/v1/thing', { page: 2, keyword: '论文', empty: null });
    assert.equal(calls[0]?.init.method, 'GET');
    assert.equal(calls[0]?.init.body, undefined);
    assert.equal(calls[0]?.url.searchParams.get('page'), '2');
    assert.equal(calls[0]?.url.searchParams.get('keyword'), '论文');
    assert.equal(calls[0]?.url.searchParams.has('empty'), false);
  });

  it('resolves with data on errorCode 0', async () => {
    const { client } = setup({ respond: () => envelope(0, { name: '王老师' }) });
    assert.deepEqual(await client.post('/v1/getUserInfo'), { name: '王老师' });
  });
});

describe('error catalogue', () => {
  it('1030001 cancels pending requests quietly, expires the session and warns with errorMsg', async () => {
    let releaseSlow: (() => void) | undefined;
    const { client, notices, events } = setup({
      respond: (call) => {
        if (call.url.pathname.endsWith('/slow')) {
          return new Promise<Response>((resolve, reject) => {
            call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            releaseSlow = () => resolve(envelope(0));
          });
        }
        return envelope(1030001, null, '登录已过期，请重新登录');
      },
    });
    const slow = client.post('/v1/slow');
    const slowSecond = client.get('/v1/slow');
    await assert.rejects(
      client.post('/v1/list'),
      (error: unknown) => error instanceof ApiError && error.code === 1030001,
    );
    await assert.rejects(slow, RequestCancelledError);
    await assert.rejects(slowSecond, RequestCancelledError);
    releaseSlow?.();
    assert.deepEqual(events, ['expired:登录已过期，请重新登录']);
    assert.deepEqual(notices, [['warning', '登录已过期，请重新登录']]);
  });

  it('1030002 cancels pending requests and goes to ChangePassword with errorMsg', async () => {
    const { client, notices, events } = setup({
      respond: (call) =>
        call.url.pathname.endsWith('/slow')
          ? new Promise<Response>((_, reject) =>
              call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            )
          : envelope(1030002, null, '首次登录请修改密码'),
    });
    const slow = client.post('/v1/slow');
    await assert.rejects(client.post('/auth/v1/menu/list'), (error: unknown) => (error as ApiError).code === 1030002);
    await assert.rejects(slow, RequestCancelledError);
    assert.deepEqual(events, ['change-password:首次登录请修改密码']);
    assert.deepEqual(notices, [['warning', '首次登录请修改密码']]);
  });

  it('a response that lands after the session reset is dropped quietly', async () => {
    let release: ((response: Response) => void) | undefined;
    const { client, notices } = setup({
      respond: (call) =>
        call.url.pathname.endsWith('/late') ? new Promise<Response>((resolve) => (release = resolve)) : envelope(0),
    });
    const late = client.post('/v1/late');
    await Promise.resolve();
    client.cancelAll();
    release?.(envelope(1030001, null, '登录已过期，请重新登录'));
    await assert.rejects(late, RequestCancelledError);
    assert.deepEqual(notices, []);
  });

  const businessCodes = Object.values(ErrorCode).filter(
    (code) => code !== ErrorCode.ok && code !== ErrorCode.notLoggedIn && code !== ErrorCode.mustChangePassword,
  );
  for (const code of businessCodes) {
    it(`errorCode ${code} shows the server's message as an error and rejects with the code`, async () => {
      const { client, notices, events } = setup({ respond: () => envelope(code, null, `具体原因 ${code}`) });
      await assert.rejects(client.post('/v1/x'), (error: unknown) => error instanceof ApiError && error.code === code);
      assert.deepEqual(notices, [['error', `具体原因 ${code}`]]);
      assert.deepEqual(events, []);
    });
    it(`errorCode ${code} without a message falls back to the contract's default`, async () => {
      const { client, notices } = setup({ respond: () => envelope(code) });
      await assert.rejects(client.post('/v1/x'), ApiError);
      assert.deepEqual(notices, [['error', DEFAULT_ERROR_MESSAGES[code]]]);
    });
  }

  it('silent requests leave business errors to the caller', async () => {
    const { client, notices } = setup({ respond: () => envelope(1060002, null, '账号或密码错误') });
    await assert.rejects(client.post('/v1/teacher/loginByPasswd', {}, { silent: true }), ApiError);
    assert.deepEqual(notices, []);
  });

  const statusTexts: Array<[number, string]> = [
    [400, '请求错误(400)，请检查网络或联系管理员！'],
    [401, '未授权，请重新登录(401)，请检查网络或联系管理员！'],
    [403, '拒绝访问(403)，请检查网络或联系管理员！'],
    [404, '请求出错(404)，请检查网络或联系管理员！'],
    [408, '请求超时(408)，请检查网络或联系管理员！'],
    [500, '服务器错误(500)，请检查网络或联系管理员！'],
    [501, '服务未实现(501)，请检查网络或联系管理员！'],
    [502, '网络错误(502)，请检查网络或联系管理员！'],
    [503, '服务不可用(503)，请检查网络或联系管理员！'],
    [504, '网络超时(504)，请检查网络或联系管理员！'],
    [505, 'HTTP版本不受支持(505)，请检查网络或联系管理员！'],
    [413, '连接出错(413)!，请检查网络或联系管理员！'],
    [418, '连接出错(418)!，请检查网络或联系管理员！'],
  ];
  for (const [status, text] of statusTexts) {
    it(`HTTP ${status} shows "${text}"`, async () => {
      const { client, notices } = setup({
        respond: () => new Response(JSON.stringify({ errorCode: 1090001, errorMsg: 'x', data: null }), { status }),
      });
      await assert.rejects(
        client.post('/v1/x'),
        (error: unknown) => error instanceof HttpStatusError && error.status === status && error.message === text,
      );
      assert.deepEqual(notices, [['error', text]]);
    });
  }

  it('no response warns 网络连接异常，请稍后再试', async () => {
    const { client, notices } = setup({
      respond: () => {
        throw new TypeError('fetch failed');
      },
    });
    await assert.rejects(
      client.get('/v1/version'),
      (error: unknown) => error instanceof NetworkError && !error.timedOut,
    );
    assert.deepEqual(notices, [['warning', '网络连接异常，请稍后再试']]);
  });

  it('gives up after the timeout with the no-response warning', async () => {
    const notices: string[] = [];
    const client = createRequestClient({
      baseUrl: () => '/api',
      getToken: () => null,
      pageQuery: () => ({}),
      timeoutMs: 20,
      hooks: {
        notify: (_, text) => notices.push(text),
        onSessionExpired() {},
        onMustChangePassword() {},
        onLinkRefused() {},
        saveFile() {},
      },
      fetch: (_, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    await assert.rejects(client.get('/v1/slow'), (error: unknown) => error instanceof NetworkError && error.timedOut);
    assert.deepEqual(notices, ['网络连接异常，请稍后再试']);
  });

  it('a request cancelled by its caller rejects quietly', async () => {
    const controller = new AbortController();
    const { client, notices } = setup({
      respond: (call) =>
        new Promise<Response>((_, reject) =>
          call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    const pending = client.get('/v1/slow', {}, { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, RequestCancelledError);
    assert.deepEqual(notices, []);
  });
});
