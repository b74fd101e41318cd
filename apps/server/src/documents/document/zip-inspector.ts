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

/**
 * Reads a zip's central directory (without inflating anything) and refuses archives that
 * would expand past the limits, as a DOCX decompression bomb does.
 */
export async function inspectZip(file: string): Promise<ZipInspection> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) return { ok: false, entries: 0, uncompressedBytes: 0, reason: '压缩结构损坏' };
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || directoryOffset === 0xffffffff) {
      return { ok: false, entries, uncompressedBytes: 0, reason: '不支持 ZIP64 格式' };
    }
    if (entries > ZIP_LIMITS.maxEntries) return { ok: false, entries, uncompressedBytes: 0, reason: '文件条目过多' };
    if (directoryOffset + directorySize > size) {
      return { ok: false, entries, uncompressedBytes: 0, reason: '压缩结构损坏' };
    }
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let uncompressed = 0;
    let position = 0;
    for (let i = 0; i < entries; i++) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== 0x02014b50) {
        return { ok: false, entries, uncompressedBytes: uncompressed, reason: '压缩结构损坏' };
      }
      const entrySize = directory.readUInt32LE(position + 24);
      if (entrySize === 0xffffffff)
        return { ok: false, entries, uncompressedBytes: uncompressed, reason: '不支持 ZIP64 格式' };
      uncompressed += entrySize;
      position +=
        46 +
        directory.readUInt16LE(position + 28) +
        directory.readUInt16LE(position + 30) +
        directory.readUInt16LE(position + 32);
    }
    const ratioExceeded = uncompressed > ZIP_LIMITS.ratioCheckFromBytes && uncompressed > size * ZIP_LIMITS.maxRatio;
    if (uncompressed > ZIP_LIMITS.maxUncompressedBytes || ratioExceeded) {
      return { ok: false, entries, uncompressedBytes: uncompressed, reason: '解压后体积异常，疑似压缩炸弹' };
    }
    return { ok: true, entries, uncompressedBytes: uncompressed };
  } finally {
    await handle.close();
  }
}
