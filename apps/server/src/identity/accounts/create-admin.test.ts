import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const command = path.resolve(import.meta.dirname, '../../create-admin.ts');

describe('npm run create-admin: a deployment’s first admin (adr/028)', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ NODE_ENV: 'production' });
  });
  after(() => app.close());

  /** The command, run as an operator would, on the deployment's database. */
  const createAdmin = (...args: string[]) =>
    spawnSync(process.execPath, [command, ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: app.config.dataDir,
        DATABASE_URL: app.config.databaseUrl ?? '',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('makes an admin whose temporary password signs in once, to be changed', async () => {
    assert.equal((await app.database.db.selectFrom('users').select('id').execute()).length, 0, 'no demo here');
    const made = createAdmin('+8613912340001', '钱管理', '华南师范大学');
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const password = made.stdout.match(/临时密码：(\S+)/)?.[1] ?? '';
    assert.match(password, /^[A-Za-z2-9]{10}$/);

    const row = await app.database.db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', '13912340001')
      .executeTakeFirstOrThrow();
    assert.equal(row.role, Role.admin);
    assert.equal(row.demo, 0);
    assert.equal(row.school_name, '华南师范大学');
    const audit = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', row.id)
      .executeTakeFirstOrThrow();
    assert.equal(audit.action, 'accountCreate');
    assert.equal(audit.actor_id, null, 'made by 系统');

    const token = await app.login('13912340001', password);
    const info = await app.post('/api/v1/getUserInfo', {}, { token });
    assert.equal(info.body.errorCode, ErrorCode.mustChangePassword);
  });

  it('refuses a phone that has an account, and a malformed one, leaving nothing behind', async () => {
    const again = createAdmin('13912340001', '孙管理');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /创建失败：参数错误：手机号 13912340001 已有账号/);
    const malformed = createAdmin('12345', '孙管理');
    assert.equal(malformed.status, 1);
    assert.match(malformed.stderr, /手机号格式不正确/);
    const usage = createAdmin('13912340002');
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /用法：npm run create-admin -- <手机号> <姓名> \[单位\]/);
    const users = await app.database.db.selectFrom('users').select('account').execute();
    assert.deepEqual(
      users.map((user) => user.account),
      ['13912340001'],
    );
  });
});
