import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential: a review or board link's signature (`sig` on the
 * page, `linkSig` on its calls; the API's own request `sig` goes with them) and a token.
 */
const CREDENTIAL_PARAMS = /([?&](?:sig|linkSig|token)=)[^&#]*/gi;

/** The URL with every credential's value replaced by `***`, for the log (adr/028). */
export function redactUrl(url: string): string {
  return url.replace(CREDENTIAL_PARAMS, '$1***');
}

/**
 * The log's view of a request (Fastify's own, with the URL redacted): with LOG_LEVEL debug or
 * trace every request is logged, and a link's signature in the log would open it for any reader.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** Pino options for the server: the caller's (or the level), with requests logged redacted. */
export function withRedactedRequests(logger: boolean | object | undefined, level: string): false | object {
  if (logger === false) return false;
  const base: { serializers?: object } = typeof logger === 'object' ? logger : { level };
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } };
}
