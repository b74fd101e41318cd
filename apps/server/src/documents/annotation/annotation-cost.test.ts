import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, type AnnotationInput, Role } from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * What one autosave costs in SQL statements (adr/010): the access check reads the document's
 * owner, assignee and review state in one statement, then the annotation is read, written and
 * read back with its replies. Counted, not timed: the count does not depend on the machine.
 */
describe('the cost of an annotation autosave', () => {
  let app: TestApp;
  let reviewerToken: string;
  let documentId: number;

  before(async () => {
    app = await createTestApp();
    const candidate = await buildUser(app, { role: Role.student });
    const reviewer = await buildUser(app, { role: Role.reviewer });
    documentId = await buildDocument(
      app,
      await app.login(candidate.account, undefined, 'student'),
      minimalPdf('Chapter One'),
    );
    await buildSubmission(app, {
      batchId: await buildBatch(app),
      studentId: candidate.id,
      status: 'reviewing',
      reviewerId: reviewer.id,
      documentId,
    });
    reviewerToken = await app.login(reviewer.account);
  });
  after(() => app.close());

  const input: AnnotationInput = {
    id: randomUUID(),
    kind: 'highlight',
    category: 'language',
    severity: 'minor',
    comment: '此处表述不通顺',
    stamp: null,
    pageIndex: 0,
    selectors: [
      { type: 'TextQuoteSelector', exact: 'Chapter', prefix: '', suffix: ' One' },
      { type: 'TextPositionSelector', start: 0, end: 7 },
      { type: 'PageSelector', index: 0 },
    ],
  };

  const statementsOf = async (work: () => Promise<unknown>): Promise<number> => {
    const before = app.database.changes.statements;
    await work();
    return app.database.changes.statements - before;
  };

  it("runs five statements for an edit of an annotation on an assigned candidate's paper", async () => {
    const save = (annotation: AnnotationInput, baseRevision: number) =>
      app.post<AnnotationDto>(
        '/api/v1/annotation/save',
        { documentId, annotation, baseRevision },
        { token: reviewerToken },
      );
    const created = await save(input, 0);
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    // An autosave is an edit. Three in a row: on PostgreSQL the notification of the login's
    // write may arrive late and have one call read the session again, which is not the save's cost.
    const counts: number[] = [];
    for (let revision = 1; revision <= 3; revision++) {
      counts.push(
        await statementsOf(async () => {
          const edited = await save({ ...input, comment: `语句欠通顺，建议改写（${revision}）` }, revision);
          assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
          assert.equal(edited.body.data.revision, revision + 1);
        }),
      );
    }
    console.log(`statements per autosave: ${counts.join(', ')}`);
    // access (1), the annotation (1), the conditional update (1), the row and its replies (2).
    assert.equal(Math.min(...counts), 5);
  });
});
