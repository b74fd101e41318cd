import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadLinkSecret } from '../../shared/link-secret.ts';
import { linkSignature, linkSignatureMatches, type SignedLink } from './link-signature.ts';

const LINK: SignedLink = { lid: 12, submissionId: 34, purpose: 'review', exp: 1_800_000_000_000 };

describe('review link signature', () => {
  const secret = Buffer.from('a'.repeat(32));

  it('is a base64url HMAC-SHA256 that matches only its own link', () => {
    const sig = linkSignature(secret, LINK);
    assert.match(sig, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(linkSignatureMatches(secret, LINK, sig), true);
    for (const changed of [
      { ...LINK, lid: 13 },
      { ...LINK, submissionId: 35 },
      { ...LINK, purpose: 'check' as const },
      { ...LINK, exp: LINK.exp + 1 },
    ]) {
      assert.equal(linkSignatureMatches(secret, changed, sig), false, JSON.stringify(changed));
    }
    assert.equal(linkSignatureMatches(secret, LINK, `${sig.slice(0, -1)}A`), sig.endsWith('A'));
    assert.equal(linkSignatureMatches(secret, LINK, sig.slice(1)), false, 'a shorter signature');
    assert.equal(linkSignatureMatches(secret, LINK, ''), false);
  });

  it('joins the fields unambiguously: moving digits between fields changes it', () => {
    const a = linkSignature(secret, { ...LINK, lid: 1, submissionId: 23 });
    const b = linkSignature(secret, { ...LINK, lid: 12, submissionId: 3 });
    assert.notEqual(a, b);
  });

  it('depends on the secret: another secret voids every signature', () => {
    const other = Buffer.from('b'.repeat(32));
    assert.equal(linkSignatureMatches(other, LINK, linkSignature(secret, LINK)), false);
  });
});

describe('the link secret', () => {
  it('is generated once (32 random bytes), kept in DATA_DIR/keys, and read back on the next start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-link-secret-'));
    try {
      const first = loadLinkSecret(dataDir, undefined);
      assert.equal(first.length, 32);
      const file = path.join(dataDir, 'keys', 'link-secret');
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(Buffer.from(readFileSync(file, 'utf8'), 'base64url').equals(first), true);
      assert.equal(loadLinkSecret(dataDir, undefined).equals(first), true);
      const another = mkdtempSync(path.join(tmpdir(), 'zikao-link-secret-'));
      try {
        assert.equal(loadLinkSecret(another, undefined).equals(first), false, 'each data dir its own');
      } finally {
        rmSync(another, { recursive: true, force: true });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is LINK_SECRET when configured, and then nothing is written', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-link-secret-'));
    try {
      const configured = 'x'.repeat(40);
      assert.equal(loadLinkSecret(dataDir, configured).toString('utf8'), configured);
      assert.throws(() => statSync(path.join(dataDir, 'keys', 'link-secret')));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
