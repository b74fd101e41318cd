import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { buildDocument } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { extractions } from './pdf-inspector.ts';

/**
 * A PDF of `pages` pages, written directly (pdf-lib takes seconds for 20,000): every page shares
 * one content stream, with `linesPerPage` lines of text in Helvetica, or none.
 */
function manyPagePdf(pages: number, linesPerPage = 0): Buffer {
  const objects: string[] = [];
  const kids: string[] = [];
  const firstPage = 5;
  for (let i = 0; i < pages; i++) kids.push(`${firstPage + i} 0 R`);
  const lines = Array.from(
    { length: linesPerPage },
    (_, l) => `BT /F1 9 Tf 10 ${280 - l * 13} Td (Line ${l} lorem ipsum dolor sit amet consectetur) Tj ET`,
  ).join('\n');
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Count ${pages} /Kids [${kids.join(' ')}] >>`;
  objects[3] = `<< /Length ${Buffer.byteLength(lines)} >>\nstream\n${lines}\nendstream`;
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (let i = 0; i < pages; i++) {
    objects[firstPage + i] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>`;
  }
  const chunks = ['%PDF-1.4\n'];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = length;
    const chunk = `${n} 0 obj\n${objects[n]}\nendobj\n`;
    chunks.push(chunk);
    length += chunk.length;
  }
  chunks.push(`xref\n0 ${objects.length}\n0000000000 65535 f \n`);
  for (let n = 1; n < objects.length; n++) chunks.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  chunks.push(`trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  const body = chunks.join('');
  return Buffer.from(body, 'latin1');
}

async function upload(app: TestApp, token: string, pdf: Buffer) {
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(pdf)]), 'thesis.pdf');
  return app.upload<{ documentId: number }>('/api/v1/upload', form, { token });
}

async function documentRow(app: TestApp, id: number) {
  return app.database.db
    .selectFrom('documents')
    .select(['status', 'error', 'page_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('PDF caps (issue 19 §5)', () => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
  });
  after(() => app.close());

  it('refuses a 20,000-page PDF at upload by its page count (PDF_MAX_PAGES 2000), storing nothing', async () => {
    const pdf = manyPagePdf(20_000);
    assert.ok(pdf.length < 4_000_000);
    const uploadsBefore = await app.database.db.selectFrom('uploads').select('id').execute();
    const response = await upload(app, token, pdf);
    assert.equal(response.body.errorCode, ErrorCode.fileTypeRejected, response.body.errorMsg);
    assert.equal(response.body.errorMsg, 'PDF 共 20000 页，超过 2000 页的上限，请精简后重新上传');
    const uploadsAfter = await app.database.db.selectFrom('uploads').select('id').execute();
    assert.equal(uploadsAfter.length, uploadsBefore.length);
  });

  it('accepts 2,000 pages, the cap itself', async () => {
    const response = await upload(app, token, manyPagePdf(2000));
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    await app.documents.settled(response.body.data.documentId);
    assert.equal((await documentRow(app, response.body.data.documentId)).page_count, 2000);
  });
});

describe('configured PDF caps', () => {
  it('takes PDF_MAX_PAGES from the configuration', async () => {
    const app = await createTestApp({ PDF_MAX_PAGES: '5' });
    try {
      const token = await app.login('13800000003');
      const refused = await upload(app, token, manyPagePdf(6));
      assert.equal(refused.body.errorMsg, 'PDF 共 6 页，超过 5 页的上限，请精简后重新上传');
      const id = await buildDocument(app, token, manyPagePdf(5, 2));
      assert.equal((await documentRow(app, id)).status, 'ready');
    } finally {
      await app.close();
    }
  });

  it('stops an extraction past its time limit, and the document fails with a message', async () => {
    const app = await createTestApp({ PDF_EXTRACT_TIMEOUT_S: '0.5' });
    try {
      const token = await app.login('13800000003');
      const id = await buildDocument(app, token, manyPagePdf(1900, 20));
      const row = await documentRow(app, id);
      assert.equal(row.status, 'failed');
      assert.equal(row.error, 'PDF 文件过于复杂，无法在限定的时间和内存内处理，请重新导出后上传');
      // The worker is gone and the queue is free again.
      assert.deepEqual(extractions.jobCounts(), { waiting: 0, active: 0 });
    } finally {
      await app.close();
    }
  });

  it('stops an extraction past its heap limit, and a small document still fits', async () => {
    const app = await createTestApp({ PDF_EXTRACT_MEMORY_MB: '32' });
    try {
      const token = await app.login('13800000003');
      const small = await buildDocument(app, token, minimalPdf('Chapter One'));
      assert.equal((await documentRow(app, small)).status, 'ready');
      const big = await buildDocument(app, token, manyPagePdf(1900, 20));
      const row = await documentRow(app, big);
      assert.equal(row.status, 'failed');
      assert.match(row.error, /过于复杂/);
    } finally {
      await app.close();
    }
  });

  it('runs extractions a few at a time, and a restart resumes unfinished ones through the same queue', async () => {
    const first = await createTestApp({ PDF_EXTRACT_CONCURRENCY: '2' });
    try {
      const token = await first.login('13800000003');
      extractions.peak = 0;
      const ids = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const response = await upload(first, token, manyPagePdf(20 + i, 5));
          assert.equal(response.body.errorCode, 0, response.body.errorMsg);
          return response.body.data.documentId;
        }),
      );
      await Promise.all(ids.map((id) => first.documents.settled(id)));
      assert.equal(extractions.peak, 2, 'six uploads, at most two extractions at once');
      // As if the server had died while they were being prepared.
      await first.database.db
        .updateTable('documents')
        .set({ status: 'extracting', progress: 60 })
        .where('id', 'in', ids)
        .execute();
      extractions.peak = 0;
      // The same files too (on PostgreSQL a second test app has a data directory of its own).
      const second = await createTestApp(
        { PDF_EXTRACT_CONCURRENCY: '2', DATA_DIR: first.config.dataDir },
        { sameDatabaseAs: first },
      );
      try {
        await Promise.all(ids.map((id) => second.documents.settled(id)));
        for (const id of ids) assert.equal((await documentRow(second, id)).status, 'ready');
        assert.equal(extractions.peak, 2, 'resumed through the queue, not all at once');
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
