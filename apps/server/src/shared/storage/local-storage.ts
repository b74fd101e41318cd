import { createReadStream, mkdirSync } from 'node:fs';
import { access, constants, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../tokens.ts';
import { type FileStorage, MissingObjectError, objectKey } from './storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Local disk storage under `<dataDir>/files`, two-level fan-out by hash prefix. */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const tmp = path.join(dataDir, 'tmp');
  mkdirSync(root, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const objectPath = (sha256: string) => path.join(dataDir, objectKey(sha256));
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
      try {
        return (await stat(objectPath(sha256))).size;
      } catch (error) {
        throw isMissing(error) ? new MissingObjectError(sha256) : error;
      }
    },
    async localPath(sha256) {
      if (!(await exists(sha256))) throw new MissingObjectError(sha256);
      return { path: objectPath(sha256), release: async () => {} };
    },
    async read(sha256, range): Promise<Readable> {
      // Opened here, so that a missing file rejects now rather than erroring the stream later.
      const handle = await open(objectPath(sha256)).catch((error: unknown) => {
        throw isMissing(error) ? new MissingObjectError(sha256) : error;
      });
      return createReadStream('', { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    async remove(sha256) {
      await rm(objectPath(sha256), { force: true });
    },
    async *keys() {
      for (const prefix of await readdir(root).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
        for (const name of await readdir(path.join(root, prefix))) {
          if (/^[0-9a-f]{64}$/.test(name) && name.startsWith(prefix)) yield name;
        }
      }
    },
    async check() {
      await access(root, constants.R_OK | constants.W_OK);
      await access(tmp, constants.R_OK | constants.W_OK);
    },
    async close() {},
  };
}
