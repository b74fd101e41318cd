import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role } from '@zikao/contract';
import type { SessionUser } from '../../shared/request-context.ts';
import { buildBatch, buildSubmission, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { reviewableSubmissions } from './submission.policy.ts';
import { SubmissionRepository } from './submission.repository.ts';

describe('submission policy', () => {
  let app: TestApp;
  let repository: SubmissionRepository;
  const users: Record<string, SessionUser> = {};
  let ids: number[];
  let mine: number[];
  before(async () => {
    app = await createTestApp();
    repository = new SubmissionRepository(app.database.db);
    for (const [key, role] of [
      ['student', Role.student],
      ['teacher', Role.teacher],
      ['reviewer', Role.reviewer],
      ['otherReviewer', Role.reviewer],
      ['admin', Role.admin],
    ] as const) {
      const built = await buildUser(app, { role });
      users[key] = { id: built.id, role } as SessionUser;
    }
    const batchId = await buildBatch(app);
    const reviewerId = users.reviewer?.id as number;
    const teacherId = users.teacher?.id as number;
    const a = await buildSubmission(app, { batchId, status: 'assigned', reviewerId });
    const b = await buildSubmission(app, { batchId, status: 'passed', reviewerId });
    const c = await buildSubmission(app, { batchId, status: 'assigned', reviewerId: teacherId });
    const d = await buildSubmission(app, { batchId });
    mine = [a.id, b.id];
    ids = [a.id, b.id, c.id, d.id, 999_999];
  });
  after(() => app.close());

  const allowed = async (key: string) =>
    [...(await reviewableSubmissions(repository, users[key] as SessionUser, ids))].sort();

  it('gives admins every existing submission', async () => {
    assert.deepEqual(await allowed('admin'), ids.slice(0, 4).sort());
  });

  it('gives reviewers and teachers what is assigned to them, in any status', async () => {
    assert.deepEqual(await allowed('reviewer'), [...mine].sort());
    assert.deepEqual(await allowed('teacher'), [ids[2]]);
    assert.deepEqual(await allowed('otherReviewer'), []);
  });

  it('gives students nothing, not even their own (they have the candidate side)', async () => {
    assert.deepEqual(await allowed('student'), []);
  });

  it('answers an empty id list without a query', async () => {
    assert.equal((await reviewableSubmissions(repository, users.admin as SessionUser, [])).size, 0);
  });
});
