import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import { pngChunk } from '../documents/upload/attachment-metadata.ts';
import { zipArchive } from '../shared/zip-writer.ts';

/**
 * Office files whose pictures are linked, not embedded (adr/027): LibreOffice fetches such a
 * picture while converting, from wherever the link points. Each also holds an embedded picture
 * and a hyperlink, which must come through the conversion.
 */

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/main';

/** An opaque RGB PNG of `width` × `height` pixels, so a test can tell pictures apart by size in the PDF. */
export function solidPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The embedded picture's size; the linked picture the listener serves is `LINKED_PICTURE`. */
export const EMBEDDED_PICTURE = { width: 3, height: 2 };
export const LINKED_PICTURE = { width: 7, height: 5 };

export interface LinkTargets {
  /** Where the picture linked by an image relationship points. */
  picture: string;
  /** Where a picture linked through a hyperlink's relationship points (LibreOffice fetches that too). */
  pictureViaHyperlink: string;
  /** A hyperlink of the text: a link in the PDF, never fetched. */
  hyperlink: string;
}

const relationships = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
const relationship = (id: string, type: string, target: string, external = false) =>
  `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`;

const WORD_NS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${REL}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="${DRAWING}" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;

function wordPicture(id: number, blip: string): string {
  return `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="952500" cy="952500"/><wp:docPr id="${id}" name="图片 ${id}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="picture${id}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip ${blip}/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

/**
 * A DOCX with an embedded picture, a picture linked to `targets.picture` (`<a:blip r:link>` to an
 * External image relationship), one linked through an External hyperlink relationship, a
 * hyperlink, and a template attached from `targets.picture` (settings.xml).
 */
export function linkedPictureDocx(targets: LinkTargets): Buffer {
  const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
  const body = [
    paragraph('第一章 绪论：本段之后是一张嵌入的图片。'),
    wordPicture(1, 'r:embed="rId2"'),
    paragraph('下面两张图片链接到外部地址。'),
    wordPicture(2, 'r:link="rId3"'),
    wordPicture(3, 'r:link="rId4"'),
    `<w:p><w:r><w:t xml:space="preserve">参考网址：</w:t></w:r><w:hyperlink r:id="rId5"><w:r><w:t>自考在线</w:t></w:r></w:hyperlink></w:p>`,
    paragraph('正文结束。'),
  ].join('');
  return zipArchive([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(relationships(relationship('rId1', 'officeDocument', 'word/document.xml'))),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${WORD_NS}><w:body>${body}</w:body></w:document>`,
      ),
      deflate: true,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: Buffer.from(
        relationships(
          relationship('rId1', 'settings', 'settings.xml') +
            relationship('rId2', 'image', 'media/image1.png') +
            relationship('rId3', 'image', targets.picture, true) +
            relationship('rId4', 'hyperlink', targets.pictureViaHyperlink, true) +
            relationship('rId5', 'hyperlink', targets.hyperlink, true),
        ),
      ),
      deflate: true,
    },
    {
      name: 'word/settings.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${WORD_NS}><w:attachedTemplate r:id="rId1"/></w:settings>`,
      ),
    },
    {
      name: 'word/_rels/settings.xml.rels',
      data: Buffer.from(relationships(relationship('rId1', 'attachedTemplate', targets.picture, true))),
    },
    { name: 'word/media/image1.png', data: solidPng(EMBEDDED_PICTURE.width, EMBEDDED_PICTURE.height) },
  ]);
}

const SLIDE_NS = `xmlns:a="${DRAWING}" xmlns:r="${REL}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`;
const shapeTree = (shapes: string) =>
  `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld>`;
const slidePicture = (id: number, blip: string, x: number) =>
  `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="图片 ${id}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip ${blip}/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="${x}" y="1600200"/><a:ext cx="1905000" cy="1905000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
const THEME = `<?xml version="1.0" encoding="UTF-8"?><a:theme xmlns:a="${DRAWING}" name="课件"><a:themeElements><a:clrScheme name="课件"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F2937"/></a:dk2><a:lt2><a:srgbClr val="F3F4F6"/></a:lt2><a:accent1><a:srgbClr val="2563EB"/></a:accent1><a:accent2><a:srgbClr val="DC2626"/></a:accent2><a:accent3><a:srgbClr val="16A34A"/></a:accent3><a:accent4><a:srgbClr val="CA8A04"/></a:accent4><a:accent5><a:srgbClr val="9333EA"/></a:accent5><a:accent6><a:srgbClr val="0891B2"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="课件"><a:majorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="课件"><a:fillStyleLst>${'<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'.repeat(3)}</a:fillStyleLst><a:lnStyleLst>${'<a:ln><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>'.repeat(3)}</a:lnStyleLst><a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${'<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'.repeat(3)}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
const COLOUR_MAP =
  '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';
