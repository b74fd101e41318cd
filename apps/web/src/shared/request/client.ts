import { DEFAULT_ERROR_MESSAGES, ErrorCode } from '@zikao/contract/errors';
import { COMMENT_PROXY_BASE } from '@zikao/contract/paths';
import { signParams } from '@zikao/contract/signature';
import { EXPORT_SUCCESS_TEXT, NETWORK_ERROR_TEXT, REQUEST_TIMEOUT_MS } from '../config/constants.ts';
import { filenameFromContentDisposition } from './content-disposition.ts';
import { ApiError, HttpStatusError, NetworkError, RequestCancelledError } from './errors.ts';
import { httpStatusMessage } from './http-status.ts';

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

/** What the client needs from the app around it; injected so it runs in Node tests too. */
export interface ClientHooks {
  notify(kind: NoticeKind, text: string): void;
  /** 1030001: clear the session and go to login (or tell the host to). */
  onSessionExpired(message: string): void;
  /** 1030002: go to ChangePassword. */
  onMustChangePassword(message: string): void;
  /** 1030004 on a comment-proxy call: the page's review link is invalid, expired or revoked. */
  onLinkRefused(message: string): void;
  saveFile(blob: Blob, filename: string): void;
}

export interface ClientConfig {
  /** API base, `/api` unless the host handed over a base_url. */
  baseUrl: () => string;
  getToken: () => string | null | undefined;
  /** Query parameters of the current page URL, merged into comment-proxy calls (`proxyParams`). */
  pageQuery: () => Record<string, string>;
  hooks: ClientHooks;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** GET query parameters, or the JSON body for other methods. */
  data?: Record<string, unknown>;
  /** A multipart upload; its non-file fields are signed and `t`/`sig` go in the query. */
  formData?: FormData;
  /** The response is a file to download (list exports). */
  export?: boolean;
  /** Business errors and HTTP statuses are not toasted; the caller shows them. */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface RequestClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  upload<T>(path: string, formData: FormData, options?: RequestOptions): Promise<T>;
  /**
   * The address of a GET the browser makes itself (a PDF for pdf.js, a file in a tab), unsigned:
   * the base, the path and `params` in the query, with the page's link credential on proxy paths.
   */
  url(path: string, params?: Record<string, unknown>): string;
  /** Aborts every pending request; they reject with RequestCancelledError. */
  cancelAll(): void;
}

interface Envelope {
  errorCode: number;
  errorMsg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).errorCode === 'number';
}

function queryValue(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Query parameters of a GET: objects as JSON, empty values left out, `t` and `sig` for the signature alone. */
function appendQuery(query: URLSearchParams, params: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && key !== 't' && key !== 'sig') query.set(key, queryValue(value));
  }
}

function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) fields[key] = value;
  return fields;
}

/** A call of the comment proxy: the admin review pages' calls, authorised by the page's review link. */
export function isProxyPath(path: string): boolean {
  return path.startsWith(`${COMMENT_PROXY_BASE}/`);
}

/**
 * What a comment-proxy call takes from the page URL's query (seed §7): every parameter, except
 * that the request signature owns `t` and `sig`, so the link's `sig` goes as `linkSig`
 * (`linkCredentialSchema`) and a `t` in the page URL is left out.
 */
export function proxyParams(pageQuery: Record<string, string>): Record<string, string> {
  const { t: _t, sig, ...rest } = pageQuery;
  return sig === undefined ? rest : { ...rest, linkSig: sig };
}

