import type { z } from 'zod';
import type { Role } from './roles.ts';

/**
 * Who may call an endpoint. The server's auth hook applies it before the handler runs
 * (adr/010); services then ask the access module about the resources named in the input.
 */
export interface EndpointAccess {
  /**
   * 'public' needs no session; 'user' (the default) needs one; 'link': a comment-proxy call,
   * authorised by the review link's credential in its input alone (a session grants nothing).
   */
  auth?: 'public' | 'user' | 'link';
  /**
   * 'board-link': a live-course board call (issue 14), declared with `auth: 'public'`, authorised by
   * the board link's credential in its input (`boardCredentialSchema`), which the teaching area
   * verifies before the handler runs; a session grants nothing. Every such path is under `/v1/board/`.
   */
  credential?: 'board-link';
  /** Roles allowed; omitted means any signed-in role. */
  roles?: readonly Role[];
  /** Reachable while the account must still change its password (updatePassword, logout). */
  allowMustChange?: boolean;
  /**
   * 'multipart': the handler verifies the signature once the form fields are read.
   * 'none': reads that a browser makes without signing (byte ranges for pdf.js, a file opened in
   *   a tab, a download link); still session-checked.
   */
  signature?: 'hook' | 'multipart' | 'none';
}

/**
 * What an endpoint answers:
 * - 'json': the `{errorCode, errorMsg, data}` envelope with the output as `data`;
 * - 'file': bytes (a PDF, a download); `data` is not used;
 * - 'json-or-file': the envelope, or a file when the input asks for an export (`export: 1`).
 */
export type EndpointBody = 'json' | 'file' | 'json-or-file';

/** One call, declared once: the server registers its handler from it and the web calls through it. */
export interface Endpoint<
  Input extends z.ZodType = z.ZodType,
  Output = unknown,
  Access extends EndpointAccess = EndpointAccess,
> {
  method: 'GET' | 'POST';
  /** Relative to the API base; `:name` segments are taken from the input. */
  path: string;
  /** The input, parsed by the server from the JSON body (POST) or the path and query (GET). */
  input: Input;
  /** 'multipart': the input holds the form's text fields; the file parts are streamed to the handler. */
  form?: 'multipart';
  body: EndpointBody;
  access: Access;
  /** Carries the output type only; never read at runtime. */
  readonly output?: Output;
}

export type EndpointInput<E> = E extends Endpoint<infer I, unknown, EndpointAccess> ? z.input<I> : never;
export type EndpointParsed<E> = E extends Endpoint<infer I, unknown, EndpointAccess> ? z.output<I> : never;
export type EndpointOutput<E> = E extends Endpoint<z.ZodType, infer O, EndpointAccess> ? O : never;

type Declaration<Input extends z.ZodType, Access extends EndpointAccess> = Omit<
  Endpoint<Input, unknown, Access>,
  'output' | 'body' | 'method'
> & {
  body?: EndpointBody;
};

/**
 * Declares a POST endpoint answering `Output`: `post<BatchDto>()({ path, input, access })`.
 * The two calls let the output type be named while the input type is inferred from its schema.
 */
export function post<Output>() {
  return <Input extends z.ZodType, const Access extends EndpointAccess>(
    declaration: Declaration<Input, Access>,
  ): Endpoint<Input, Output, Access> => ({
    method: 'POST',
    body: 'json',
    ...declaration,
  });
}

/** Declares a GET endpoint; a GET that answers bytes says `body: 'file'`. */
export function get<Output>() {
  return <Input extends z.ZodType, const Access extends EndpointAccess>(
    declaration: Declaration<Input, Access>,
  ): Endpoint<Input, Output, Access> => ({
    method: 'GET',
    body: 'json',
    ...declaration,
  });
}

/** The names of an endpoint's `:name` path segments. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((match) => match[1] as string);
}

/**
 * The path with its `:name` segments filled from the input, and the rest of the input: e.g.
 * `/v1/document/file/:id` with `{id: 7}` is `/v1/document/file/7`.
 */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_whole, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
