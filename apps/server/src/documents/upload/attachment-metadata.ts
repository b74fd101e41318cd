/**
 * Blind review without leaks in what is not a PDF (issue 19 §1, adr/018): a candidate's attachment
 * carries their name where no reviewer looks for it. Office files keep the author, the last editor,
 * the company and the authors of comments and tracked changes; a photo keeps EXIF and XMP (camera
 * owner, GPS, the editing software's user); a PNG keeps text chunks; a ZIP keeps entry names such
 * as `曹小明-附件2/数据.xlsx`. These functions return the file without them, or null when there is
 * nothing to change or the file cannot be read (it is then kept as it came: its type was already
 * checked by content).
 */
import { crc32 } from 'node:zlib';
import JSZip from 'jszip';
import type { Redact } from '../../access/identity-redaction.ts';
import type { AttachmentType } from '../document/file-sniffer.ts';

/** The core properties emptied (docProps/core.xml): everything that names or describes a person. */
const CORE_FIELDS = [
  'dc:creator',
  'cp:lastModifiedBy',
  'dc:title',
  'dc:subject',
  'dc:description',
  'cp:keywords',
  'cp:category',
  'cp:contentStatus',
  'dc:identifier',
];
/** The extended properties emptied (docProps/app.xml). */
const APP_FIELDS = ['Company', 'Manager', 'HyperlinkBase'];

/** `<tag …>text</tag>` → `<tag …></tag>`; a self-closed or absent tag is left alone. */
function emptyElements(xml: string, tags: readonly string[]): string {
  let out = xml;
  for (const tag of tags) {
    out = out.replace(new RegExp(`(<${tag}(?:\\s[^>]*)?>)[\\s\\S]*?(</${tag}>)`, 'g'), '$1$2');
  }
  return out;
}

/** Attributes that name a person, by part: comment and revision authors, and the persons lists. */
const PERSON_ATTRIBUTES: Array<[RegExp, string[]]> = [
  [/^word\/people\.xml$/, ['w15:author', 'w15:userId', 'w15:providerId']],
  [/^word\/.*\.xml$/, ['w:author', 'w:initials']],
  [/^xl\/persons\/.*\.xml$/, ['displayName', 'userId', 'providerId']],
  [/^ppt\/(commentAuthors|authors)\.xml$/, ['name', 'initials', 'userId', 'providerId']],
];

/** Whether a part is read at all: the properties and the parts that can name an author. */
function isPersonalPart(name: string): boolean {
  return (
    /^docProps\/(core|app|custom)\.xml$/.test(name) ||
    /^xl\/comments\d*\.xml$/.test(name) ||
    PERSON_ATTRIBUTES.some(([part]) => part.test(name))
  );
}

/** A body part with the authors of its comments, tracked changes and persons blanked. */
function scrubPart(name: string, xml: string): string {
  let out = xml;
  for (const [part, attributes] of PERSON_ATTRIBUTES) {
    if (!part.test(name)) continue;
    for (const attribute of attributes) out = out.replace(new RegExp(`(\\s${attribute})="[^"]*"`, 'g'), '$1=""');
  }
  if (/^xl\/comments\d*\.xml$/.test(name)) out = emptyElements(out, ['author']);
  return out;
}

/** jszip reads entry names without the UTF-8 flag as this: UTF-8 when they decode so, else GB18030. */
function decodeName(bytes: string[] | Uint8Array | Buffer): string {
  const raw =
    typeof bytes[0] === 'string'
      ? Buffer.from((bytes as string[]).join(''), 'binary')
      : Buffer.from(bytes as Uint8Array);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('gb18030').decode(raw);
  }
}

async function loadZip(bytes: Buffer): Promise<JSZip | null> {
  try {
    return await JSZip.loadAsync(bytes, { decodeFileName: decodeName, checkCRC32: false });
  } catch {
    return null;
  }
}

const generate = (zip: JSZip) =>
  zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });

/**
 * An Office Open XML file (DOCX, XLSX, PPTX) with its core and extended properties emptied, its
 * custom properties' values emptied, and the authors of comments and tracked changes blanked.
 * Null when it is not a readable ZIP or nothing was there.
 */
