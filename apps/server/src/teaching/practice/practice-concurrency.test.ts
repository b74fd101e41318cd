import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import type { PracticeAttemptDto, PracticeResultDto } from '@zikao/contract/practice';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildPracticeThesis } from './practice.test-kit.ts';

/**
 * Issue 19 §3 for practice (批注练习): a marker has one open attempt per thesis however many starts
 * arrive at once (one copy of the document, no orphans), and an attempt is scored once however
 * many submits arrive at once. Two instances share the database.
 */
describe('practice attempts under a burst, on two instances', () => {
  let apps: TestApp[] = [];
  let thesisId: number;

  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
    const admin = await first.login('13800000004');
    thesisId = (await buildPracticeThesis(first, admin)).thesis.id;
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;
  const on = (i: number) => apps[i % apps.length] as TestApp;

  const documentsOf = async (userId: number) =>
    Number(
      (
        await app()
          .database.db.selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('opens one attempt, on one copy of the document, for 20 starts at once', async () => {
    const marker = await buildUser(app(), { role: Role.teacher });
    const token = await app().login(marker.account);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        on(i).post<PracticeAttemptDto>('/api/v1/practice/start', { thesisId }, { token }),
      ),
    );
    for (const answer of answers) assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    const ids = new Set(answers.map((a) => a.body.data.id));
    assert.equal(ids.size, 1, 'every start answers the same attempt');
    const attempts = await app()
      .database.db.selectFrom('practice_attempts')
      .select(['id', 'document_id'])
      .where('user_id', '=', marker.id)
      .execute();
    assert.equal(attempts.length, 1);
    assert.equal(await documentsOf(marker.id), 1, 'the copies of the starts that lost are not left behind');
  });

  it('scores an attempt once for 20 submits at once', async () => {
    const marker = await buildUser(app(), { role: Role.teacher });
    const token = await app().login(marker.account);
    const attempt = (await app().post<PracticeAttemptDto>('/api/v1/practice/start', { thesisId }, { token })).body.data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        on(i).post<PracticeResultDto>('/api/v1/practice/submit', { attemptId: attempt.id }, { token }),
      ),
    );
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, 1, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === ErrorCode.conflict).length, 19);
    const points = await app()
      .database.db.selectFrom('practice_attempt_points')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('attempt_id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(points.n), 3, 'one point per reference annotation, written once');
  });
});
