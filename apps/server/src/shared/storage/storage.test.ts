import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { type FileStorage, MissingObjectError } from './storage.ts';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

interface Backend {
  name: string;
  start(dataDir: string): Promise<{ storage: FileStorage; stop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    async start(dataDir) {
      const storage = createLocalStorage(dataDir);
      return { storage, stop: () => storage.close() };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start(dataDir) {
      const server: TestS3Server = await startS3Server();
      const storage = createS3Storage({
        dataDir,
        endpoint: server.endpoint,
        region: server.region,
        bucket: server.bucket,
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
      });
      return {
        storage,
        async stop() {
          await storage.close();
          await server.close();
        },
      };
    },
  },
];

for (const backend of backends) {
  describe(`file storage on ${backend.name}`, () => {
    let dataDir: string;
    let storage: FileStorage;
    let stop: () => Promise<void>;
    before(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-storage-'));
      ({ storage, stop } = await backend.start(dataDir));
    });
    after(async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const put = async (bytes: Buffer) => {
      const temp = storage.tempPath();
      writeFileSync(temp, bytes);
      const hash = sha(bytes);
      await storage.putTempFile(temp, hash);
      assert.equal(existsSync(temp), false, 'the temp file is gone once stored');
      return hash;
    };
    const tempFiles = () => readdirSync(path.join(dataDir, 'tmp'));
    const stored = async () => {
      const keys: string[] = [];
      for await (const key of storage.keys()) keys.push(key);
      return keys.sort();
    };

    it('stores a file under its hash and reads it back whole', async () => {
      const bytes = Buffer.from('%PDF-1.4 一篇论文的内容');
      const hash = await put(bytes);
      assert.equal(await storage.exists(hash), true);
      assert.equal(await storage.size(hash), bytes.length);
      assert.deepEqual(await readAll(await storage.read(hash)), bytes);
      assert.ok((await stored()).includes(hash));
    });

    it('reads inclusive byte ranges: the start, the middle and the last byte', async () => {
      const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
      const hash = await put(bytes);
      for (const [start, end] of [
        [0, 0],
        [100, 1123],
        [4095, 4095],
      ] as const) {
        assert.deepEqual(await readAll(await storage.read(hash, { start, end })), bytes.subarray(start, end + 1));
      }
    });

    it('keeps one object for the same content stored twice and drops the second temp file', async () => {
      const bytes = Buffer.from('same content twice');
      const before = (await stored()).length;
      await put(bytes);
      await put(bytes);
      assert.equal((await stored()).length, before + 1);
      assert.deepEqual(tempFiles(), []);
    });

    it('streams a file larger than one multipart part intact, and gives tools a local copy', async () => {
      const bytes = Buffer.alloc(17 * 1024 * 1024 + 7);
      for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
      const hash = await put(bytes);
      assert.equal(await storage.size(hash), bytes.length);
      const tail = await readAll(await storage.read(hash, { start: bytes.length - 10_000, end: bytes.length - 1 }));
      assert.deepEqual(tail, bytes.subarray(bytes.length - 10_000));
      const local = await storage.localPath(hash);
      assert.equal(sha(readFileSync(local.path)), hash);
      await local.release();
      assert.equal(await storage.exists(hash), true, 'releasing a local copy keeps the object');
      if (storage.kind === 's3') assert.equal(existsSync(local.path), false, 'the downloaded copy is removed');
      assert.deepEqual(tempFiles(), []);
    });

    it('answers a missing key: exists is false, size, read and a local copy reject, removing is no error', async () => {
      const missing = sha(Buffer.from('never stored'));
      assert.equal(await storage.exists(missing), false);
      await assert.rejects(storage.size(missing), MissingObjectError);
      await assert.rejects(storage.read(missing), MissingObjectError);
      await assert.rejects(storage.read(missing, { start: 0, end: 3 }), MissingObjectError);
      await assert.rejects(storage.localPath(missing), MissingObjectError);
      await storage.remove(missing);
      assert.deepEqual(tempFiles(), []);
    });

    it('removes an object', async () => {
      const hash = await put(Buffer.from('to be removed'));
      await storage.remove(hash);
      assert.equal(await storage.exists(hash), false);
      assert.ok(!(await stored()).includes(hash));
      await assert.rejects(storage.read(hash), MissingObjectError);
    });

    it('stores nothing when a put fails, and refuses keys that are not hashes', async () => {
      const before = await stored();
      const hash = sha(Buffer.from('temp file vanished'));
      await assert.rejects(storage.putTempFile(path.join(dataDir, 'tmp', 'no-such.part'), hash));
      assert.deepEqual(await stored(), before);
      assert.equal(await storage.exists(hash), false);
      await assert.rejects(storage.read('../../etc/passwd'), /invalid object key/);
    });

    it('passes its readiness check', async () => {
      await storage.check();
    });
  });
}

describe('S3 storage that cannot be reached', () => {
  it('fails its readiness check and leaves no temp file after a failed put', async () => {
    const server = await startS3Server();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-storage-'));
    const options = {
      dataDir,
      endpoint: server.endpoint,
      region: server.region,
      bucket: 'no-such-bucket',
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      forcePathStyle: true,
    };
    const storage = createS3Storage(options);
    try {
      await assert.rejects(storage.check());
      const temp = storage.tempPath();
      writeFileSync(temp, 'x');
      await assert.rejects(storage.putTempFile(temp, sha(Buffer.from('x'))));
      assert.deepEqual(readdirSync(path.join(dataDir, 'tmp')), []);
    } finally {
      await storage.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
