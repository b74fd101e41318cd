import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { startsAsPdf } from '../../shared/pdf-signature.ts';

export type DocumentType = 'pdf' | 'doc' | 'docx';

export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function head(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Tells PDF, DOC and DOCX apart by their content, whatever the file is called; null otherwise. */
export async function sniffDocumentType(file: string): Promise<DocumentType | null> {
  const start = await head(file, 1024);
  if (startsAsPdf(start)) return 'pdf';
  if (start.subarray(0, 8).equals(OLE_SIGNATURE)) return 'doc';
  if (start[0] === 0x50 && start[1] === 0x4b) {
    const detected = await fileTypeFromFile(file);
    if (detected?.ext === 'docx') return 'docx';
  }
  return null;
}

/** What a thesis attachment may be: documents, spreadsheets and data, pictures, and archives. */
export type AttachmentType = DocumentType | 'xlsx' | 'csv' | 'png' | 'jpg' | 'gif' | 'webp' | 'zip';

export const ATTACHMENT_MIME: Record<AttachmentType, string> = {
  ...DOCUMENT_MIME,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
};

/** Whether an attachment's type is a zip container, to be checked against decompression bombs. */
export const isZipContainer = (type: AttachmentType): boolean => type === 'docx' || type === 'xlsx' || type === 'zip';

/** How much of a CSV is read to tell it from any other text or binary. */
const CSV_SNIFF_BYTES = 64 * 1024;

/**
 * A CSV has no signature: it is text (UTF-8, with or without a BOM, or GB18030 as Chinese Excel
 * saves it) with no NUL bytes, whose lines carry a comma or a tab. Only a `.csv` name is tried.
 */
async function looksLikeCsv(file: string): Promise<boolean> {
  const start = await head(file, CSV_SNIFF_BYTES);
  if (start.length === 0 || start.includes(0)) return false;
  // A multi-byte character may be cut at the end of the sample: drop a partial tail.
  const sample = start.length === CSV_SNIFF_BYTES ? start.subarray(0, start.lastIndexOf(0x0a) + 1) : start;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    try {
      text = new TextDecoder('gb18030', { fatal: true }).decode(sample);
    } catch {
      return false;
    }
  }
  return !hasControlCharacters(text) && text.trim() !== '' && /[,\t]/.test(text);
}

/** Control characters other than tab, line breaks and form feed: a sign of binary, not text. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) return true;
  }
  return false;
}

/** Tells the attachment types apart by content; the name only chooses whether to try CSV. */
export async function sniffAttachmentType(file: string, name: string): Promise<AttachmentType | null> {
  const document = await sniffDocumentType(file);
  if (document) return document;
  const detected = await fileTypeFromFile(file);
  switch (detected?.ext) {
    case 'xlsx':
    case 'png':
    case 'jpg':
    case 'gif':
    case 'webp':
    case 'zip':
      return detected.ext;
    default:
      break;
  }
  if (!detected && /\.csv$/i.test(name) && (await looksLikeCsv(file))) return 'csv';
  return null;
}
