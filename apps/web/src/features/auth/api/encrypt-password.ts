import { fetchPublicKey } from './auth-api.ts';

/**
 * RSA-encrypts a password with the server's public key (PKCS#1 v1.5, base64), as seed 7 asks.
 * JSEncrypt is loaded only when a password is actually sent.
 */
export async function encryptPassword(plain: string): Promise<string> {
  const [{ publicKey }, { JSEncrypt }] = await Promise.all([fetchPublicKey(), import('jsencrypt')]);
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKey);
  const cipher = encryptor.encrypt(plain);
  if (!cipher) throw new Error('密码加密失败，请刷新页面后重试');
  return cipher;
}
