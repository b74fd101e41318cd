import type { Endpoint, EndpointOutput, EndpointParsed } from '@zikao/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { badReviewLink, notLoggedIn } from '../errors.ts';
import type { SessionUser } from '../request-context.ts';
import { ParsedInputMemo, parseInput } from '../validation.ts';
import { ok } from './envelope.ts';

/** What a handler is given besides its parsed input. */
export interface CallContext<E extends Endpoint> {
  /**
   * The caller; null only on a public endpoint called without a session. On a comment-proxy
   * endpoint (`auth: 'link'`), the user its review link acts as (`request.link`), never a session's.
   */
  user: E['access'] extends { auth: 'public' } ? SessionUser | null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers its endpoint's output, which is sent in the envelope, or, on a file or
 * export endpoint, the reply it has filled itself (`attachment(reply, …).send(bytes)`).
 */
type Answer<E extends Endpoint> = E['body'] extends 'json' ? EndpointOutput<E> : EndpointOutput<E> | FastifyReply;
export type Handler<E extends Endpoint> = (
  input: EndpointParsed<E>,
  context: CallContext<E>,
) => Answer<E> | Promise<Answer<E>> | undefined;

export interface ServeOptions {
  /**
   * Keeps parsed inputs by their parameters, for calls repeated with the same ones (a list
   * polled, paged back and forth; adr/007). The handler must not change its input.
   */
  memoizeInput?: boolean;
  /**
   * Fastify's per-route rate limit (`@fastify/rate-limit`), per client address; or per the key
   * `keyGenerator` makes of the request, read after the auth hook so that it may name the caller
   * (the comment proxy counts each review link's calls apart).
   */
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (request: FastifyRequest) => string };
}

const ENDPOINT = Symbol('endpoint');

function inputOf(endpoint: Endpoint, request: FastifyRequest): unknown {
  if (endpoint.form === 'multipart') return undefined;
  if (endpoint.method === 'POST') return request.body;
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return params && Object.keys(params).length > 0 ? { ...query, ...params } : query;
}

/**
 * Registers the handler of one declared endpoint: the route's method and path, its access rule
 * (read by the auth hook), and its input, parsed by the declared schema before the handler
 * runs. A multipart endpoint's handler reads the form itself, with the declared schema.
 *
 * The handler is called without a promise in between, so a handler that sends a kept answer
 * at once (the review lists) stays synchronous.
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: ServeOptions = {},
): void {
  const memo = options.memoizeInput ? new ParsedInputMemo(endpoint.input) : null;
  const isPublic = endpoint.access.auth === 'public';
  const viaLink = endpoint.access.auth === 'link';
  const limit = options.rateLimit;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: endpoint.access,
      [ENDPOINT]: endpoint,
      // The auth hook is the route's first preHandler (bindAuthHooks), so a keyed limit runs after it.
      ...(limit ? { rateLimit: limit.keyGenerator ? { ...limit, hook: 'preHandler' as const } : limit } : {}),
    },
    handler(request, reply) {
      const raw = inputOf(endpoint, request);
      const input = (
        endpoint.form === 'multipart'
          ? {}
          : memo
            ? memo.parse(raw, endpoint.method === 'POST' ? request.signedParamsKey : undefined)
            : parseInput(endpoint.input, raw)
      ) as EndpointParsed<E>;
      const user = viaLink ? (request.link?.actor ?? null) : request.user;
      if (!isPublic && !user) throw viaLink ? badReviewLink() : notLoggedIn();
      const context = { user, request, reply } as CallContext<E>;
      const answer = handler(input, context);
      if (answer === undefined || answer === reply) return answer;
      if (answer instanceof Promise) return answer.then((value) => (answeredItself(reply) ? undefined : ok(value)));
      return ok(answer);
    },
  });
}

/**
 * Whether the handler sent the reply itself. An async handler's `return reply.send(stream)` never
 * resolves to the reply: Fastify's reply is a thenable, so the handler's promise adopts it and
 * settles with `undefined` once the response has ended or its connection closed. Wrapping that
 * `undefined` in an envelope would send a second answer: Fastify's "Reply was already sent"
 * warning, or, on a range request the browser aborted, an error ("payload of invalid type
 * 'object'") on a response whose bytes were under way.
 */
function answeredItself(reply: FastifyReply): boolean {
  return reply.sent || reply.raw.headersSent || reply.raw.destroyed;
}

/** The endpoint a registered route was declared by, if any. */
export function endpointOf(route: Pick<RouteOptions, 'config'>): Endpoint | undefined {
  return (route.config as Record<symbol, Endpoint> | undefined)?.[ENDPOINT];
}

/**
 * Refuses, at start-up, an API route that no endpoint declares: every call the server answers
 * is in the contract's table (`packages/contract/src/endpoints.ts`). Registered as an `onRoute`
 * hook of the API scope.
 */
export function refuseUndeclaredRoutes(route: RouteOptions): void {
  // Fastify adds a HEAD route beside each GET, with the same config.
  if (route.method === 'HEAD') return;
  if (!endpointOf(route)) throw new Error(`${String(route.method)} ${route.url} is not declared in the endpoint table`);
}
