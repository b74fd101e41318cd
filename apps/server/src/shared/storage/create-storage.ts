import type { AppConfig } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { FileStorage } from './storage.ts';

/**
 * The store the configuration names: `DATA_DIR/files` (the default) or an S3 bucket. The S3
 * client is loaded only for a bucket: the AWS SDK costs a tenth of the server's start-up.
 */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage({ dataDir: config.dataDir, ...config.s3 });
}
