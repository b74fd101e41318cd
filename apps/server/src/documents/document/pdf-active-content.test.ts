import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, type DocumentText, signParams } from '@zikao/contract';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFStream, PDFString, StandardFonts } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildDocument } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TEXT = 'Chapter One Introduction';

/**
 * The probe's PDF of issue 32 §4.7, made here: an OpenAction JavaScript, a page-open JavaScript
 * (`/AA`), a document-level script (the JavaScript name tree), a link that launches cmd.exe, an
 * embedded evil.exe (the EmbeddedFiles name tree and a file-attachment annotation), and, to be
 * kept, a link to the web and one line of text. pdf-lib writes the objects into object streams, so
 * none of them shows in the raw bytes: only a parser sees them.
 */
async function activePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(TEXT, { x: 72, y: 720, size: 24, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const context = pdf.context;
  const script = (code: string) =>
    context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) }));
  pdf.catalog.set(PDFName.of('OpenAction'), script("app.alert('opened')"));
  page.node.set(PDFName.of('AA'), context.obj({ O: script("app.launchURL('https://evil.example/')") }));
  const evil = context.register(
    context.stream('MZ\u0090 this program cannot be run in DOS mode', { Type: 'EmbeddedFile' }),
  );
  const fileSpec = context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of('evil.exe'),
      UF: PDFHexString.fromText('evil.exe'),
      EF: { F: evil },
    }),
  );
  pdf.catalog.set(
    PDFName.of('Names'),
    context.obj({
      EmbeddedFiles: { Names: [PDFString.of('evil.exe'), fileSpec] },
      JavaScript: { Names: [PDFString.of('init'), script("app.alert('init')")] },
    }),
  );
  const annotation = (entries: Record<string, unknown>) =>
    context.register(context.obj({ Type: 'Annot', Border: [0, 0, 0], ...entries } as never));
  page.node.set(
    PDFName.of('Annots'),
    context.obj([
      annotation({
        Subtype: 'Link',
        Rect: [72, 700, 320, 740],
        A: { S: 'Launch', F: PDFString.of('cmd.exe'), Win: { F: PDFString.of('cmd.exe'), P: PDFString.of('/c calc') } },
      }),
      annotation({
        Subtype: 'Link',
        Rect: [72, 600, 320, 640],
        A: { S: 'URI', URI: PDFString.of('https://example.com/') },
      }),
      annotation({
        Subtype: 'FileAttachment',
        Rect: [400, 700, 420, 720],
        FS: fileSpec,
        Contents: PDFString.of('evil'),
      }),
    ]),
  );
  return Buffer.from(await pdf.save());
}

/** What pdf.js finds that runs or opens something, and the links it keeps. */
async function activeContent(bytes: Uint8Array) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const annotations = (await page.getAnnotations()) as Array<{ subtype: string; url?: string; unsafeUrl?: string }>;
    return {
      documentScripts: await doc.getJSActions(),
      attachments: await doc.getAttachments(),
      pageScripts: await page.getJSActions(),
      annotations: annotations.map((annotation) =>
        `${annotation.subtype} ${annotation.unsafeUrl ?? annotation.url ?? ''}`.trim(),
      ),
    };
  } finally {
    await doc.destroy();
  }
}

/** Every dictionary pdf-lib reads in the file: its action types, and whether any holds `/JS` or an embedded file. */
async function dictionaries(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const actions = new Set<string>();
  let scripts = 0;
  let embedded = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const pending: unknown[] = [object];
    while (pending.length > 0) {
      const value = pending.pop();
      const dict = value instanceof PDFStream ? value.dict : value instanceof PDFDict ? value : null;
      if (dict) {
        const type = dict.get(PDFName.of('S'));
        if (type instanceof PDFName && dict.has(PDFName.of('Type')) === false) actions.add(type.decodeText());
        if (dict.get(PDFName.of('Type')) === PDFName.of('Action') && type instanceof PDFName)
          actions.add(type.decodeText());
        if (dict.has(PDFName.of('JS'))) scripts += 1;
        if (dict.has(PDFName.of('EF')) || dict.get(PDFName.of('Type')) === PDFName.of('EmbeddedFile')) embedded += 1;
        for (const [, entry] of dict.entries()) pending.push(entry);
      } else if (value instanceof PDFArray) {
        for (let i = 0; i < value.size(); i++) pending.push(value.get(i));
      }
    }
  }
  return { actions: [...actions].sort(), scripts, embedded, openAction: pdf.catalog.has(PDFName.of('OpenAction')) };
}

