import type { Readable } from 'node:stream';

/** Where stored files live. Objects are content-addressed by SHA-256. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** A fresh path for a file being received; the caller removes it if it is not kept. */
  tempPath(): string;
  /** Moves a finished temp file into place under its hash; a duplicate simply drops the temp file. */
  putTempFile(tempPath: string, sha256: string): Promise<void>;
  exists(sha256: string): Promise<boolean>;
  size(sha256: string): Promise<number>;
  /** A local path to the object for tools that need a file (LibreOffice, pdf.js); call release() after. */
  localPath(sha256: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Reads an object, or the inclusive byte range of it. */
  read(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
}
