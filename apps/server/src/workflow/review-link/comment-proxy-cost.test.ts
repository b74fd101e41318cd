import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, Role } from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type CreatedLink, createLink, highlight, TEST_LINK_SECRET, viaLink } from './review-link.test-kit.ts';

/**
 * What a review link adds to a call, in SQL statements (adr/011), counted through the watched
 * driver as annotation-cost.test.ts counts an autosave: the link's row, the user it acts as, the
 * use (its count, and an action's audit row, in one transaction), and the scope check of the ids.
 */
describe('the cost of a call through the comment proxy', () => {
  let app: TestApp;
  let link: CreatedLink;
  let documentId: number;

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    const candidate = await buildUser(app, { role: Role.student });
    documentId = await buildDocument(
      app,
      await app.login(candidate.account, undefined, 'student'),
      minimalPdf('Chapter One'),
    );
    const built = await buildSubmission(app, { batchId: await buildBatch(app), studentId: candidate.id, documentId });
    link = await createLink(app, await app.login('13800000004'), { submissionId: built.id, purpose: 'review' });
  });
  after(() => app.close());

  const statementsOf = async (work: () => Promise<unknown>): Promise<number> => {
    const before = app.database.changes.statements;
    await work();
    return app.database.changes.statements - before;
  };

  it('an autosave through a link costs the direct one and six more statements', async () => {
    const note = highlight();
    const save = (comment: string, baseRevision: number) =>
      viaLink<AnnotationDto>(app, '/v1/annotation/save', link.credential, {
        documentId,
        annotation: { ...note, comment },
        baseRevision,
      });
    assert.equal((await save('第一稿', 0)).body.errorCode, 0);
    const count = await statementsOf(async () => {
      const edited = await save('第二稿', 1);
      assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
    });
    console.log(`statements per autosave through a link: ${count}`);
    // The autosave's own 2 (annotation-cost.test.ts, adr/021); the link row 1, its actor 1, the use's
    // update and audit insert 2, the scope check 2 (the annotation's document, that document's versions).
    assert.equal(count, 8);
  });

  it('the page asking for its link within a session: three statements, the link row, its actor and the use', async () => {
    assert.equal((await viaLink(app, '/v1/link/context', link.credential)).body.errorCode, 0);
    const count = await statementsOf(() => viaLink(app, '/v1/link/context', link.credential));
    console.log(`statements for link/context: ${count}`);
    // A read writes no audit row (issue 32 §3): only a session's opening and actions do.
    assert.equal(count, 3);
  });
});
