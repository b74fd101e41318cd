import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, signParams } from '@zikao/contract';
import type { AppError } from '../../shared/errors.ts';
import { buildDocument } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ANNOTATED_PDF_BUSY, AnnotatedPdfQueue } from './annotated-pdf-queue.ts';

const PAGES = 12;
/** Enough marks that a build takes seconds, not so many that the suite waits long for three. */
const MARKS = 600;

/**
 * Issue 32 §4.3: the annotated PDF of a document at its cap of marks is built off the event loop,
 * so /v1/health answers while it is built, and downloads past the queue's bound are refused with a
 * clear 1050001 instead of piling up. Timings are in bench/annotated-pdf, not here.
 */
describe('annotated PDFs of many marks, off the event loop and through a bounded queue', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;

  before(async () => {
    // One build at a time and one waiting: a third download at once is past the bound.
    app = await createTestApp({ ANNOTATED_PDF_CONCURRENCY: '1', ANNOTATED_PDF_QUEUE: '1' });
    token = await app.login('13800000003');
    documentId = await buildDocument(
      app,
      token,
      multiPagePdf(Array.from({ length: PAGES }, (_, i) => `Chapter ${i + 1} Results and discussion`)),
    );
    // Marks written straight into the table (the saves and their caps are tested elsewhere):
    // on every page, text marks on its words and page notes, as a heavy reviewer leaves them.
    const { id: authorId } = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: MARKS }, (_, i) => {
      const page = i % PAGES;
      const text = `Chapter ${page + 1} Results and discussion`;
      const selectors =
        i % 2 === 0
          ? [
              { type: 'TextQuoteSelector', exact: 'Results', prefix: `Chapter ${page + 1} `, suffix: ' and' },
              { type: 'TextPositionSelector', start: text.indexOf('Results'), end: text.indexOf('Results') + 7 },
              { type: 'PageSelector', index: page },
            ]
          : [{ type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: `page=${page + 1}` }];
      return {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        document_id: documentId,
        author_id: authorId,
        kind: i % 2 === 0 ? 'highlight' : 'note',
        category: 'content',
        severity: 'minor',
        comment: `第 ${i + 1} 条意见：此处论证不足，请补充数据来源`,
        stamp: null,
        page_index: page,
        selectors_json: JSON.stringify(selectors),
        suggestion: null,
        shape_json: null,
        revision: 1,
        deleted: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      } as const;
    });
    for (let i = 0; i < rows.length; i += 200) {
      await app.database.db
        .insertInto('annotations')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  });
  after(() => app.close());

  const exportPdf = async () => {
    const t = Date.now();
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    return response;
  };

  it(`answers /v1/health while the marks of a PDF of ${MARKS} marks are drawn`, async () => {
    // Health is asked the moment the build starts drawing the marks, its longest synchronous
    // stretch: on the event loop (as it was) the answer could come only after that stretch ended.
    const order: string[] = [];
    let health: Promise<unknown> = Promise.resolve();
    const onStage = (stage: string) => {
      order.push(stage);
      if (stage === 'marks') {
        health = app.get<{ status: string }>('/api/v1/health').then((answer) => {
          order.push('health');
          assert.equal(answer.body.errorCode, 0);
        });
      }
    };
    app.annotatedPdfs.on('stage', onStage);
    try {
      const response = await exportPdf();
      order.push('export');
      await health;
      assert.deepEqual(order, ['load', 'marks', 'health', 'index', 'save', 'export']);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    } finally {
      app.annotatedPdfs.off('stage', onStage);
    }
  });

  it('builds one at a time, lets one wait, and refuses a third download at once with 1050001', async () => {
    const started = once(app.annotatedPdfs, 'started');
    const first = exportPdf();
    await started;
    const second = exportPdf();
    // The second waits in the line before the third comes.
    while (app.annotatedPdfs.jobCounts().waiting < 1) await once(app.annotatedPdfs, 'queued');
    const third = await exportPdf();
    assert.deepEqual(JSON.parse(third.body), {
      errorCode: ErrorCode.tooManyRequests,
      errorMsg: ANNOTATED_PDF_BUSY,
      data: null,
    });
    const answers = await Promise.all([first, second]);
    assert.deepEqual(
      answers.map((answer) => [answer.statusCode, answer.headers['content-type']]),
      [
        [200, 'application/pdf'],
        [200, 'application/pdf'],
      ],
    );
    assert.deepEqual(app.annotatedPdfs.jobCounts(), { waiting: 0, active: 0 });
  });

  it('stops a build past its time limit and says so', async () => {
    const queue = new AnnotatedPdfQueue({ concurrency: 1, maxWaiting: 0, timeoutMs: 1, memoryMb: 256 });
    const pages = await app.database.db
      .selectFrom('document_pages')
      .select(['width', 'height', 'text', 'geometry_json'])
      .where('document_id', '=', documentId)
      .execute();
    await assert.rejects(
      queue.build({ file: '/nonexistent.pdf', pages, annotations: [], title: '论文', variant: 'annotated' }),
      (error: AppError) =>
        error.code === ErrorCode.tooManyRequests &&
        error.message === '批注版 PDF 生成超出了服务器的限定（0.001 秒、256 MB），请稍后再试或联系管理员',
    );
    assert.deepEqual(queue.jobCounts(), { waiting: 0, active: 0 });
  });
});
