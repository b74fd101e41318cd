import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { DocumentSummary, DocumentText, UploadResponse } from '@zikao/contract';
import { findSoffice, withWordFonts } from '../../system/converter.ts';
import { networkIsolation } from '../../system/network-isolation.ts';
import {
  EMBEDDED_PICTURE,
  LINKED_PICTURE,
  type LinkTargets,
  linkedPictureDocx,
  linkedPicturePptx,
  pdfImageSizes,
  type RequestRecorder,
  recordRequests,
} from '../../test/linked-documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConversionQueue, type ConvertibleExtension } from './conversion-queue.ts';

// A candidate's DOCX whose pictures are linked to a server LibreOffice can reach (issue: SSRF
// through conversion, adr/027): converting it must not send that server one request.
const soffice = findSoffice(process.env.PATH);
const isolation = networkIsolation(process.env.PATH);
const embedded = `${EMBEDDED_PICTURE.width}x${EMBEDDED_PICTURE.height}`;
const linked = `${LINKED_PICTURE.width}x${LINKED_PICTURE.height}`;

/** Fresh targets on the listener, whose record starts empty for each test. */
const targetsOn = (recorder: RequestRecorder): LinkTargets => {
  recorder.requests.length = 0;
  return {
    picture: recorder.url('/linked-picture.png'),
    pictureViaHyperlink: recorder.url('/picture-via-hyperlink.png'),
    hyperlink: recorder.url('/hyperlink.html'),
  };
};

describe('a Word upload converts without reaching anything (adr/027)', {
  skip: !soffice && 'LibreOffice is not installed',
}, () => {
  let app: TestApp;
  let token: string;
  let recorder: RequestRecorder;
  before(async () => {
    recorder = await recordRequests();
    app = await createTestApp();
    token = await app.login('13800000003');
  });
  after(async () => {
    await app.close();
    await recorder.close();
  });

  it('converts the DOCX; its linked pictures are absent and the listener got no request', async () => {
    const targets = targetsOn(recorder);
    const form = new FormData();
    form.append('kind', 'document');
    form.append('file', new Blob([new Uint8Array(linkedPictureDocx(targets))]), '链接图片论文.docx');
    const uploaded = await app.upload<UploadResponse>('/api/v1/upload', form, { token });
    assert.equal(uploaded.body.errorCode, 0, uploaded.body.errorMsg);
    const documentId = uploaded.body.data.documentId as number;
    await app.documents.settled(documentId);
    const status = await app.post<DocumentSummary>('/api/v1/document/status', { documentId }, { token });
    assert.equal(status.body.data.status, 'ready', status.body.data.error);

    assert.deepEqual(recorder.requests, [], 'LibreOffice sent requests to the linked address');

    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId }, { token });
    const all = text.body.data.pages.map((page) => page.text.replace(/\s+/g, '')).join('');
    assert.ok(all.includes('第一章绪论') && all.includes('正文结束'), all);
    const file = await app.server.inject({
      method: 'GET',
      url: `/api/v1/document/file/${documentId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const sizes = await pdfImageSizes(file.rawPayload);
    assert.ok(sizes.includes(embedded), `the embedded picture is kept: ${sizes.join(', ')}`);
    assert.ok(!sizes.includes(linked), `no linked picture: ${sizes.join(', ')}`);
    // The hyperlink is still a link in the PDF, though nothing fetched it.
    assert.ok(file.rawPayload.toString('latin1').includes(targets.hyperlink), 'the hyperlink is kept');
  });

  it('says at start-up which protection conversions have', () => {
    const line = app.logs.find((entry) => 'conversionIsolation' in entry);
    assert.equal(line?.conversionIsolation, isolation.kind === 'namespace' ? 'network-namespace' : 'none');
  });
});

describe('without a network namespace, DOCX and PPTX still reach nothing', {
  skip: !soffice && 'LibreOffice is not installed',
}, () => {
  let recorder: RequestRecorder;
  let work: string;
  before(async () => {
    recorder = await recordRequests();
    work = mkdtempSync(path.join(tmpdir(), 'zikao-offline-'));
  });
  after(async () => {
    await recorder.close();
    rmSync(work, { recursive: true, force: true });
  });

  // The fallback where the system allows no namespace: the links are removed, and the profile blocks the rest.
  const queue = () =>
    new ConversionQueue({
      soffice: withWordFonts(soffice as string),
      isolation: { kind: 'none', reason: 'the fallback, for this test' },
    });

  for (const [extension, build] of [
    ['docx', linkedPictureDocx],
    ['pptx', linkedPicturePptx],
  ] as const) {
    it(`converts a ${extension.toUpperCase()} with linked pictures and sends no request`, async () => {
      const source = path.join(work, `linked.${extension}`);
      writeFileSync(source, build(targetsOn(recorder)));
      const result = await queue().convert(source, extension);
      try {
        assert.ok(result.ok && result.pdfPath, result.error);
        assert.deepEqual(recorder.requests, []);
        assert.equal(result.droppedLinks, extension === 'docx' ? 3 : 2);
        const sizes = await pdfImageSizes(readFileSync(result.pdfPath));
        assert.ok(sizes.includes(embedded) && !sizes.includes(linked), sizes.join(', '));
      } finally {
        await result.cleanup();
      }
    });
  }
});

/** Saves `source` as `format` with LibreOffice (with no network), as Word would save a DOC. */
function saveAs(source: string, format: ConvertibleExtension, work: string): string {
  const prefix = isolation.kind === 'namespace' ? isolation.prefix : [];
  const [command = soffice as string, ...args] = [...prefix, soffice as string];
  const result = spawnSync(
    command,
    [
      ...args,
      `-env:UserInstallation=${pathToFileURL(path.join(work, 'save-profile')).href}`,
      '--headless',
      '--norestore',
      '--convert-to',
      format,
      '--outdir',
      work,
      source,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
  assert.equal(result.status, 0, 'LibreOffice saved the file');
  return path.join(work, `${path.basename(source, path.extname(source))}.${format}`);
}

describe('a DOC or PPT, which no rewriting reaches, reaches nothing in its network namespace', {
  skip: (!soffice && 'LibreOffice is not installed') || (isolation.kind !== 'namespace' && isolation.reason),
}, () => {
  let recorder: RequestRecorder;
  let work: string;
  before(async () => {
    recorder = await recordRequests();
    work = mkdtempSync(path.join(tmpdir(), 'zikao-offline-'));
  });
  after(async () => {
    await recorder.close();
    rmSync(work, { recursive: true, force: true });
  });

  for (const [extension, build, from] of [
    ['doc', linkedPictureDocx, 'docx'],
    ['ppt', linkedPicturePptx, 'pptx'],
  ] as const) {
    it(`converts a ${extension.toUpperCase()} whose picture is linked and sends no request`, async () => {
      const source = path.join(work, `linked-${extension}.${from}`);
      writeFileSync(source, build(targetsOn(recorder)));
      const legacy = saveAs(source, extension, work);
      // A DOC keeps the link as an INCLUDEPICTURE field, a PPT as a linked picture.
      assert.ok(readFileSync(legacy).includes(Buffer.from('/linked-picture.png', 'utf16le')), 'the link is kept');
      recorder.requests.length = 0; // only the conversion under test counts
      const queue = new ConversionQueue({ soffice: withWordFonts(soffice as string), isolation });
      const result = await queue.convert(legacy, extension);
      try {
        assert.ok(result.ok && result.pdfPath, result.error);
        assert.deepEqual(recorder.requests, []);
      } finally {
        await result.cleanup();
      }
    });
  }
});
