import JSZip from 'jszip';

/** Files as candidates' tools write them, with the candidate planted in their metadata (issue 19 §1). */

export const NAME = '曹小明';
export const EXAM = '030199000002';
export const PINYIN = 'Cao Xiaoming';

/** Every place a string can hide in bytes: raw UTF-8 and UTF-16LE. */
export function leaks(bytes: Buffer): string[] {
  const found: string[] = [];
  for (const needle of [NAME, EXAM, PINYIN]) {
    if (bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'utf16le'))) {
      found.push(needle);
    }
  }
  return found;
}

/** Leaks in a ZIP, searched in every entry once inflated and in its names. */
export async function zipLeaks(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const found = new Set<string>(leaks(bytes));
  for (const entry of Object.values(zip.files)) {
    for (const leak of leaks(Buffer.from(entry.name))) found.add(`${leak} in the name ${entry.name}`);
    if (entry.dir) continue;
    for (const leak of leaks(await entry.async('nodebuffer'))) found.add(`${leak} in ${entry.name}`);
  }
  return [...found];
}

/** A JPEG segment: marker and a body with its length. */
export function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A valid 8×8 grey baseline JPEG: one component, quantisation by ones, Huffman tables of a single
 * one-bit code each (DC category 0, AC end of block), so the scan is the two bits 00 padded with ones.
 */
export const JPEG_IMAGE = Buffer.concat([
  segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)])),
  segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
  segment(0xc4, Buffer.concat([Buffer.from([0x00, 1]), Buffer.alloc(15), Buffer.from([0x00])])),
  segment(0xc4, Buffer.concat([Buffer.from([0x10, 1]), Buffer.alloc(15), Buffer.from([0x00])])),
  segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
  Buffer.from([0x3f, 0xff, 0xd9]),
]);
export const SOI = Buffer.from([0xff, 0xd8]);
export const JFIF = segment(0xe0, Buffer.from('4a46494600010100000100010000', 'hex'));
export const ICC = segment(
  0xe2,
  Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([1, 1]), Buffer.alloc(16)]),
);

/** A camera photo: EXIF with the owner, XMP with the author, IPTC, a comment. */
export function photo(): Buffer {
  const exif = Buffer.concat([Buffer.from('Exif\0\0II*\0', 'latin1'), Buffer.from(`Artist ${PINYIN} ${EXAM}`)]);
  const xmp = Buffer.from(
    `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><dc:creator>${NAME}</dc:creator></x:xmpmeta>`,
    'utf8',
  );
  return Buffer.concat([
    SOI,
    JFIF,
    segment(0xe1, exif),
    segment(0xe1, xmp),
    ICC,
    segment(0xed, Buffer.from(`Photoshop 3.0\0${NAME}`, 'utf8')),
    segment(0xfe, Buffer.from(`scanned by ${NAME}`, 'utf8')),
    JPEG_IMAGE,
  ]);
}

const CORE = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${NAME}的论文附件</dc:title><dc:creator>${PINYIN} ${EXAM}</dc:creator><cp:lastModifiedBy>${NAME}</cp:lastModifiedBy><cp:keywords>${EXAM}</cp:keywords><dc:description>${NAME}</dc:description><cp:revision>3</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2026-03-01T08:00:00Z</dcterms:created></cp:coreProperties>`;
const APP = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Office Word</Application><Company>${NAME}工作室</Company><Manager>${NAME}</Manager><Pages>1</Pages></Properties>`;
const CUSTOM = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="考号"><vt:lpwstr>${EXAM}</vt:lpwstr></property></Properties>`;
export const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A DOCX as Word writes one: properties, a tracked insertion, a comment, a pasted photo. */
export async function wordFile(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p><w:ins w:id="1" w:author="${NAME}" w:date="2026-03-01T08:00:00Z"><w:r><w:t>调查数据汇总</w:t></w:r></w:ins></w:p></w:body></w:document>`,
  );
  zip.file(
    'word/comments.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:comments ${W}><w:comment w:id="0" w:author="${PINYIN}" w:initials="CXM"><w:p><w:r><w:t>请老师指正</w:t></w:r></w:p></w:comment></w:comments>`,
  );
  zip.file(
    'word/people.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:person w15:author="${NAME}"><w15:presenceInfo w15:providerId="None" w15:userId="${EXAM}"/></w15:person></w15:people>`,
  );
  zip.file('word/media/image1.jpeg', photo());
  zip.file('docProps/core.xml', CORE);
  zip.file('docProps/app.xml', APP);
  zip.file('docProps/custom.xml', CUSTOM);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
