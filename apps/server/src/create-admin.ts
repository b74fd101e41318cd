/**
 * `npm run create-admin -- <手机号> <姓名> [单位]`: makes an admin with a temporary password that
 * must be changed at first sign-in, and prints the password here, on the terminal, never into a log.
 * How a deployment gets its first admin: it has no demo accounts (adr/028). Reads the same
 * configuration as the server (.env, DATA_DIR, DATABASE_URL) and migrates the database first.
 */
import { loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { AccountRepository } from './identity/accounts/account.repository.ts';
import { AccountService } from './identity/accounts/account.service.ts';
import { AuditRepository } from './system/audit/audit.repository.ts';
import { AuditService } from './system/audit/audit.service.ts';

loadDotEnv();
const [phone, name, schoolName = ''] = process.argv.slice(2);
if (!phone || !name) {
  console.error('用法：npm run create-admin -- <手机号> <姓名> [单位]');
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const accounts = new AccountService({
      accounts: new AccountRepository(database.db),
      audit: new AuditService({ audit: new AuditRepository(database.db) }),
    });
    const created = await accounts.createAdmin({ phone, name, schoolName });
    console.log(`已创建管理员 ${created.account.name}（${created.account.account}）`);
    console.log(`临时密码：${created.temporaryPassword}`);
    console.log('首次登录须修改密码。');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`创建失败：${(error as Error).message}`);
  process.exitCode = 1;
}
