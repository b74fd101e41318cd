/**
 * `npm run restore <archive> [--force]`: brings a backup made by `npm run backup` back into
 * DATA_DIR (and its files into the configured storage). Refuses a DATA_DIR that is not empty
 * unless --force. Stop the server first.
 */
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../apps/server/src/config.ts';
import { restoreBackup } from '../apps/server/src/system/backup/backup.ts';

loadDotEnv();
const args = process.argv.slice(2);
const archive = args.find((arg) => !arg.startsWith('--'));
if (!archive) {
  console.error('用法：npm run restore -- <备份文件.tar.gz> [--force]');
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = await restoreBackup(config, path.resolve(archive), { force: args.includes('--force') });
  console.log(`已恢复到 ${config.dataDir}：${manifest.files} 个文件，备份时间 ${manifest.createdAt}`);
} catch (error) {
  console.error(`恢复失败：${(error as Error).message}`);
  process.exitCode = 1;
}
