import { zipArchive } from '../shared/zip-writer.ts';

export { zipArchive };

/** Numbers the objects (the first is the catalog) and writes them with their xref table. */
function serializePdf(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small valid one-page PDF. */
export function minimalPdf(text = 'Hello'): Buffer {
  return multiPagePdf([text]);
}

/** A valid PDF with one line of Helvetica text per page (ASCII only). */
export function multiPagePdf(texts: readonly string[]): Buffer {
  const pageCount = texts.length;
  const fontObject = 3 + pageCount * 2;
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const kids = texts.map((_, i) => `${3 + i * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  texts.forEach((text, i) => {
    const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontObject} 0 R >> >> >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  return serializePdf(objects);
}

/**
 * A one-page PDF whose Chinese text uses a font it does not embed (STSong-Light through the
 * UniGB-UCS2-H CMap), as older Word exports do. Reading its text needs pdf.js's CMap files.
 */
export function unembeddedChinesePdf(text = '自学考试论文评阅'): Buffer {
  const hex = Array.from(text, (char) => (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')).join('');
  const stream = `BT /F1 24 Tf 72 720 Td <${hex}> Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  return serializePdf(objects);
}

/** A zip archive with stored (uncompressed) entries. */
export function storedZip(entries: Record<string, string>): Buffer {
  return zipArchive(Object.entries(entries).map(([name, content]) => ({ name, data: Buffer.from(content, 'utf8') })));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * A multi-page Chinese thesis as DOCX: a title, then `pages` pages of numbered paragraphs, each
 * page ending in a page break. Paragraph text says which page and paragraph it is, so tests can
 * find known words on known pages.
 */
export function thesisDocx(
  options: { title?: string; pages?: number; paragraphsPerPage?: number; seed?: string } = {},
): Buffer {
  const { title = '自学考试毕业论文评阅平台的设计与实现', pages = 3, paragraphsPerPage = 6, seed = '' } = options;
  const paragraph = (text: string, size = 24) =>
    `<w:p><w:r><w:rPr><w:sz w:val="${size}"/></w:rPr><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
  let body = paragraph(title, 36);
  for (let page = 1; page <= pages; page++) {
    for (let n = 1; n <= paragraphsPerPage; n++) {
      body += paragraph(
        `第${page}页第${n}段${seed}：本文以高等教育自学考试毕业论文评阅为研究对象，分析了评阅教师在批注、评分与反馈环节中的实际需求，并提出了可复用的批注锚定方法。`,
      );
    }
    if (page < pages) body += '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  }
  return storedZip({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  });
}

/** A DOCX whose one image expands to `megabytes` of zeros: a decompression bomb. */
export function zipBombDocx(megabytes = 80): Buffer {
  return zipArchive([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    {
      name: 'word/document.xml',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body></w:body></w:document>`),
    },
    { name: 'word/media/image1.png', data: Buffer.alloc(megabytes * 1024 * 1024), deflate: true },
  ]);
}

/** A DOCX by its structure whose document part is binary noise: LibreOffice cannot read it. */
export function corruptDocx(): Buffer {
  const noise = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) % 256));
  return zipArchive([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'word/document.xml', data: noise },
  ]);
}

/** A PDF whose trailer declares standard encryption with a user password. */
export function encryptedPdf(): Buffer {
  const plain = minimalPdf('secret').toString('latin1');
  const hex = (byte: string) => byte.repeat(64);
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${hex('a1')}> /U <${hex('b2')}> /P -44 >> /ID [<${'c3'.repeat(16)}><${'c3'.repeat(16)}>]`;
  return Buffer.from(plain.replace('/Root 1 0 R >>', `/Root 1 0 R ${encrypt} >>`), 'latin1');
}

/** Bytes that start like a PDF and are not one. */
export function damagedPdf(): Buffer {
  return Buffer.from(`%PDF-1.7\n${'垃圾数据'.repeat(200)}\n%%EOF`, 'utf8');
}

/** The smallest DOCX Word opens: content types, relationships and a document part. */
export function minimalDocx(text = '论文正文'): Buffer {
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

/** The first bytes of an OLE compound file, as a .doc starts. */
export function oleHeader(): Buffer {
  const bytes = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

/** A 1×1 PNG. */
export function png(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
}
