import type { Readable } from 'node:stream';

/**
 * Where stored files live: local disk (`DATA_DIR/files`) or an S3-compatible bucket (adr/015).
 * Objects are content-addressed by SHA-256, under the same key in both: `files/<2 hex>/<sha256>`.
 * A file arrives in a local temp file first, is checked there, and only a file that is kept
 * reaches the store (putTempFile), so a refused upload never leaves an object behind.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** A fresh local path for a file being received; the caller removes it if it is not kept. */
  tempPath(): string;
  /** Moves a finished temp file into the store under its hash (the temp file is gone after); a duplicate simply drops it. */
  putTempFile(tempPath: string, sha256: string): Promise<void>;
  exists(sha256: string): Promise<boolean>;
  /** The object's size in bytes; rejects with a MissingObjectError when there is none. */
  size(sha256: string): Promise<number>;
  /** A local path to the object for tools that need a file (LibreOffice, pdf.js); call release() after. */
  localPath(sha256: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Reads an object, or the inclusive byte range of it; rejects with a MissingObjectError when there is none. */
  read(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes an object; removing one that is not there is no error. */
  remove(sha256: string): Promise<void>;
  /** Every stored object's hash (for backups), in no particular order. */
  keys(): AsyncIterable<string>;
  /** Throws unless the store can be reached (the readiness check). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** A read, size or local copy of an object that is not in the store. */
export class MissingObjectError extends Error {
  readonly code = 'ENOENT';
  constructor(sha256: string) {
    super(`stored file ${sha256} is missing`);
  }
}

/** The object key of a hash, the same on disk (relative to DATA_DIR) and in a bucket. */
export function objectKey(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`invalid object key ${sha256}`);
  return `files/${sha256.slice(0, 2)}/${sha256}`;
}

/** The hash an object key names, or null for anything else in the store. */
export function hashOfKey(key: string): string | null {
  const match = /^files\/([0-9a-f]{2})\/([0-9a-f]{64})$/.exec(key);
  return match?.[2]?.startsWith(match[1] as string) ? match[2] : null;
}
