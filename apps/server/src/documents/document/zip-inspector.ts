import { open } from 'node:fs/promises';

/** Limits that a real thesis never reaches and a decompression bomb always does. */
export const ZIP_LIMITS = {
  maxEntries: 5000,
  maxUncompressedBytes: 400 * 1024 * 1024,
  /** The ratio applies only past this size, so small, very compressible files pass. */
  ratioCheckFromBytes: 50 * 1024 * 1024,
  maxRatio: 150,
};

export interface ZipInspection {
  ok: boolean;
  entries: number;
  uncompressedBytes: number;
  reason?: string;
}

/** An entry of a zip's central directory, as stored: what is needed to list it or copy it as it is. */
export interface ZipEntry {
  name: Buffer;
  uncompressedBytes: number;
  compressedBytes: number;
  /** General-purpose flags; bit 11 says the name is UTF-8. */
  flags: number;
  /** 0 stored, 8 deflated; anything else LibreOffice cannot read either. */
  method: number;
  crc32: number;
  /** MS-DOS time and date, as stored. */
  time: number;
  date: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

export type ZipDirectory =
  | { ok: true; entries: ZipEntry[]; size: number; directoryOffset: number }
  | { ok: false; entries: number; reason: string };

/** Reads a zip's central directory without inflating anything; refuses ZIP64 and broken structure. */
export async function readZipDirectory(file: string): Promise<ZipDirectory> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) return { ok: false, entries: 0, reason: '压缩结构损坏' };
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff) {
      return { ok: false, entries: count, reason: '不支持 ZIP64 格式' };
    }
    if (count > ZIP_LIMITS.maxEntries) return { ok: false, entries: count, reason: '文件条目过多' };
    if (directoryOffset + directorySize > size) return { ok: false, entries: count, reason: '压缩结构损坏' };
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: ZipEntry[] = [];
    let position = 0;
    for (let i = 0; i < count; i++) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== 0x02014b50) {
        return { ok: false, entries: count, reason: '压缩结构损坏' };
      }
      const uncompressedBytes = directory.readUInt32LE(position + 24);
      if (uncompressedBytes === 0xffffffff) return { ok: false, entries: count, reason: '不支持 ZIP64 格式' };
      const compressedBytes = directory.readUInt32LE(position + 20);
      const localHeaderOffset = directory.readUInt32LE(position + 42);
      if (compressedBytes === 0xffffffff || localHeaderOffset === 0xffffffff) {
        return { ok: false, entries: count, reason: '不支持 ZIP64 格式' };
      }
      const nameLength = directory.readUInt16LE(position + 28);
      entries.push({
        name: directory.subarray(position + 46, position + 46 + nameLength),
        uncompressedBytes,
        compressedBytes,
        flags: directory.readUInt16LE(position + 8),
        method: directory.readUInt16LE(position + 10),
        time: directory.readUInt16LE(position + 12),
        date: directory.readUInt16LE(position + 14),
        crc32: directory.readUInt32LE(position + 16),
        localHeaderOffset,
      });
      position += 46 + nameLength + directory.readUInt16LE(position + 30) + directory.readUInt16LE(position + 32);
    }
    return { ok: true, entries, size, directoryOffset };
  } finally {
    await handle.close();
  }
}

/**
 * Reads a zip's central directory (without inflating anything) and refuses archives that
 * would expand past the limits, as a DOCX decompression bomb does.
 */
export async function inspectZip(file: string): Promise<ZipInspection> {
  return checkZipLimits(await readZipDirectory(file));
}

/** The decompression-bomb limits applied to a directory already read. */
export function checkZipLimits(directory: ZipDirectory): ZipInspection {
  if (!directory.ok) return { ok: false, entries: directory.entries, uncompressedBytes: 0, reason: directory.reason };
  const { size } = directory;
  const uncompressed = directory.entries.reduce((sum, entry) => sum + entry.uncompressedBytes, 0);
  const entries = directory.entries.length;
  const ratioExceeded = uncompressed > ZIP_LIMITS.ratioCheckFromBytes && uncompressed > size * ZIP_LIMITS.maxRatio;
  if (uncompressed > ZIP_LIMITS.maxUncompressedBytes || ratioExceeded) {
    return { ok: false, entries, uncompressedBytes: uncompressed, reason: '解压后体积异常，疑似压缩炸弹' };
  }
  return { ok: true, entries, uncompressedBytes: uncompressed };
}

/**
 * The files of a zip archive, by name and inflated size, for a preview. Names are UTF-8 when the
 * archive says so (or they decode as such); otherwise GB18030, as Chinese Windows writes them.
 */
export async function listZip(file: string): Promise<Array<{ name: string; size: number }> | null> {
  const directory = await readZipDirectory(file);
  if (!directory.ok) return null;
  return directory.entries.map((entry) => ({ name: zipName(entry), size: entry.uncompressedBytes }));
}

/** An entry's name: UTF-8 when the archive says so (or it decodes as such), otherwise GB18030. */
export function zipName(entry: ZipEntry): string {
  if (entry.flags & 0x800) return entry.name.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(entry.name);
  } catch {
    return new TextDecoder('gb18030').decode(entry.name);
  }
}
