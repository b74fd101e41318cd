import type { AppConfig } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The store the configuration names: `DATA_DIR/files` (the default) or an S3 bucket. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStorage {
  if (!config.s3) return createLocalStorage(config.dataDir);
  return createS3Storage({ dataDir: config.dataDir, ...config.s3 });
}
