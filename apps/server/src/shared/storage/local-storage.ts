import { createReadStream, mkdirSync } from 'node:fs';
import { access, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../tokens.ts';
import type { FileStorage } from './storage.ts';

/** Local disk storage under `<dataDir>/files`, two-level fan-out by hash prefix. */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const tmp = path.join(dataDir, 'tmp');
  mkdirSync(root, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const objectPath = (sha256: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`invalid object key ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256);
  };
  const exists = async (sha256: string) => {
    try {
      await access(objectPath(sha256));
      return true;
    } catch {
      return false;
    }
  };
  return {
    kind: 'local',
    tempPath: () => path.join(tmp, `${randomToken().slice(0, 24)}.part`),
    async putTempFile(tempPath, sha256) {
      if (await exists(sha256)) {
        await rm(tempPath, { force: true });
        return;
      }
      const target = objectPath(sha256);
      mkdirSync(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    },
    exists,
    async size(sha256) {
      return (await stat(objectPath(sha256))).size;
    },
    async localPath(sha256) {
      return { path: objectPath(sha256), release: async () => {} };
    },
    async read(sha256, range): Promise<Readable> {
      return createReadStream(objectPath(sha256), range ? { start: range.start, end: range.end } : undefined);
    },
  };
}
