import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** STORAGE=s3 and every S3_* variable, to spread into an app's or a child process's env. */
  env: Record<string, string>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

/**
 * Starts a real S3-compatible server (s3rver) on a free loopback port, with a directory of its
 * own and one bucket, for tests that run the app with STORAGE=s3. `port` restarts one where a
 * closed one was (a fresh, empty store). s3rver accepts any key pair
 * (it does not check signatures against a secret), but the app still signs every request.
 */
export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'zikao-s3-'));
  const bucket = options.bucket ?? 'zikao-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const region = 'us-east-1';
  let closed = false;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      if (closed) return;
      closed = true;
      // Keep-alive sockets from SDK clients would hold close() open; end them first.
      (server.httpServer as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
