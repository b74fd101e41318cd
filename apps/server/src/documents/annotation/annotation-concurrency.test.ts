import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  ANNOTATION_LIMITS,
  type AnnotationDto,
  type AnnotationInput,
  annotationLimitMessage,
  ErrorCode,
} from '@zikao/contract';
import { buildDocument } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Twelve pages: enough to fill the document's cap without passing a page's. */
const PAGES = 12;

function note(pageIndex: number): AnnotationInput {
  return {
    id: randomUUID(),
    kind: 'note',
    category: 'content',
    severity: 'minor',
    comment: '此处需补充论据',
    stamp: null,
    pageIndex,
    selectors: [
      { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: `page=${pageIndex + 1}` },
    ],
  };
}

/**
 * Issue 32 §4.3: a document holds at most ANNOTATION_LIMITS.perDocument live marks and a page
 * ANNOTATION_LIMITS.perPage, however many saves arrive at once, on two instances sharing the
 * database (adr/019's burst tests). Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
describe('the caps on marks per document and per page, under a burst on two instances', () => {
  let apps: TestApp[] = [];
  let token: string;

  before(async () => {
    const first = await createTestApp();
    apps = [first, await createTestApp({}, { sameDatabaseAs: first })];
    token = await first.login('13800000003');
  });
  after(async () => {
    for (const app of apps.toReversed()) await app.close();
  });
  const app = () => apps[0] as TestApp;

  const newDocument = () =>
    buildDocument(app(), token, multiPagePdf(Array.from({ length: PAGES }, (_, i) => `Page ${i + 1}`)));

  /** Marks written straight into the table: the state a burst meets, not the thing under test. */
  const fill = async (documentId: number, perPage: ReadonlyArray<[page: number, count: number]>) => {
    const { id: authorId } = await app()
      .database.db.selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    const rows = perPage.flatMap(([page, count]) =>
      Array.from({ length: count }, () => {
        const input = note(page);
        return {
          id: input.id,
          document_id: documentId,
          author_id: authorId,
          kind: input.kind,
          category: input.category,
          severity: input.severity,
          comment: input.comment,
          stamp: null,
          page_index: page,
          selectors_json: JSON.stringify(input.selectors),
          suggestion: null,
          shape_json: null,
          revision: 1,
          deleted: 0,
          created_at: Date.now(),
          updated_at: Date.now(),
        };
      }),
    );
    for (let i = 0; i < rows.length; i += 200) {
      await app()
        .database.db.insertInto('annotations')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  };

  const live = async (documentId: number, page?: number) => {
    let query = app()
      .database.db.selectFrom('annotations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('document_id', '=', documentId)
      .where('deleted', '=', 0);
    if (page !== undefined) query = query.where('page_index', '=', page);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  const save = (i: number, documentId: number, annotation: AnnotationInput) =>
    (apps[i % apps.length] as TestApp).post<AnnotationDto>(
      '/api/v1/annotation/save',
      { documentId, annotation, baseRevision: 0 },
      { token },
    );

  it(`keeps one of 50 new marks sent at once to a document one short of ${ANNOTATION_LIMITS.perDocument}`, async () => {
    const documentId = await newDocument();
    // Ten full pages less one mark; the burst goes to the last, empty page.
    await fill(documentId, [
      ...Array.from({ length: 9 }, (_, page): [number, number] => [page, ANNOTATION_LIMITS.perPage]),
      [9, ANNOTATION_LIMITS.perPage - 1],
    ]);
    assert.equal(await live(documentId), ANNOTATION_LIMITS.perDocument - 1);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => save(i, documentId, note(PAGES - 1))));
    const codes = answers.map((answer) => answer.body.errorCode);
    assert.equal(codes.filter((code) => code === 0).length, 1, JSON.stringify(codes));
    for (const refused of answers.filter((answer) => answer.body.errorCode !== 0)) {
      assert.equal(refused.body.errorCode, ErrorCode.conflict);
      assert.equal(refused.body.errorMsg, annotationLimitMessage('document'));
    }
    assert.equal(await live(documentId), ANNOTATION_LIMITS.perDocument);
  });

  it(`keeps one of 50 new marks sent at once to a page one short of ${ANNOTATION_LIMITS.perPage}`, async () => {
    const documentId = await newDocument();
    await fill(documentId, [[3, ANNOTATION_LIMITS.perPage - 1]]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => save(i, documentId, note(3))));
    const codes = answers.map((answer) => answer.body.errorCode);
    assert.equal(codes.filter((code) => code === 0).length, 1, JSON.stringify(codes));
    const refused = answers.find((answer) => answer.body.errorCode !== 0);
    assert.equal(refused?.body.errorMsg, '第 4 页的批注已达上限（每页 200 条），请删除不再需要的批注后再添加');
    assert.equal(await live(documentId, 3), ANNOTATION_LIMITS.perPage);
    // Another page still takes marks, and a resent save of a kept mark is answered as before.
    assert.equal((await save(0, documentId, note(4))).body.errorCode, 0);
    const kept = answers.find((answer) => answer.body.errorCode === 0)?.body.data as AnnotationDto;
    const again = await save(1, documentId, { ...note(3), id: kept.id, comment: kept.comment });
    assert.equal(again.body.errorCode, 0, again.body.errorMsg);
  });

  it('brings a deleted mark back only within the caps', async () => {
    const documentId = await newDocument();
    await fill(documentId, [[5, ANNOTATION_LIMITS.perPage - 1]]);
    const mark = note(5);
    assert.equal((await save(0, documentId, mark)).body.errorCode, 0);
    const deleted = await app().post<AnnotationDto>(
      '/api/v1/annotation/delete',
      { id: mark.id, baseRevision: 1 },
      { token },
    );
    assert.equal(deleted.body.errorCode, 0, deleted.body.errorMsg);
    assert.equal((await save(1, documentId, note(5))).body.errorCode, 0);
    const restored = await app().post<AnnotationDto>(
      '/api/v1/annotation/restore',
      { id: mark.id, baseRevision: 2 },
      { token },
    );
    assert.equal(restored.body.errorCode, ErrorCode.conflict);
    assert.match(restored.body.errorMsg, /第 6 页的批注已达上限/);
    assert.equal(await live(documentId, 5), ANNOTATION_LIMITS.perPage);
  });
});
