import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoardCredential } from '@zikao/contract/course';
import { linkSignature } from '../../workflow/review-link/link-signature.ts';
import { BoardLinkSigner, boardLinkSignature, checkBoardLink } from './board-link.ts';

const secret = Buffer.from('board-link-test-secret-0123456789abcdef', 'utf8');
const now = Date.UTC(2026, 10, 24, 8, 0, 0);

function credential(fields: Omit<BoardCredential, 'linkSig'>, sig?: string): BoardCredential {
  return { ...fields, linkSig: sig ?? boardLinkSignature(secret, fields) };
}

describe('board links: signing, expiry and role', () => {
  const base = { cid: 12, role: 'viewer' as const, exp: now + 3_600_000 };

  it('accepts its own signature until the expiry, and not after', () => {
    assert.deepEqual(checkBoardLink(secret, credential(base), now), { ok: true });
    assert.deepEqual(checkBoardLink(secret, credential(base), base.exp - 1), { ok: true });
    assert.deepEqual(checkBoardLink(secret, credential(base), base.exp), { ok: false, reason: 'expired' });
  });

  it('refuses any changed field: the course, the role, the expiry, the candidate', () => {
    const sig = boardLinkSignature(secret, base);
    const tampered: Array<Omit<BoardCredential, 'linkSig'>> = [
      { ...base, cid: 13 },
      { ...base, role: 'presenter' },
      { ...base, exp: base.exp + 86_400_000 },
      { ...base, uid: 7 },
    ];
    for (const fields of tampered) {
      assert.deepEqual(checkBoardLink(secret, credential(fields, sig), now), { ok: false, reason: 'tampered' });
    }
    // An expiry moved into the past is tampering too, not an honest expiry.
    assert.deepEqual(checkBoardLink(secret, credential({ ...base, exp: now - 1 }, sig), now), {
      ok: false,
      reason: 'tampered',
    });
  });

  it('signs the presenter and the viewer apart, and a candidate’s own link apart from a guest’s', () => {
    const viewer = boardLinkSignature(secret, base);
    const presenter = boardLinkSignature(secret, { ...base, role: 'presenter' });
    const candidate = boardLinkSignature(secret, { ...base, uid: 5 });
    assert.equal(new Set([viewer, presenter, candidate]).size, 3);
    assert.deepEqual(checkBoardLink(secret, credential({ ...base, uid: 5 }), now), { ok: true });
  });

  it('refuses another key’s signature and a review link’s signature over the same numbers', () => {
    const other = Buffer.from('another-secret-0123456789abcdef-xyz', 'utf8');
    assert.equal(checkBoardLink(secret, credential(base, boardLinkSignature(other, base)), now).ok, false);
    // A review link (adr/011) signs with the same key; its sig must never open a board.
    const review = linkSignature(secret, { lid: base.cid, submissionId: base.cid, purpose: 'review', exp: base.exp });
    assert.equal(checkBoardLink(secret, credential(base, review), now).ok, false);
    assert.equal(checkBoardLink(secret, credential(base, 'x'.repeat(43)), now).ok, false);
  });

  it('makes page links that last a day past the course’s end, at least a day from now', () => {
    const signer = new BoardLinkSigner(secret);
    const end = now + 2 * 3_600_000;
    const link = signer.make({ cid: 3, role: 'presenter' }, end, now);
    assert.equal(link.expiresAt, end + 86_400_000);
    const query = new URL(link.url, 'http://page.local').searchParams;
    assert.equal(new URL(link.url, 'http://page.local').pathname, '/board');
    assert.deepEqual([...query.keys()], ['cid', 'role', 'exp', 'sig']);
    const made = { cid: 3, role: 'presenter' as const, exp: link.expiresAt, linkSig: query.get('sig') ?? '' };
    assert.deepEqual(signer.check(made, now), { ok: true });
    const past = signer.make({ cid: 3, role: 'viewer', uid: 9 }, now - 10 * 86_400_000, now);
    assert.equal(past.expiresAt, now + 86_400_000);
    assert.equal(new URL(past.url, 'http://page.local').searchParams.get('uid'), '9');
  });
});
