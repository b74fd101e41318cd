import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, Role } from '@zikao/contract';
import type { SessionUser } from '../shared/request-context.ts';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../test/factories.ts';
import { minimalPdf } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { AccessRepository } from './access.repository.ts';
import { AccessService, type Permission } from './access.service.ts';

/**
 * Every permission for every role (adr/010). The cast: a candidate and another candidate; a
 * teacher and a reviewer who review the candidate's submissions; a reviewer assigned nothing;
 * an admin. The resources: the candidate's document in a submission under review, the same in
 * a review already submitted (frozen), the candidate's free upload, and the submissions.
 */
const CAST = ['candidate', 'otherStudent', 'teacher', 'reviewer', 'otherReviewer', 'admin'] as const;
type Who = (typeof CAST)[number];
type Resource = 'reviewingDocument' | 'frozenDocument' | 'freeDocument' | 'reviewingSubmission' | 'teacherSubmission';

/** Who may, per permission and resource; everyone else is refused with 1030003. */
const TABLE: Array<{ permission: Permission; resource: Resource; allowed: Who[] }> = [
  { permission: 'document.read', resource: 'reviewingDocument', allowed: ['candidate', 'reviewer', 'admin'] },
  { permission: 'document.read', resource: 'frozenDocument', allowed: ['candidate', 'reviewer', 'admin'] },
  { permission: 'document.read', resource: 'freeDocument', allowed: ['candidate', 'admin'] },
  { permission: 'document.annotate', resource: 'reviewingDocument', allowed: ['reviewer', 'admin'] },
  { permission: 'document.annotate', resource: 'frozenDocument', allowed: [] },
  { permission: 'document.annotate', resource: 'freeDocument', allowed: ['admin'] },
  { permission: 'document.use', resource: 'reviewingDocument', allowed: ['candidate'] },
  { permission: 'document.use', resource: 'freeDocument', allowed: ['candidate'] },
  { permission: 'submission.review', resource: 'reviewingSubmission', allowed: ['reviewer', 'admin'] },
  { permission: 'submission.review', resource: 'teacherSubmission', allowed: ['teacher', 'admin'] },
];

describe('access: every permission for every role', () => {
  let app: TestApp;
  let access: AccessService;
  const users = {} as Record<Who, SessionUser>;
  const ids = {} as Record<Resource, number>;

  before(async () => {
    app = await createTestApp();
    access = new AccessService(new AccessRepository(app.database.db));
    const roles: Record<Who, Role> = {
      candidate: Role.student,
      otherStudent: Role.student,
      teacher: Role.teacher,
      reviewer: Role.reviewer,
      otherReviewer: Role.reviewer,
      admin: Role.admin,
    };
    const built: Partial<Record<Who, { id: number; account: string }>> = {};
    for (const who of CAST) {
      const user = await buildUser(app, { role: roles[who] });
      built[who] = user;
      users[who] = { id: user.id, role: roles[who] } as SessionUser;
    }
    const token = await app.login(built.candidate?.account as string, undefined, 'student');
    const batchId = await buildBatch(app);
    const studentId = users.candidate.id;
    ids.reviewingDocument = await buildDocument(app, token, minimalPdf('Reviewing'));
    ids.frozenDocument = await buildDocument(app, token, minimalPdf('Frozen'));
    ids.freeDocument = await buildDocument(app, token, minimalPdf('Free'));
    const reviewing = await buildSubmission(app, {
      batchId,
      studentId,
      status: 'reviewing',
      reviewerId: users.reviewer.id,
      documentId: ids.reviewingDocument,
    });
    // One thesis per candidate and batch: the earlier, finished one is in another batch.
    await buildSubmission(app, {
      batchId: await buildBatch(app),
      studentId,
      stage: 'final',
      status: 'passed',
      reviewerId: users.reviewer.id,
      documentId: ids.frozenDocument,
    });
    const teachers = await buildSubmission(app, {
      batchId,
      stage: 'plan',
      status: 'assigned',
      reviewerId: users.teacher.id,
    });
    ids.reviewingSubmission = reviewing.id;
    ids.teacherSubmission = teachers.id;
  });
  after(() => app.close());

  for (const row of TABLE) {
    it(`${row.permission} on the ${row.resource}: ${row.allowed.join(', ') || 'nobody'}`, async () => {
      for (const who of CAST) {
        const id = ids[row.resource];
        const expected = row.allowed.includes(who);
        const attempt = access.requireAccess(users[who], row.permission, [id]);
        if (expected) await assert.doesNotReject(attempt, `${who} may`);
        else
          await assert.rejects(
            attempt,
            (error: { code?: number }) => error.code === ErrorCode.forbidden,
            `${who} may not`,
          );
        assert.equal((await access.allowed(users[who], row.permission, [id])).has(id), expected, `${who}, allowed()`);
      }
    });
  }

  it('answers 1040001 for an id that does not exist, for every permission and role', async () => {
    for (const permission of ['document.read', 'document.annotate', 'document.use', 'submission.review'] as const) {
      for (const who of CAST) {
        await assert.rejects(
          access.requireAccess(users[who], permission, [999_999]),
          (error: { code?: number }) => error.code === ErrorCode.notFound,
          `${permission} for ${who}`,
        );
      }
    }
  });

  it('refuses a list when one id of it is refused, and reads every id in one statement', async () => {
    const both = [ids.reviewingSubmission, ids.teacherSubmission];
    await assert.rejects(access.requireAccess(users.reviewer, 'submission.review', both));
    const facts = await access.requireAccess(users.admin, 'submission.review', both);
    assert.deepEqual([...facts.keys()].sort(), [...both].sort());
  });

  it('answers an empty id list without a query', async () => {
    assert.equal((await access.allowed(users.admin, 'submission.review', [])).size, 0);
    assert.equal((await access.requireAccess(users.admin, 'document.read', [])).size, 0);
  });
});
