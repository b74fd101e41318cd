import { type ClientHooks, createRequestClient, type NoticeKind } from './client.ts';

// Test kit for the request client: a client wired to a scripted fetch that records calls,
// notices, navigation events and saved files.

export interface Call {
  url: URL;
  init: RequestInit;
}

export function envelope(errorCode: number, data: unknown = null, errorMsg = ''): Response {
  return new Response(JSON.stringify({ errorCode, errorMsg, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** The query of an admin review page's URL: a review link's credential (adr/011). */
export const LINK_PAGE_QUERY = { lid: '7', exp: '1900000000000', sig: 'bGlua3NpZ25hdHVyZS0xMjM0NTY3OA' };

export function setup(options: {
  respond?: (call: Call) => Promise<Response> | Response;
  token?: string | null;
  t?: number;
  /** The page URL's query; a review link's page by default. */
  pageQuery?: Record<string, string>;
}) {
  const calls: Call[] = [];
  const notices: Array<[NoticeKind, string]> = [];
  const events: string[] = [];
  const saved: Array<[Blob, string]> = [];
  const hooks: ClientHooks = {
    notify: (kind, text) => notices.push([kind, text]),
    onSessionExpired: (msg) => events.push(`expired:${msg}`),
    onMustChangePassword: (msg) => events.push(`change-password:${msg}`),
    onLinkRefused: (msg) => events.push(`link-refused:${msg}`),
    saveFile: (blob, name) => saved.push([blob, name]),
  };
  const client = createRequestClient({
    baseUrl: () => '/api',
    getToken: () => (options.token === undefined ? 'tok-1' : options.token),
    pageQuery: () => options.pageQuery ?? LINK_PAGE_QUERY,
    hooks,
    now: () => options.t ?? 1_700_000_000_000,
    fetch: async (input, init) => {
      const call = { url: new URL(String(input), 'http://app.test'), init: init ?? {} };
      calls.push(call);
      return (options.respond ?? (() => envelope(0, { ok: true })))(call);
    },
  });
  return { client, calls, notices, events, saved };
}

export function jsonBody(call: Call | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.init.body)) as Record<string, unknown>;
}
