import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { fileTooLarge, invalidInput } from '../../shared/errors.ts';
import { startsAsPdf } from '../../shared/pdf-signature.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';

/** One file of a multipart form, received into a temp file while hashed and counted. */
export interface ReceivedFile {
  tempPath: string;
  /** The file's name as sent, cleaned: last path segment, no control characters, at most 200. */
  name: string;
  sha256: string;
  size: number;
}

export interface ReceivedForm {
  fields: Record<string, unknown>;
  file: ReceivedFile | null;
  /** Removes the temp file (call it whatever happened). */
  cleanup(): Promise<void>;
}

function cleanName(filename: string): string {
  const base = Array.from(path.basename(filename.replaceAll('\\', '/')))
    .filter((char) => (char.codePointAt(0) ?? 0) >= 0x20)
    .join('')
    .trim();
  return Array.from(base || '未命名文件')
    .slice(-200)
    .join('');
}

/**
 * Reads a multipart form with one file part (`file`): text fields as they come, the file streamed
 * to a temp file while hashed, refused with 1070001 as soon as it passes `maxBytes`.
 */
export async function receiveForm(
  parts: AsyncIterableIterator<Multipart>,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReceivedForm> {
  const fields: Record<string, unknown> = {};
  let file: ReceivedFile | null = null;
  const temps: string[] = [];
  const cleanup = async () => {
    const { rm } = await import('node:fs/promises');
    await Promise.all(temps.map((temp) => rm(temp, { force: true })));
  };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (file) throw invalidInput('一次只能上传一个文件');
      const tempPath = storage.tempPath();
      temps.push(tempPath);
      file = await streamToTemp(part, tempPath, maxBytes);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, file, cleanup };
}

async function streamToTemp(part: MultipartFile, tempPath: string, maxBytes: number): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  let size = 0;
  const tooLarge = () => fileTooLarge(`文件超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(tooLarge());
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, meter, createWriteStream(tempPath));
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  return { tempPath, name: cleanName(part.filename), sha256: hash.digest('hex'), size };
}

/** What a file is by its content: a PDF, an image, an Office file, a zip, or null. */
export type SniffedType =
  | 'pdf'
  | 'png'
  | 'jpg'
  | 'gif'
  | 'webp'
  | 'heic'
  | 'pptx'
  | 'docx'
  | 'xlsx'
  | 'ppt'
  | 'doc'
  | 'xls'
  | 'zip';

export const SNIFFED_MIME: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  zip: 'application/zip',
};

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

/** Whether the file holds `needle` anywhere, read in chunks (chunk borders included). */
async function fileContains(file: string, needle: Buffer): Promise<boolean> {
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const window = Buffer.concat([carry, chunk as Buffer]);
    if (window.includes(needle)) return true;
    carry = window.subarray(Math.max(0, window.length - needle.length + 1));
  }
  return false;
}

// The OLE compound file's directory names its streams in UTF-16LE.
const OLE_STREAMS: Array<[Buffer, 'ppt' | 'doc' | 'xls']> = [
  [Buffer.from('PowerPoint Document', 'utf16le'), 'ppt'],
  [Buffer.from('WordDocument', 'utf16le'), 'doc'],
  [Buffer.from('Workbook', 'utf16le'), 'xls'],
];

/** Tells the file's type by its content, whatever it is called; null for anything else. */
export async function sniffFile(file: string): Promise<SniffedType | null> {
  const start = await head(file, 1024);
  if (startsAsPdf(start)) return 'pdf';
  const detected = await fileTypeFromFile(file);
  switch (detected?.ext) {
    case 'png':
    case 'jpg':
    case 'gif':
    case 'webp':
    case 'heic':
    case 'pptx':
    case 'docx':
    case 'xlsx':
    case 'zip':
      return detected.ext;
    case 'cfb':
      for (const [name, type] of OLE_STREAMS) if (await fileContains(file, name)) return type;
      return null;
    default:
      return null;
  }
}

/** Moves a received file into the store under its hash. */
export function keep(storage: FileStorage, file: ReceivedFile): Promise<void> {
  return storage.putTempFile(file.tempPath, file.sha256);
}
