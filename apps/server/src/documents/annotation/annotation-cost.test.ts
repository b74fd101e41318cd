import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, type AnnotationInput, Role } from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The most statements one autosave may run (issue 22, adr/021). */
const SAVE_BUDGET = 4;

/**
 * What one autosave costs in SQL statements (adr/010, adr/021): the access check reads the
 * document's owner, assignee and review state in one statement, and the write decides and returns
 * the row in one more; the replies, and under blind review the candidate's identity to redact them
 * with, are read only when the annotation has replies. Counted, not timed: the count does not
 * depend on the machine. Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
describe('the cost of an annotation autosave', () => {
  let app: TestApp;
  let reviewerToken: string;
  let documentId: number;

  before(async () => {
    app = await createTestApp();
    const candidate = await buildUser(app, { role: Role.student, name: '王小明', examNumber: '030100000001' });
    const reviewer = await buildUser(app, { role: Role.reviewer });
    documentId = await buildDocument(
      app,
      await app.login(candidate.account, undefined, 'student'),
      minimalPdf('Chapter One'),
    );
    // Under blind review: the heaviest answer, whose replies are redacted with the candidate's identity.
    await buildSubmission(app, {
      batchId: await buildBatch(app, { blindReview: true }),
      studentId: candidate.id,
      status: 'reviewing',
      reviewerId: reviewer.id,
      documentId,
    });
    reviewerToken = await app.login(reviewer.account);
  });
  after(() => app.close());

  const annotation = (): AnnotationInput => ({
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
  });

  const save = (input: AnnotationInput, baseRevision: number) =>
    app.post<AnnotationDto>(
      '/api/v1/annotation/save',
      { documentId, annotation: input, baseRevision },
      { token: reviewerToken },
    );

  const statementsOf = async (work: () => Promise<unknown>): Promise<number> => {
    const before = app.database.changes.statements;
    await work();
    return app.database.changes.statements - before;
  };

  /**
   * The fewest statements of three runs: on PostgreSQL the notification of the login's write may
   * arrive late and have one call read the session again, which is not the save's cost.
   */
  const fewest = async (run: (attempt: number) => Promise<void>): Promise<number> => {
    const counts: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) counts.push(await statementsOf(() => run(attempt)));
    return Math.min(...counts);
  };

  it(`saves a new annotation in at most ${SAVE_BUDGET} statements`, async () => {
    const count = await fewest(async () => {
      const created = await save(annotation(), 0);
      assert.equal(created.body.errorCode, 0, created.body.errorMsg);
      assert.equal(created.body.data.revision, 1);
    });
    console.log(`statements per new annotation: ${count}`);
    assert.ok(count <= SAVE_BUDGET, `a new annotation took ${count} statements`);
  });

  it(`saves an edit in at most ${SAVE_BUDGET} statements`, async () => {
    const input = annotation();
    assert.equal((await save(input, 0)).body.errorCode, 0);
    const count = await fewest(async (revision) => {
      const edited = await save({ ...input, comment: `语句欠通顺，建议改写（${revision}）` }, revision);
      assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
      assert.equal(edited.body.data.revision, revision + 1);
    });
    console.log(`statements per edit: ${count}`);
    assert.ok(count <= SAVE_BUDGET, `an edit took ${count} statements`);
  });

  it(`saves an edit of an annotation with replies, under blind review, in at most ${SAVE_BUDGET} statements`, async () => {
    const input = annotation();
    assert.equal((await save(input, 0)).body.errorCode, 0);
    const replied = await app.post(
      '/api/v1/annotation/reply',
      { annotationId: input.id, comment: '已与王小明核对' },
      { token: reviewerToken },
    );
    assert.equal(replied.body.errorCode, 0, replied.body.errorMsg);
    const count = await fewest(async (revision) => {
      const edited = await save({ ...input, comment: `请补充出处（${revision}）` }, revision);
      assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
      assert.equal(edited.body.data.revision, revision + 1);
      // The answer still carries the reply, redacted as the list redacts it for this reviewer.
      assert.deepEqual(
        edited.body.data.replies.map((reply) => reply.comment),
        ['已与＊＊＊核对'],
      );
    });
    console.log(`statements per edit with replies: ${count}`);
    assert.ok(count <= SAVE_BUDGET, `an edit with replies took ${count} statements`);
  });

  it('reads the row only to answer a save that wrote nothing: a repeat, a stale revision', async () => {
    const input = annotation();
    assert.equal((await save(input, 0)).body.errorCode, 0);
    const edit = { ...input, comment: '改写后的意见' };
    assert.equal((await save(edit, 1)).body.data.revision, 2);
    // The answer to that edit was lost; the client sends it again on revision 1.
    const repeat = await save(edit, 1);
    assert.equal(repeat.body.errorCode, 0, repeat.body.errorMsg);
    assert.equal(repeat.body.data.revision, 2);
    const stale = await save({ ...input, comment: '另一个窗口的旧版本' }, 1);
    assert.equal(stale.body.errorCode, 1080001);
  });
});
