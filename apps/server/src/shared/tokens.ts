import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random 256-bit token, hex encoded. */
export const randomToken = (): string => randomBytes(32).toString('hex');

/** What is stored for a token or a code: its SHA-256, never the value itself. */
export const hashSecret = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Compares a secret with a stored hash in constant time. */
export function secretMatches(value: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(value), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
