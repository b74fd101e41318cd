import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BOARD_LINK_GRACE_MS,
  type BoardCredential,
  type BoardLinkResult,
  type BoardRole,
  boardPageUrl,
} from '@zikao/contract/course';

/** What a board link's signature covers: the course, the role, the expiry and, for a candidate, who. */
export interface SignedBoardLink {
  cid: number;
  role: BoardRole;
  /** Expiry, epoch ms. */
  exp: number;
  /** A candidate's own viewer link; absent for the presenter's and for a guest link. */
  uid?: number | undefined;
}

// Names the scheme: review links sign `zikao-review-link-v1` with the same key (adr/011), so a
// signature made for one can never pass as the other.
const DOMAIN = 'zikao-board-link-v1';

/**
 * The link's `sig` (adr/012): base64url HMAC-SHA256 with the server's link secret over the domain,
 * the course id, the role, the expiry and the user id (empty for none), joined by newlines.
 * Integers and two fixed words hold no newline, so no two links sign the same text.
 */
export function boardLinkSignature(secret: Buffer, link: SignedBoardLink): string {
  const text = [DOMAIN, link.cid, link.role, link.exp, link.uid ?? ''].join('\n');
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** Whether `sig` is the link's signature, compared in constant time. */
export function boardLinkSignatureMatches(secret: Buffer, link: SignedBoardLink, sig: string): boolean {
  const expected = Buffer.from(boardLinkSignature(secret, link), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type BoardLinkCheck = { ok: true } | { ok: false; reason: 'tampered' | 'expired' };

/** Checks a credential's signature, then its expiry (a tampered expiry is 'tampered', not 'expired'). */
export function checkBoardLink(secret: Buffer, credential: BoardCredential, now: number): BoardLinkCheck {
  const link = { cid: credential.cid, role: credential.role, exp: credential.exp, uid: credential.uid };
  if (!boardLinkSignatureMatches(secret, link, credential.linkSig)) return { ok: false, reason: 'tampered' };
  if (credential.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true };
}

/** Makes board links with the server's link secret. */
export class BoardLinkSigner {
  private readonly secret: Buffer;

  constructor(secret: Buffer) {
    this.secret = secret;
  }

  /** A link that lasts until BOARD_LINK_GRACE_MS after the course's end, and at least that long from now. */
  make(link: Omit<SignedBoardLink, 'exp'>, courseEndAt: number, now = Date.now()): BoardLinkResult {
    const exp = Math.max(courseEndAt, now) + BOARD_LINK_GRACE_MS;
    const signed = { ...link, exp };
    const url = boardPageUrl({ ...signed, sig: boardLinkSignature(this.secret, signed) });
    return { url, role: link.role, expiresAt: exp };
  }

  check(credential: BoardCredential, now = Date.now()): BoardLinkCheck {
    return checkBoardLink(this.secret, credential, now);
  }
}
