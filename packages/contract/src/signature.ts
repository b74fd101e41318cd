import { md5Hex } from './md5.ts';

/** Each rendered value is cut to this many Unicode code points (seed section 9). */
export const SIGNATURE_VALUE_LIMIT = 50;
/** The server accepts a `t` at most this far from its own clock. */
export const SIGNATURE_WINDOW_MS = 300_000;

const encoder = new TextEncoder();

function isFileLike(value: unknown): boolean {
  return typeof value === 'object' && typeof Blob !== 'undefined' && value instanceof Blob;
}

function render(value: unknown): string {
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A string of at most the limit in UTF-16 units has at most that many code points.
  if (text.length <= SIGNATURE_VALUE_LIMIT) return text;
  return Array.from(text).slice(0, SIGNATURE_VALUE_LIMIT).join('');
}

/**
 * The string that is hashed: sorted `key=value` pairs joined with `&`, then `t`.
 * Skips `sig`, `t`, null, undefined and File/Blob values (seed section 5).
 */
export function signatureBase(params: Record<string, unknown>, t: number | string): string {
  const pairs = Object.keys(params)
    .filter((key) => key !== 'sig' && key !== 't')
    .filter((key) => {
      const value = params[key];
      return value !== null && value !== undefined && !isFileLike(value);
    })
    .sort()
    .map((key) => `${key}=${render(params[key])}`);
  return `${pairs.join('&')}${t}`;
}

/** Lowercase hex MD5 signature of the parameters and timestamp. */
export function signParams(params: Record<string, unknown>, t: number | string): string {
  return md5Hex(encoder.encode(signatureBase(params, t)));
}
