/**
 * `npm run backup [archive]`: an online backup of the embedded install (the SQLite database, every
 * stored file and DATA_DIR/keys) into one .tar.gz, safe while the server runs (adr/015). Reads the
 * same configuration as the server (.env, DATA_DIR, STORAGE, S3_*).
 */
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../apps/server/src/config.ts';
import { createBackup } from '../apps/server/src/system/backup/backup.ts';

loadDotEnv();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const archive = path.resolve(process.argv[2] ?? `zikao-backup-${stamp}.tar.gz`);
try {
  const manifest = await createBackup(loadConfig(), archive);
  console.log(`备份完成：${archive}（数据库、${manifest.files} 个文件、${manifest.keys.length} 个密钥）`);
} catch (error) {
  console.error(`备份失败：${(error as Error).message}`);
  process.exitCode = 1;
}
