import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role, type SubmissionListResult } from '@zikao/contract';
import { eventually } from '../test/eventually.ts';
import { buildBatch, buildSubmission, buildUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const userInfo = (app: TestApp, token: string) => app.post('/api/v1/getUserInfo', {}, { token });

describe('values kept in memory between writes (sessions, list version)', () => {
  let first: TestApp;
  let second: TestApp;

  before(async () => {
    first = await createTestApp();
    second = await createTestApp({}, { sameDatabaseAs: first });
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  it('ends a session on this instance at once when it logs out, changes password or is disabled', async () => {
    const token = await first.login('13800000003');
    assert.equal((await userInfo(first, token)).body.errorCode, 0);
    assert.equal((await first.post('/api/v1/logout', {}, { token })).body.errorCode, 0);
    assert.equal((await userInfo(first, token)).body.errorCode, ErrorCode.notLoggedIn);

    const user = await buildUser(first);
    const own = await first.login(user.account, user.password);
    assert.equal((await userInfo(first, own)).body.errorCode, 0);
    const changed = await first.post(
      '/api/v1/updatePassword',
      { oldPassword: await first.encrypt(user.password), newPassword: await first.encrypt('Newpass2026') },
      { token: own },
    );
    assert.equal(changed.body.errorCode, 0);
    assert.equal((await userInfo(first, own)).body.errorCode, ErrorCode.notLoggedIn);

    const other = await buildUser(first);
    const theirs = await first.login(other.account, other.password);
    assert.equal((await userInfo(first, theirs)).body.errorCode, 0);
    const admin = await first.login('13800000004');
    const disabled = await first.post(
      '/api/v1/console/account/disable',
      { userId: other.id, disabled: true },
      { token: admin },
    );
    assert.equal(disabled.body.errorCode, 0, disabled.body.errorMsg);
    const refused = await userInfo(first, theirs);
    assert.equal(refused.body.errorCode, ErrorCode.notLoggedIn);
  });

  it('shows a renamed user at once in the profile a kept session carries', async () => {
    const user = await buildUser(first, { name: '旧名字' });
    const token = await first.login(user.account, user.password);
    const before = await first.post<{ name: string }>('/api/v1/getUserInfo', {}, { token });
    assert.equal(before.body.data.name, '旧名字');
    await first.database.db.updateTable('users').set({ name: '新名字' }).where('id', '=', user.id).execute();
    const info = await first.post<{ name: string }>('/api/v1/getUserInfo', {}, { token });
    assert.equal(info.body.data.name, '新名字');
  });

  it('ends on another instance a session that logs out on this one', async () => {
    // Both instances keep sessions in memory (on PostgreSQL, only while their listener is up).
    assert.equal(first.database.changes.isWatched, true);
    assert.equal(second.database.changes.isWatched, true);
    const token = await first.login('13800000002');
    // Both instances have the session in memory before it ends.
    assert.equal((await userInfo(first, token)).body.errorCode, 0);
    assert.equal((await userInfo(second, token)).body.errorCode, 0);
    assert.equal((await userInfo(second, token)).body.errorCode, 0);
    assert.equal((await first.post('/api/v1/logout', {}, { token })).body.errorCode, 0);
    await eventually(async () => {
      assert.equal((await userInfo(second, token)).body.errorCode, ErrorCode.notLoggedIn);
    });
  });

  it('shows on another instance a status changed on this one, though the list was cached there', async () => {
    const admin = await first.login('13800000004');
    const reviewer = await buildUser(first, { role: Role.reviewer });
    const batchId = await buildBatch(first);
    const built = await buildSubmission(first, {
      batchId,
      stage: 'draft',
      status: 'assigned',
      reviewerId: reviewer.id,
    });
    const list = (app: TestApp) =>
      app.post<SubmissionListResult>(
        '/api/v1/thesis/list',
        { batchId, page: 1, pageSize: 20, scope: 'all' },
        { token: admin },
      );
    const statusOn = async (app: TestApp) => {
      const answer = await list(app);
      assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
      return answer.body.data.list.find((row) => row.id === built.id)?.status;
    };
    assert.equal(await statusOn(second), 'assigned');
    assert.equal(await statusOn(second), 'assigned');
    await first.database.db
      .updateTable('submissions')
      .set({ status: 'reviewing' })
      .where('id', '=', built.id)
      .execute();
    assert.equal(await statusOn(first), 'reviewing');
    await eventually(async () => {
      assert.equal(await statusOn(second), 'reviewing');
    });

    // Names live in users, outside the list's data version: the feed covers them too.
    const nameOn = async (app: TestApp) =>
      (await list(app)).body.data.list.find((row) => row.id === built.id)?.studentName;
    assert.equal(await nameOn(second), built.studentName);
    await first.database.db
      .updateTable('users')
      .set({ name: '别处改的名' })
      .where('id', '=', built.studentId)
      .execute();
    await eventually(async () => {
      assert.equal(await nameOn(second), '别处改的名');
    });
  });
});
