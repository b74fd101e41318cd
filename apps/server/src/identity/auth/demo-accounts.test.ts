import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type UserSession } from '@zikao/contract';
import { loadConfig } from '../../config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const serverMain = path.resolve(import.meta.dirname, '../../main.ts');

const sideOf = (role: Role) => (role === Role.student ? 'student' : 'teacher');
const passwordLogin = async (app: TestApp, account: string, side: 'teacher' | 'student', password = DEMO_PASSWORD) =>
  app.post<UserSession>(side === 'teacher' ? '/api/v1/teacher/loginByPasswd' : '/api/auth/v1/loginByPasswd', {
    account,
    password: await app.encrypt(password),
  });

describe('the deployment rule (NODE_ENV=production, adr/028)', () => {
  it('seeds the demo by default except in a deployment, and refuses NODE_ENV values it does not know', () => {
    assert.equal(loadConfig({}).seedDemo, true, 'the quick start keeps its demo');
    assert.equal(loadConfig({}).deployment, false);
    assert.equal(loadConfig({ NODE_ENV: 'development' }).seedDemo, true);
    const deployed = loadConfig({ NODE_ENV: 'production' });
    assert.equal(deployed.deployment, true);
    assert.equal(deployed.seedDemo, false);
    assert.equal(deployed.seedReviewDemo, false);
    assert.equal(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' }).seedDemo, false);
    assert.throws(() => loadConfig({ NODE_ENV: 'prod' }), /NODE_ENV: 须为 production（正式部署）、development 或 test/);
  });

  it('refuses SEED_DEMO=1 in a deployment at start-up, before it makes anything', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }),
      /SEED_DEMO: 正式部署（NODE_ENV=production）不能创建演示数据/,
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-deploy-'));
    try {
      const started = spawnSync(process.execPath, [serverMain], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SEED_DEMO: 'true',
          DATA_DIR: dataDir,
          PORT: '0',
          DATABASE_URL: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(started.status, 1, started.stdout + started.stderr);
      assert.match(
        started.stderr,
        /SEED_DEMO: 正式部署（NODE_ENV=production）不能创建演示数据：演示账号的密码是公开的/,
      );
      assert.deepEqual(readdirSync(dataDir), [], 'no database, no keys');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a deployment started on an empty database (adr/028)', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ NODE_ENV: 'production' });
  });
  after(() => app.close());

  it('creates no demo account, and the published password opens none', async () => {
    const users = await app.database.db.selectFrom('users').select('account').execute();
    assert.deepEqual(users, []);
    assert.ok(!app.logs.some((line) => line.msg === 'demo data created'));
    for (const demo of DEMO_ACCOUNTS) {
      const response = await passwordLogin(app, demo.account, sideOf(demo.role));
      assert.equal(response.body.errorCode, ErrorCode.wrongPassword, demo.account);
    }
  });
});
