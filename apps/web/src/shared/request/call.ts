import { type Endpoint, type EndpointInput, type EndpointOutput, fillPath, pathParams } from '@zikao/contract/endpoint';
import type { LinkCredential } from '@zikao/contract/review-link';
import { api } from './api.ts';
import type { RequestOptions } from './client.ts';
import { type UploadProgressOptions, uploadWithProgress } from './upload-with-progress.ts';

type CallOptions = Omit<RequestOptions, 'method' | 'data' | 'formData' | 'export'>;

/**
 * What a caller passes to an endpoint: its input, less the review link's credential on a
 * comment-proxy endpoint (`auth: 'link'`), which the client takes from the page URL.
 */
export type CallInput<E> = E extends { access: { auth: 'link' } }
  ? Omit<EndpointInput<E>, keyof LinkCredential>
  : EndpointInput<E>;

/** The request's path and its data: `:name` segments filled from the input, the rest sent. */
function split(endpoint: Endpoint, input: unknown): { path: string; data: Record<string, unknown> } {
  const data = { ...(input as Record<string, unknown> | undefined) };
  if (pathParams(endpoint.path).length === 0) return { path: endpoint.path, data };
  const filled = fillPath(endpoint.path, data);
  return { path: filled.path, data: filled.rest };
}

/**
 * Calls a declared endpoint (`packages/contract/src/endpoints.ts`) with its input, and yields its
 * output type: the one way the app talks to the API.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const { path, data } = split(endpoint, input);
  return api.request<EndpointOutput<E>>(path, { ...options, method: endpoint.method, data });
}

/**
 * Calls an endpoint that answers a file (an export, a download) and saves it; yields its name.
 * An error envelope in its place is the usual business error.
 */
export function download<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<{ filename: string }> {
  const { path, data } = split(endpoint, input);
  return api.request<{ filename: string }>(path, { ...options, method: endpoint.method, data, export: true });
}

/** Sends a multipart endpoint's text fields and its `file`, signed, with upload progress. */
export function callWithForm<E extends Endpoint>(
  endpoint: E,
  fields: EndpointInput<E>,
  file: File,
  options: UploadProgressOptions = {},
): Promise<EndpointOutput<E>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  form.append('file', file, file.name);
  return uploadWithProgress<EndpointOutput<E>>(endpoint.path, form, options);
}

/**
 * The address of a GET endpoint for the browser to open itself: a PDF for pdf.js, a file in a
 * new tab, a download link. Such endpoints are declared `signature: 'none'`; on a comment-proxy
 * endpoint the page's link credential joins the query.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: CallInput<E>): string {
  const { path, data } = split(endpoint, input);
  return api.url(path, data);
}
