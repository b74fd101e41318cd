import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { redactorOf } from '../../access/identity-redaction.ts';
import { png } from '../../test/fixtures.ts';
import {
  EXAM,
  ICC,
  JFIF,
  JPEG_IMAGE,
  leaks,
  NAME,
  PINYIN,
  photo,
  SOI,
  W,
  wordFile,
  zipLeaks,
} from './attachment-metadata.test-kit.ts';
import {
  cleanAttachment,
  pngChunk,
  redactZipEntryNames,
  stripJpegMetadata,
  stripOfficeMetadata,
  stripPngMetadata,
} from './attachment-metadata.ts';

const redact = redactorOf({ name: NAME, examNumber: EXAM });

describe('metadata in attachments that are not PDF (issue 19 §1)', () => {
  it('empties a DOCX’s properties and the authors of its revisions, comments and photos, and keeps its text', async () => {
    const original = await wordFile();
    assert.ok((await zipLeaks(original)).length > 0, 'the fixture carries the identity');
    const cleaned = await stripOfficeMetadata(original);
    assert.ok(cleaned);
    assert.deepEqual(await zipLeaks(cleaned), []);
    const before = await JSZip.loadAsync(original);
    const after = await JSZip.loadAsync(cleaned);
    assert.deepEqual(Object.keys(after.files), Object.keys(before.files), 'the same parts in the same order');
    const core = await after.file('docProps/core.xml')?.async('string');
    assert.match(core ?? '', /<dc:creator><\/dc:creator>/);
    assert.match(core ?? '', /<cp:lastModifiedBy><\/cp:lastModifiedBy>/);
    assert.match(core ?? '', /<cp:revision>3<\/cp:revision>/, 'what names nobody stays');
    assert.match(core ?? '', /2026-03-01T08:00:00Z/);
    const app = await after.file('docProps/app.xml')?.async('string');
    assert.match(app ?? '', /<Company><\/Company><Manager><\/Manager><Pages>1<\/Pages>/);
    const body = await after.file('word/document.xml')?.async('string');
    assert.match(body ?? '', /<w:ins w:id="1" w:author="" w:date="2026-03-01T08:00:00Z"><w:r><w:t>调查数据汇总<\/w:t>/);
    const image = await after.file('word/media/image1.jpeg')?.async('nodebuffer');
    assert.ok(image?.subarray(-JPEG_IMAGE.length).equals(JPEG_IMAGE), 'the photo’s pixels are untouched');
  });

  it('empties an XLSX’s properties and keeps its cells', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = `${PINYIN} ${EXAM}`;
    workbook.lastModifiedBy = NAME;
    workbook.company = `${NAME}工作室`;
    workbook.manager = NAME;
    const sheet = workbook.addWorksheet('问卷');
    sheet.addRow(['题号', '人数']);
    sheet.addRow([1, 42]);
    const original = Buffer.from(await workbook.xlsx.writeBuffer());
    assert.ok((await zipLeaks(original)).length > 0);
    const cleaned = await stripOfficeMetadata(original);
    assert.ok(cleaned);
    assert.deepEqual(await zipLeaks(cleaned), []);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(cleaned as unknown as ArrayBuffer);
    const row = read.getWorksheet('问卷')?.getRow(2);
    assert.deepEqual([row?.getCell(1).value, row?.getCell(2).value], [1, 42]);
    assert.equal(read.creator ?? '', '');
  });

  it('leaves an Office file that names nobody as it is, and one it cannot read', async () => {
    const zip = new JSZip();
    zip.file('word/document.xml', `<w:document ${W}><w:body/></w:document>`);
    assert.equal(await stripOfficeMetadata(await zip.generateAsync({ type: 'nodebuffer' })), null);
    assert.equal(await stripOfficeMetadata(Buffer.from('PK\x03\x04 not really a zip')), null);
  });

  it('drops a JPEG’s EXIF, XMP, IPTC and comment and keeps JFIF, the colour profile and the image', () => {
    const cleaned = stripJpegMetadata(photo());
    assert.ok(cleaned);
    assert.deepEqual(leaks(cleaned), []);
    assert.ok(cleaned.equals(Buffer.concat([SOI, JFIF, ICC, JPEG_IMAGE])));
    assert.equal(stripJpegMetadata(cleaned), null, 'nothing left to remove');
  });

  it('keeps a JPEG it cannot walk as it is', () => {
    const truncated = photo().subarray(0, 30);
    assert.equal(stripJpegMetadata(truncated), null);
    assert.equal(stripJpegMetadata(Buffer.from('not a jpeg')), null);
    const badLength = Buffer.concat([SOI, Buffer.from([0xff, 0xe1, 0xff, 0xff, 0x00])]);
    assert.equal(stripJpegMetadata(badLength), null);
  });

  it('drops a PNG’s text, compressed text, international text, EXIF and time chunks, and nothing else', () => {
    const plain = png();
    const ihdrEnd = 8 + 12 + plain.readUInt32BE(8);
    const tagged = Buffer.concat([
      plain.subarray(0, ihdrEnd),
      pngChunk('tEXt', Buffer.from(`Author\0${PINYIN}`, 'latin1')),
      pngChunk('iTXt', Buffer.concat([Buffer.from('Description\0\0\0\0\0', 'latin1'), Buffer.from(NAME)])),
      pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), Buffer.from(EXAM)])),
      pngChunk('eXIf', Buffer.from(`MM\0*${EXAM}`, 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 3, 1, 8, 0, 0])),
      plain.subarray(ihdrEnd),
    ]);
    assert.ok(leaks(tagged).length > 0);
    const cleaned = stripPngMetadata(tagged);
    assert.ok(cleaned?.equals(plain), 'exactly the picture without its words');
    assert.equal(stripPngMetadata(plain), null);
    assert.equal(stripPngMetadata(tagged.subarray(0, tagged.length - 20)), null, 'a cut-off PNG is kept');
  });

  it('stars the candidate out of a ZIP’s entry names, UTF-8 or GB18030, and drops its comments', async () => {
    const zip = new JSZip();
    zip.file(`${NAME}-附件2/问卷数据.csv`, '题号,人数\n1,42\n');
    zip.file(`${EXAM}.txt`, '访谈记录', { comment: `by ${NAME}` });
    zip.file('图表/图1.png', png());
    const utf8Names = await zip.generateAsync({ type: 'nodebuffer', comment: `${NAME} ${EXAM}` });
    const cleaned = await redactZipEntryNames(utf8Names, redact);
    assert.ok(cleaned);
    assert.deepEqual(leaks(cleaned), []);
    const after = await JSZip.loadAsync(cleaned);
    assert.deepEqual(
      Object.keys(after.files).sort(),
      ['＊＊＊-附件2/', '＊＊＊-附件2/问卷数据.csv', '＊＊＊＊＊＊＊＊＊＊＊＊.txt', '图表/', '图表/图1.png'].sort(),
    );
    assert.equal(await after.file('＊＊＊-附件2/问卷数据.csv')?.async('string'), '题号,人数\n1,42\n');
    assert.ok((await after.file('图表/图1.png')?.async('nodebuffer'))?.equals(png()));

    // Chinese Windows writes names in GB18030 without the UTF-8 flag.
    const { zipArchive } = await import('../../test/fixtures.ts');
    const gbName = Buffer.from([0xb2, 0xdc, 0xd0, 0xa1, 0xc3, 0xf7, 0x2e, 0x74, 0x78, 0x74]); // 曹小明.txt
    assert.equal(new TextDecoder('gb18030').decode(gbName), `${NAME}.txt`);
    const windows = zipArchive([{ name: gbName, data: Buffer.from('x') }]);
    const redacted = await redactZipEntryNames(windows, redact);
    assert.ok(redacted);
    assert.deepEqual(Object.keys((await JSZip.loadAsync(redacted)).files), ['＊＊＊.txt']);
  });

  it('leaves a ZIP that names nobody as it is, and one it cannot read', async () => {
    const zip = new JSZip();
    zip.file('数据/问卷.csv', '1,2\n');
    assert.equal(await redactZipEntryNames(await zip.generateAsync({ type: 'nodebuffer' }), redact), null);
    assert.equal(await redactZipEntryNames(Buffer.from('PK\x05\x06 broken'), redact), null);
  });

  it('cleans by content type, and leaves the types with nothing to clean', async () => {
    assert.ok(await cleanAttachment('jpg', photo(), redact));
    assert.equal(await cleanAttachment('gif', Buffer.from('GIF89a'), redact), null);
    assert.equal(await cleanAttachment('csv', Buffer.from(`${NAME},1\n`), redact), null);
    assert.equal(await cleanAttachment('pdf', Buffer.from('%PDF-1.4'), redact), null, 'PDFs are cleaned where served');
  });
});

// A name in a DEFLATE-compressed entry is only found inflated: the search must inflate.
it('finds a planted name inside a compressed entry (the search itself works)', async () => {
  const zip = new JSZip();
  zip.file('a.txt', `${NAME}${'x'.repeat(200)}`);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  assert.deepEqual(leaks(bytes), []);
  assert.deepEqual(await zipLeaks(bytes), [`${NAME} in a.txt`]);
});
