import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../shared/passwords.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markSeededDemoAccounts } from './022-demo-accounts.ts';

describe('migration 022: the demo accounts of a database seeded before it (adr/028)', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ SEED_MUST_CHANGE_PHONE: '13800000009' });
  });
  after(() => app.close());

  it('marks the accounts the published password still opens, and no other', async () => {
    const { db } = app.database;
    // As the seed left them before the column: unmarked; 王老师 has since changed the password, and
    // the institution has an account of its own whose password happens to be the demo's.
    await db.updateTable('users').set({ demo: 0 }).execute();
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Changed@2026') })
      .where('account', '=', '13800000002')
      .execute();
    const own = await buildUser(app, { account: '13912345678', password: 'Zikao@2026' });

    await markSeededDemoAccounts(db as unknown as Kysely<unknown>);

    const rows = await db.selectFrom('users').select(['account', 'demo']).orderBy('account').execute();
    assert.deepEqual(
      rows.filter((row) => row.demo === 1).map((row) => row.account),
      ['13800000001', '13800000003', '13800000004', '13800000009'],
    );
    assert.ok(rows.some((row) => row.account === own.account && row.demo === 0));
  });
});
