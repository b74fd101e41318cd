import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fieldLabel } from '@zikao/contract/field-labels';
import { invalidInput } from './errors.ts';

export interface RsaKeys {
  publicKeyPem: string;
  bits: number;
  /** Decrypts a base64 PKCS#1 v1.5 ciphertext, as JSEncrypt produces it. */
  decrypt(ciphertextBase64: string, field: string): string;
}

/** Loads the key pair from dataDir/keys, generating it on first start. */
export function loadRsaKeys(dataDir: string, bits: number): RsaKeys {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'rsa-private.pem');
  let privateKey: KeyObject;
  if (existsSync(file)) {
    privateKey = createPrivateKey(readFileSync(file, 'utf8'));
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('rsa', { modulusLength: bits });
    privateKey = pair.privateKey;
    // Written aside, then linked into place: of instances starting together on one DATA_DIR, the
    // first link wins and the others read that key, never a half-written file (adr/016).
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      privateKey = createPrivateKey(readFileSync(file, 'utf8'));
    } finally {
      unlinkSync(temp);
    }
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const keyBits = privateKey.asymmetricKeyDetails?.modulusLength ?? bits;
  return {
    publicKeyPem,
    bits: keyBits,
    decrypt(ciphertextBase64, field) {
      const bytes = Buffer.from(ciphertextBase64, 'base64');
      if (bytes.length !== keyBits / 8) throw invalidInput(`${fieldLabel([field]) ?? '密码'}加密格式不正确`);
      try {
        // OpenSSL's implicit rejection returns random bytes on bad padding, so a tampered
        // ciphertext just fails the password check rather than leaking a padding oracle.
        return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, bytes).toString('utf8');
      } catch {
        throw invalidInput(`${fieldLabel([field]) ?? '密码'}加密格式不正确`);
      }
    },
  };
}