describe('active content is taken out of the review PDF (issue 32 §4.7)', () => {
  let app: TestApp;
  let token: string;
  let original: Buffer;
  let documentId: number;

  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    original = await activePdf();
    documentId = await buildDocument(app, token, original, '带脚本的论文.pdf');
  });
  after(() => app.close());

  const get = (url: string) => {
    const t = Date.now();
    return app.server.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
  };

  it('the probe’s PDF holds all three, as pdf.js and pdf-lib read it', async () => {
    const found = await activeContent(original);
    assert.ok(found.documentScripts, 'document scripts');
    assert.ok(found.attachments?.['evil.exe'], 'the embedded evil.exe');
    assert.ok(found.pageScripts, 'the page-open script');
    assert.deepEqual(found.annotations, ['Link cmd.exe', 'Link https://example.com/', 'FileAttachment']);
    const dicts = await dictionaries(original);
    assert.equal(dicts.openAction, true);
    assert.ok(dicts.actions.includes('JavaScript') && dicts.actions.includes('Launch'));
    // Inside object streams: a grep of the raw file finds none of it.
    assert.equal(original.includes('cmd.exe'), false);
  });

  it('serves the review PDF without scripts, launches or embedded files, links to the web kept', async () => {
    const served = await get(`/api/v1/document/file/${documentId}`);
    assert.equal(served.statusCode, 200);
    const bytes = served.rawPayload;
    const found = await activeContent(bytes);
    assert.equal(found.documentScripts, null);
    assert.equal(found.attachments, null);
    assert.deepEqual(found.pageScripts, null);
    // The launching link stays a rectangle that goes nowhere.
    assert.deepEqual(found.annotations, ['Link', 'Link https://example.com/']);
    assert.deepEqual(await dictionaries(bytes), { actions: ['URI'], scripts: 0, embedded: 0, openAction: false });
    for (const word of ['cmd.exe', 'evil.exe', 'app.alert', 'JavaScript', 'Launch', 'EmbeddedFile']) {
      assert.equal(bytes.includes(word), false, word);
    }
  });

  it('keeps its text, and marks anchored on it reach the annotated PDF, which holds none of them either', async () => {
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId }, { token });
    assert.equal(text.body.data.pages[0]?.text.trim(), TEXT);
    const saved = await app.post<AnnotationDto>(
      '/api/v1/annotation/save',
      {
        documentId,
        baseRevision: 0,
        annotation: {
          id: randomUUID(),
          kind: 'highlight',
          category: 'content',
          severity: 'major',
          comment: '绪论过短',
          stamp: null,
          pageIndex: 0,
          selectors: [
            { type: 'TextQuoteSelector', exact: 'Introduction', prefix: 'Chapter One ', suffix: '' },
            { type: 'TextPositionSelector', start: 12, end: 24 },
            { type: 'PageSelector', index: 0 },
          ],
        },
      },
      { token },
    );
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    const exported = await get(`/api/v1/annotation/export/pdf/${documentId}`);
    assert.equal(exported.headers['content-type'], 'application/pdf');
    const found = await activeContent(exported.rawPayload);
    assert.equal(found.documentScripts, null);
    assert.equal(found.attachments, null);
    assert.deepEqual(
      found.annotations.filter((entry) => !entry.startsWith('Popup')),
      ['Link', 'Link https://example.com/', 'Highlight'],
    );
    const dicts = await dictionaries(exported.rawPayload);
    assert.equal(dicts.scripts, 0);
    assert.equal(dicts.embedded, 0);
    assert.equal(dicts.openAction, false);
    assert.equal(dicts.actions.includes('JavaScript') || dicts.actions.includes('Launch'), false);
  });
});
