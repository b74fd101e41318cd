import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomToken } from '../tokens.ts';
import { type FileStorage, hashOfKey, MissingObjectError, objectKey } from './storage.ts';

/** Passes the first `count` bytes of `source` and then ends, closing the source. */
function firstBytes(count: number, source: Readable): Transform {
  let left = count;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (left > 0) {
        const part = chunk.length <= left ? chunk : chunk.subarray(0, left);
        left -= part.length;
        this.push(part);
      }
      if (left === 0) {
        this.push(null);
        source.unpipe(this);
        source.destroy();
      }
      done();
    },
  });
}

export interface S3StorageOptions {
  /** Local working space: files being received, and copies for tools that need a path. */
  dataDir: string;
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (MinIO, s3rver) instead of the host name (AWS, 阿里云 OSS, 腾讯云 COS). */
  forcePathStyle: boolean;
}

/** Multipart parts of 8 MiB, two at a time: a 50 MB thesis is seven parts and at most 16 MiB in memory. */
const PART_SIZE = 8 * 1024 * 1024;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket (adr/015). Files are received and checked in `DATA_DIR/tmp` exactly as
 * on disk; only a kept file is uploaded, streamed from its temp file as a multipart upload (which
 * the SDK aborts on failure, leaving no parts). Reads are streamed, byte ranges as S3 ranges.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const tmp = path.join(options.dataDir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums on every request are newer than several S3-compatible stores; send them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const tempPath = () => path.join(tmp, `${randomToken().slice(0, 24)}.part`);
  const head = async (sha256: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(sha256) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const get = async (sha256: string, range?: { start: number; end: number }) => {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectKey(sha256),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = answer.Body as Readable;
      if (!range) return body;
      const wanted = range.end - range.start + 1;
      const given = /^bytes (\d+)-(\d+)\//.exec(answer.ContentRange ?? '');
      if (given && Number(given[1]) === range.start && Number(given[2]) - range.start + 1 === wanted) return body;
      // Some S3-compatible stores answer more than was asked (s3rver takes `bytes=0-0` as the whole
      // object); from the right start that is cut to the range, anything else is an error.
      if (given && Number(given[1]) === range.start) return body.pipe(firstBytes(wanted, body));
      body.destroy();
      throw new Error(`storage answered range ${answer.ContentRange} for bytes=${range.start}-${range.end}`);
    } catch (error) {
      throw isNotFound(error) ? new MissingObjectError(sha256) : error;
    }
  };

  return {
    kind: 's3',
    tempPath,
    async putTempFile(file, sha256) {
      try {
        if (await head(sha256)) return;
        const size = (await stat(file)).size;
        const upload = new Upload({
          client,
          params: {
            Bucket,
            Key: objectKey(sha256),
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          },
          partSize: PART_SIZE,
          queueSize: 2,
          leavePartsOnError: false,
        });
        await upload.done();
      } finally {
        await rm(file, { force: true });
      }
    },
    async exists(sha256) {
      return (await head(sha256)) !== null;
    },
    async size(sha256) {
      const answer = await head(sha256);
      if (!answer) throw new MissingObjectError(sha256);
      return answer.ContentLength ?? 0;
    },
    async localPath(sha256) {
      const body = await get(sha256);
      const file = tempPath();
      try {
        await pipeline(body, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => rm(file, { force: true }) };
    },
    read: get,
    async remove(sha256) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(sha256) }));
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'files/', ContinuationToken }));
        for (const item of page.Contents ?? []) {
          const hash = item.Key ? hashOfKey(item.Key) : null;
          if (hash) yield hash;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
  };
}
