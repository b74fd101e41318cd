import type { Readable } from 'node:stream';

/** Where stored files live. Objects are content-addressed by SHA-256. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** A fresh path for a file being received; the caller removes it if it is not kept. */
  tempPath(): string;
  /** Moves a finished temp file into place under its hash; a duplicate simply drops the temp file. */
  putTempFile(tempPath: string, sha256: string): Promise<void>;
  exists(sha256: string): Promise<boolean>;
  /** Reads an object, or the inclusive byte range of it. */
  read(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
}