const PML = 'application/vnd.openxmlformats-officedocument.presentationml';

/**
 * A one-slide PPTX, as a lecturer's courseware: a title whose text is a hyperlink, an embedded
 * picture, a picture linked to `targets.picture` and one linked through a hyperlink relationship.
 */
export function linkedPicturePptx(targets: LinkTargets): Buffer {
  const title = `<p:sp><p:nvSpPr><p:cNvPr id="2" name="标题"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="274638"/><a:ext cx="8229600" cy="1143000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN"><a:hlinkClick r:id="rId5"/></a:rPr><a:t>毕业论文写作指导</a:t></a:r></a:p></p:txBody></p:sp>`;
  const shapes =
    title +
    slidePicture(3, 'r:embed="rId2"', 457200) +
    slidePicture(4, 'r:link="rId3"', 2743200) +
    slidePicture(5, 'r:link="rId4"', 5029200);
  const files: Record<string, string | Buffer> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/ppt/presentation.xml" ContentType="${PML}.presentation.main+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="${PML}.slideMaster+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="${PML}.slideLayout+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="${PML}.slide+xml"/><Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/></Types>`,
    '_rels/.rels': relationships(relationship('rId1', 'officeDocument', 'ppt/presentation.xml')),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${SLIDE_NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': relationships(
      relationship('rId1', 'slideMaster', 'slideMasters/slideMaster1.xml') +
        relationship('rId2', 'slide', 'slides/slide1.xml') +
        relationship('rId3', 'theme', 'theme/theme1.xml'),
    ),
    'ppt/slideMasters/slideMaster1.xml': `<?xml version="1.0" encoding="UTF-8"?><p:sldMaster ${SLIDE_NS}>${shapeTree('')}${COLOUR_MAP}<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
    'ppt/slideMasters/_rels/slideMaster1.xml.rels': relationships(
      relationship('rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml') +
        relationship('rId2', 'theme', '../theme/theme1.xml'),
    ),
    'ppt/slideLayouts/slideLayout1.xml': `<?xml version="1.0" encoding="UTF-8"?><p:sldLayout ${SLIDE_NS}>${shapeTree('')}<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`,
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': relationships(
      relationship('rId1', 'slideMaster', '../slideMasters/slideMaster1.xml'),
    ),
    'ppt/slides/slide1.xml': `<?xml version="1.0" encoding="UTF-8"?><p:sld ${SLIDE_NS}>${shapeTree(shapes)}<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`,
    'ppt/slides/_rels/slide1.xml.rels': relationships(
      relationship('rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml') +
        relationship('rId2', 'image', '../media/image1.png') +
        relationship('rId3', 'image', targets.picture, true) +
        relationship('rId4', 'hyperlink', targets.pictureViaHyperlink, true) +
        relationship('rId5', 'hyperlink', targets.hyperlink, true),
    ),
    'ppt/theme/theme1.xml': THEME,
    'ppt/media/image1.png': solidPng(EMBEDDED_PICTURE.width, EMBEDDED_PICTURE.height),
  };
  return zipArchive(
    Object.entries(files).map(([name, data]) => ({ name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) })),
  );
}

/** An HTTP listener on 127.0.0.1 (a random port) that serves the linked picture and notes every request. */
export interface RequestRecorder {
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** `METHOD /path` of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function recordRequests(): Promise<RequestRecorder> {
  const requests: string[] = [];
  const picture = solidPng(LINKED_PICTURE.width, LINKED_PICTURE.height);
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'image/png', allow: 'GET, HEAD, OPTIONS' });
    response.end(request.method === 'GET' ? picture : undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The pixel sizes (`3x2`) of every image in a PDF. */
export async function pdfImageSizes(pdf: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const sizes: string[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const size = (key: string) => (object.dict.get(PDFName.of(key)) as PDFNumber | undefined)?.asNumber();
    sizes.push(`${size('Width')}x${size('Height')}`);
  }
  return sizes;
}
