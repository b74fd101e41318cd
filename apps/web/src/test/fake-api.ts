import { act } from '@testing-library/react';
import type { Envelope } from '@zikao/contract/envelope';

/** One request the page made, as the server would read it. */
export interface ApiCall {
  method: string;
  /** The path after the API base, e.g. `/v1/code`. */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

type Answer = { data?: unknown; errorCode?: number; errorMsg?: string };
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

const API_BASE = '/api';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Answers the page's API calls in the test, in the contract's envelope `{ errorCode, errorMsg,
 * data }` (packages/contract/src/envelope.ts), by `METHOD /path`. A call with no handler gets a
 * 404, and `restore()`, which puts the real fetch back, then throws to fail the test.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const unanswered: string[] = [];
  const pending = new Set<Promise<Response>>();
  const original = globalThis.fetch;

  async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // The app's request client passes a URL string and a JSON string body (shared/request/client.ts).
    const url = new URL(String(input), location.href);
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const call: ApiCall = { method: init?.method ?? 'GET', path, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${call.method} ${path}`];
    if (!handler) {
      unanswered.push(`${call.method} ${path}`);
      return new Response('', { status: 404 });
    }
    const result = await handler(call);
    const envelope: Envelope<unknown> = {
      errorCode: result.errorCode ?? 0,
      errorMsg: result.errorMsg ?? '',
      data: result.data ?? null,
    };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  }

  globalThis.fetch = (input, init) => {
    const response = answer(input, init);
    pending.add(response);
    void response.finally(() => pending.delete(response));
    return response;
  };

  return {
    calls,
    /**
     * Waits, inside React's act(), until every call has its answer, the page has taken it in and
     * made no new call: the state a person sees once the page has loaded.
     */
    async settled(): Promise<void> {
      for (;;) {
        const before = calls.length;
        await act(async () => {
          await Promise.allSettled([...pending]);
          await nextTask();
          await nextTask();
        });
        if (pending.size === 0 && calls.length === before) return;
      }
    },
    restore: () => {
      globalThis.fetch = original;
      if (unanswered.length > 0) throw new Error(`calls with no fake answer: ${unanswered.join(', ')}`);
    },
  };
}