/** The fetch-based request client of seed section 7, with the error catalogue of section 8. */
export function createRequestClient(config: ClientConfig): RequestClient {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // One controller per session: 1030001 and 1030002 abort everything still pending.
  let session = new AbortController();

  function cancelAll(): void {
    session.abort();
    session = new AbortController();
  }

  function buildRequest(path: string, options: RequestOptions): { url: string; init: RequestInit } {
    const method = options.method ?? (options.formData ? 'POST' : 'GET');
    const t = now();
    const proxy = isProxyPath(path);
    // The page's link credential first: what the call itself names wins.
    const data: Record<string, unknown> = proxy
      ? { ...proxyParams(config.pageQuery()), ...options.data }
      : { ...options.data };
    const query = new URLSearchParams();
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    // A proxy call is authorised by the link alone; a session would grant nothing more (adr/011).
    const token = proxy ? null : config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;

    if (options.formData) {
      // The proxy takes no uploads, so a form carries its own fields only.
      const sig = signParams(formFields(options.formData), t);
      query.set('t', String(t));
      query.set('sig', sig);
      body = options.formData;
    } else if (method === 'GET') {
      appendQuery(query, data);
      query.set('t', String(t));
      query.set('sig', signParams(data, t));
      headers['Content-Type'] = 'application/json';
    } else {
      data.t = t;
      data.sig = signParams(data, t);
      body = JSON.stringify(data);
      headers['Content-Type'] = 'application/json';
    }
    const search = query.toString();
    const url = `${config.baseUrl()}${path}${search ? `?${search}` : ''}`;
    return { url, init: { method, headers, body, credentials: 'include' } };
  }

  function url(path: string, params: Record<string, unknown> = {}): string {
    const query = new URLSearchParams();
    appendQuery(query, isProxyPath(path) ? { ...proxyParams(config.pageQuery()), ...params } : params);
    const search = query.toString();
    return `${config.baseUrl()}${path}${search ? `?${search}` : ''}`;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { url, init } = buildRequest(path, options);
    const sessionSignal = session.signal;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signals = [sessionSignal, timeout, options.signal].filter((s): s is AbortSignal => Boolean(s));
    const notify = (kind: NoticeKind, text: string) => {
      if (!options.silent) config.hooks.notify(kind, text);
    };
    const wasCancelled = () => sessionSignal.aborted || Boolean(options.signal?.aborted);

    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.any(signals) });
    } catch {
      if (wasCancelled()) throw new RequestCancelledError();
      notify('warning', NETWORK_ERROR_TEXT);
      throw new NetworkError(NETWORK_ERROR_TEXT, timeout.aborted);
    }
    // A session reset while the response was on its way also cancels it.
    if (wasCancelled()) throw new RequestCancelledError();

    if (!response.ok) {
      const message = httpStatusMessage(response.status);
      notify('error', message);
      throw new HttpStatusError(response.status, message);
    }

    const contentType = response.headers.get('content-type') ?? '';
    if (options.export && !contentType.includes('application/json')) {
      const blob = await response.blob();
      const filename = filenameFromContentDisposition(response.headers.get('content-disposition'));
      config.hooks.saveFile(blob, filename);
      notify('success', EXPORT_SUCCESS_TEXT);
      return { filename } as T;
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      if (wasCancelled()) throw new RequestCancelledError();
      const message = httpStatusMessage(response.status);
      notify('error', message);
      throw new HttpStatusError(response.status, message);
    }
    if (!isEnvelope(payload)) {
      const message = httpStatusMessage(response.status);
      notify('error', message);
      throw new HttpStatusError(response.status, message);
    }
    if (payload.errorCode === ErrorCode.ok) return payload.data as T;

    const message =
      payload.errorMsg || DEFAULT_ERROR_MESSAGES[payload.errorCode as ErrorCode] || `请求失败(${payload.errorCode})`;
    if (isProxyPath(path)) {
      // A review link's page has no session to expire or password to change: never off to /login.
      if (payload.errorCode === ErrorCode.badReviewLink) config.hooks.onLinkRefused(message);
      else notify('error', message);
    } else if (payload.errorCode === ErrorCode.notLoggedIn) {
      cancelAll();
      config.hooks.onSessionExpired(message);
      config.hooks.notify('warning', message);
    } else if (payload.errorCode === ErrorCode.mustChangePassword) {
      cancelAll();
      config.hooks.onMustChangePassword(message);
      config.hooks.notify('warning', message);
    } else {
      notify('error', message);
    }
    throw new ApiError(payload.errorCode, message, payload.data);
  }

  return {
    request,
    get: (path, params, options) => request(path, { ...options, method: 'GET', data: params }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', data: body ?? {} }),
    upload: (path, formData, options) => request(path, { ...options, method: 'POST', formData }),
    url,
    cancelAll,
  };
}
