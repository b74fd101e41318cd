import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ErrorCode, signParams, type UploadResponse } from '@zikao/contract';
import { multiPagePdf, png, thesisDocx } from '../../test/fixtures.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashOfKey } from './storage.ts';

describe('the app with STORAGE=s3', () => {
  let s3: TestS3Server;
  let app: TestApp;
  let token: string;
  let bucket: S3Client;
  before(async () => {
    s3 = await startS3Server();
    app = await createTestApp(s3.env);
    token = await app.login('13800000002');
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  after(async () => {
    bucket.destroy();
    await app.close();
    await s3.close();
  });

  const inBucket = async () => {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (page.Contents ?? []).map((item) => item.Key ?? '');
  };
  const onDisk = (folder: string) => {
    const dir = path.join(app.config.dataDir, folder);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((name) => String(name).length > 2) : [];
  };
  const upload = async (bytes: Buffer, name: string, kind: string) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return app.upload<UploadResponse>('/api/v1/upload', form, { token });
  };

  it('keeps an uploaded thesis PDF in the bucket under its hash and serves it whole and by byte range', async () => {
    const pdf = multiPagePdf(Array.from({ length: 12 }, (_, i) => `Chapter ${i + 1} research method and findings`));
    assert.ok(pdf.length > 1100);
    const answer = await upload(pdf, '论文.pdf', 'document');
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    const { sha256, documentId } = answer.body.data;
    await app.documents.settled(documentId as number);
    assert.ok((await inBucket()).includes(`files/${sha256.slice(0, 2)}/${sha256}`));
    assert.deepEqual(onDisk('files'), [], 'nothing stored on the local disk');
    assert.deepEqual(onDisk('tmp'), [], 'no temp file left');

    const text = await app.post<{ pages: Array<{ text: string }> }>('/api/v1/document/text', { documentId }, { token });
    assert.equal(text.body.errorCode, 0, text.body.errorMsg);
    assert.match(
      text.body.data.pages[1]?.text ?? '',
      /Chapter 2 research method/,
      'pdf.js read the text from a copy fetched from S3',
    );

    const url = `/api/v1/document/file/${documentId}`;
    const whole = await app.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    assert.equal(whole.statusCode, 200);
    assert.ok(whole.rawPayload.equals(pdf));
    const part = await app.server.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=100-1099' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 100-1099/${pdf.length}`);
    assert.ok(part.rawPayload.equals(pdf.subarray(100, 1100)));
    const first = await app.server.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=0-0' },
    });
    assert.equal(first.statusCode, 206);
    assert.ok(first.rawPayload.equals(pdf.subarray(0, 1)));
    const tail = await app.server.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=-16' },
    });
    assert.ok(tail.rawPayload.equals(pdf.subarray(pdf.length - 16)));

    const now = Date.now();
    const annotated = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${now}&sig=${signParams({}, now)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(annotated.statusCode, 200);
    assert.equal(annotated.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(onDisk('tmp'), [], 'the local copies for pdf.js and pdf-lib are removed');
  });

  it('converts a Word thesis fetched from the bucket and stores the PDF there', async (t) => {
    const version = await app.get<{ converter: { available: boolean } }>('/api/v1/version');
    if (!version.body.data.converter.available) return t.skip('LibreOffice is not installed');
    const answer = await upload(thesisDocx({ pages: 1 }), '论文.docx', 'document');
    assert.equal(answer.body.errorCode, 0, answer.body.errorMsg);
    await app.documents.settled(answer.body.data.documentId as number);
    const row = await app.database.db
      .selectFrom('documents')
      .select(['status', 'pdf_sha256'])
      .where('id', '=', answer.body.data.documentId as number)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'ready');
    assert.ok(row.pdf_sha256 && (await inBucket()).includes(`files/${row.pdf_sha256.slice(0, 2)}/${row.pdf_sha256}`));
    assert.deepEqual(onDisk('tmp'), []);
  });

  it('leaves nothing in the bucket or on disk for a refused upload', async () => {
    const before = (await inBucket()).filter(hashOfKey);
    const refused = await upload(png(), 'thesis.pdf', 'report');
    assert.equal(refused.body.errorCode, ErrorCode.fileTypeRejected);
    const big = await upload(Buffer.alloc(51 * 1024 * 1024, 0x20), 'big.pdf', 'document');
    assert.equal(big.body.errorCode, ErrorCode.fileTooLarge);
    assert.deepEqual((await inBucket()).filter(hashOfKey), before);
    assert.deepEqual(onDisk('tmp'), []);
    assert.deepEqual(onDisk('files'), []);
  });
});
