import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Bytes of a generated key: as long as the HMAC-SHA256 output. */
const GENERATED_BYTES = 32;

/**
 * The review links' HMAC key (adr/011): LINK_SECRET when configured, otherwise a random key
 * generated on first start and kept in `dataDir/keys/link-secret`, as the RSA key is. Never in
 * the database, so a copy of the database cannot forge links.
 */
export function loadLinkSecret(dataDir: string, configured: string | undefined): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'link-secret');
  if (existsSync(file)) return readKept(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(GENERATED_BYTES);
  try {
    writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process on the same DATA_DIR wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKept(file);
    throw error;
  }
  return key;
}

function readKept(file: string): Buffer {
  const kept = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (kept.length < GENERATED_BYTES) throw new Error(`${file} 不是有效的评阅链接密钥（删除它会使所有评阅链接失效）`);
  return kept;
}
