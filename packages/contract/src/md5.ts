// The browser and the server share one signing implementation; @noble/hashes is plain audited
// JavaScript, so it keeps node:crypto out of the web bundle. The server's hot path hashes natively.
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Lowercase hex MD5 of the given bytes. */
export function md5Hex(input: Uint8Array): string {
  return bytesToHex(md5(input));
}
