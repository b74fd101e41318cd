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
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A string of at most the limit in UTF-16 units has at most that many code points.
  if (text.length <= SIGNATURE_VALUE_LIMIT) return text;
  return Array.from(text).slice(0, SIGNATURE_VALUE_LIMIT).join('');
}

/**
 * The string that is hashed: sorted `key=value` pairs joined with `&`, then `t`.
 * Skips `sig`, `t`, null, undefined and File/Blob values (seed section 5).
 * The server builds it on every call, so it keeps to one array and one pass.
 */
export function signatureBase(params: Record<string, unknown>, t: number | string): string {
  const keys = Object.keys(params);
  let kept = 0;
  // Kept keys are sorted into the front of the same array: a slot is written only once it has been read.
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key === 'sig' || key === 't') continue;
    const value = params[key];
    if (value === null || value === undefined || isFileLike(value)) continue;
    // Insertion sort by UTF-16 code units, as Array.prototype.sort orders strings; a call has few keys.
    let at = kept++;
    while (at > 0 && (keys[at - 1] as string) > key) {
      keys[at] = keys[at - 1] as string;
      at--;
    }
    keys[at] = key;
  }
  let base = '';
  for (let i = 0; i < kept; i++) {
    const key = keys[i] as string;
    base += i === 0 ? `${key}=${render(params[key])}` : `&${key}=${render(params[key])}`;
  }
  return base + t;
}

/** Lowercase hex MD5 signature of the parameters and timestamp. */
export function signParams(params: Record<string, unknown>, t: number | string): string {
  return md5Hex(encoder.encode(signatureBase(params, t)));
}
