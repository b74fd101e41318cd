import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReviewLinkPurpose } from '@zikao/contract/review-link';

/** What a link's signature covers: its id, its submission, its purpose and its expiry. */
export interface SignedLink {
  lid: number;
  submissionId: number;
  purpose: ReviewLinkPurpose;
  /** Expiry, epoch ms. */
  exp: number;
}

// Names the scheme, so a signature made for anything else with the same key never passes here.
const DOMAIN = 'zikao-review-link-v1';

/**
 * The link's `sig` (adr/011): base64url HMAC-SHA256 with the server's link secret, over the
 * fields joined by newlines. Integers and the two purpose words hold no newline, so no two links
 * sign the same text.
 */
export function linkSignature(secret: Buffer, link: SignedLink): string {
  const text = [DOMAIN, link.lid, link.submissionId, link.purpose, link.exp].join('\n');
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** Whether `sig` is the link's signature, compared in constant time. */
export function linkSignatureMatches(secret: Buffer, link: SignedLink, sig: string): boolean {
  const expected = Buffer.from(linkSignature(secret, link), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