export async function stripOfficeMetadata(bytes: Buffer): Promise<Buffer | null> {
  const zip = await loadZip(bytes);
  if (!zip) return null;
  let changed = false;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    // Pictures pasted into the document keep their camera's EXIF.
    const picture = /\/media\/[^/]+\.(jpe?g|png)$/i.exec(entry.name)?.[1]?.toLowerCase();
    if (picture) {
      const image = await entry.async('nodebuffer');
      const clean = picture === 'png' ? stripPngMetadata(image) : stripJpegMetadata(image);
      if (clean) {
        zip.file(entry.name, clean, { date: entry.date });
        changed = true;
      }
      continue;
    }
    if (!isPersonalPart(entry.name)) continue;
    const before = await entry.async('string');
    let after: string;
    if (entry.name === 'docProps/core.xml') after = emptyElements(before, CORE_FIELDS);
    else if (entry.name === 'docProps/app.xml') after = emptyElements(before, APP_FIELDS);
    else if (entry.name === 'docProps/custom.xml')
      after = before.replace(/(<vt:lp[w]?str>)[\s\S]*?(<\/vt:lp[w]?str>)/g, '$1$2');
    else after = scrubPart(entry.name, before);
    if (after === before) continue;
    zip.file(entry.name, after, { date: entry.date });
    changed = true;
  }
  return changed ? generate(zip) : null;
}

/**
 * A ZIP archive with the candidate's name and exam number starred out of every entry name (as
 * free text is, adr/018), and its comments dropped. Office files inside are left as they are.
 */
export async function redactZipEntryNames(bytes: Buffer, redact: Redact): Promise<Buffer | null> {
  const zip = await loadZip(bytes);
  if (!zip) return null;
  const entries = Object.values(zip.files);
  const renamed = entries.some((entry) => redact(entry.name) !== entry.name);
  const commented = entries.some((entry) => Boolean(entry.comment)) || hasArchiveComment(bytes);
  if (!renamed && !commented) return null;
  const out = new JSZip();
  for (const entry of entries) {
    const name = redact(entry.name);
    if (entry.dir) out.folder(name);
    else out.file(name, await entry.async('nodebuffer'), { date: entry.date });
  }
  return generate(out);
}

/** Whether the end-of-central-directory record carries a comment. */
function hasArchiveComment(bytes: Buffer): boolean {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return end >= 0 && end + 22 <= bytes.length && bytes.readUInt16LE(end + 20) > 0;
}

/** JPEG segments kept: JFIF (APP0), the ICC colour profile (APP2) and Adobe's colour transform (APP14). */
const KEPT_APP_MARKERS = new Set([0xe0, 0xe2, 0xee]);

/**
 * A JPEG without EXIF and XMP (APP1), IPTC (APP13), comments (COM) and every other application
 * segment but the three that decoding needs. The compressed image is copied unchanged. Null when
 * the structure is not a JPEG's or nothing was removed.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let removed = false;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Fill bytes before a marker.
    let at = offset;
    while (at < bytes.length && bytes[at] === 0xff) at += 1;
    const marker = bytes[at];
    if (marker === undefined) return null;
    const segmentStart = offset;
    offset = at + 1;
    if (marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(segmentStart, offset));
      if (marker === 0xd9) break;
      continue;
    }
    if (offset + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return null;
    const end = offset + length;
    const isMetadata = marker === 0xfe || (marker >= 0xe0 && marker <= 0xef && !KEPT_APP_MARKERS.has(marker));
    if (isMetadata) removed = true;
    else kept.push(bytes.subarray(segmentStart, end));
    offset = end;
    // Start of scan: the rest is the image (and, in a progressive JPEG, more scans), copied as is.
    if (marker === 0xda) {
      kept.push(bytes.subarray(offset));
      break;
    }
  }
  return removed ? Buffer.concat(kept) : null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks that carry words or a camera's data rather than pixels. */
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** A PNG without its text, EXIF and time chunks. Null when it is no PNG or nothing was removed. */
export function stripPngMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let removed = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (PNG_METADATA_CHUNKS.has(type)) removed = true;
    else kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') break;
  }
  return removed ? Buffer.concat(kept) : null;
}

/** A PNG chunk with its CRC, for building files (tests, and nothing else needs it). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The attachment as it is stored: without identifying metadata, and for a ZIP archive with the
 * uploader's identity starred out of its entry names. Null when it is kept as it came (a type
 * with nothing to clean, nothing found, or a file these readers cannot parse).
 */
export async function cleanAttachment(type: AttachmentType, bytes: Buffer, redact: Redact): Promise<Buffer | null> {
  switch (type) {
    case 'docx':
    case 'xlsx':
      return stripOfficeMetadata(bytes);
    case 'zip':
      return redactZipEntryNames(bytes, redact);
    case 'jpg':
      return stripJpegMetadata(bytes);
    case 'png':
      return stripPngMetadata(bytes);
    default:
      return null;
  }
}
