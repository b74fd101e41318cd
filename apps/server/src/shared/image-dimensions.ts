import { open } from 'node:fs/promises';
import { IMAGE_LIMITS } from '@zikao/contract/course';
import { fileTypeRejected } from './errors.ts';

/** The picture types whose size is read from their header. */
export type PictureType = 'png' | 'jpg' | 'gif' | 'webp' | 'heic';

export interface PixelSize {
  width: number;
  height: number;
}

/** Reads `length` bytes at `position` (fewer at the end of the file). */
type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** PNG: the IHDR chunk, which the format puts first. */
async function pngSize(read: ReadAt): Promise<PixelSize | null> {
  const head = await read(0, 24);
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** JPEG markers with a frame header (SOF0–SOF15 but DHT, JPG and DAC). */
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: the first frame header, found by walking the segments (APPn, DQT…) before it. */
async function jpegSize(read: ReadAt): Promise<PixelSize | null> {
  let position = 2;
  // A segment is at most 64 KB, and the frame header comes before the image data: a few hundred steps at most.
  for (let step = 0; step < 1000; step++) {
    const head = await read(position, 9);
    if (head.length < 4 || head[0] !== 0xff) return null;
    const marker = head[1] as number;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    if (FRAME_MARKERS.has(marker)) {
      if (head.length < 9) return null;
      return { width: head.readUInt16BE(7), height: head.readUInt16BE(5) };
    }
    position += 2 + head.readUInt16BE(2);
  }
  return null;
}

/** GIF: the logical screen, which every frame is drawn into. */
async function gifSize(read: ReadAt): Promise<PixelSize | null> {
  const head = await read(0, 10);
  if (head.length < 10) return null;
  return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
}

/** WebP: the canvas of VP8X, or the frame of a simple lossy (VP8) or lossless (VP8L) file. */
async function webpSize(read: ReadAt): Promise<PixelSize | null> {
  const head = await read(0, 30);
  if (head.length < 16 || head.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && head.length >= 30) {
    return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8L' && head.length >= 25) {
    const bits = head.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && head.length >= 30) {
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** HEIC: the largest image spatial extent (`ispe`) property in the first 256 KB, where `meta` sits. */
async function heicSize(read: ReadAt): Promise<PixelSize | null> {
  const head = await read(0, 256 * 1024);
  let largest: PixelSize | null = null;
  for (let at = head.indexOf('ispe'); at >= 0 && at + 16 <= head.length; at = head.indexOf('ispe', at + 4)) {
    const size = { width: head.readUInt32BE(at + 8), height: head.readUInt32BE(at + 12) };
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  return largest;
}

const READERS: Record<PictureType, (read: ReadAt) => Promise<PixelSize | null>> = {
  png: pngSize,
  jpg: jpegSize,
  gif: gifSize,
  webp: webpSize,
  heic: heicSize,
};

/** A picture's size in pixels as its header states it, without decoding it; null when unreadable. */
export async function pixelSizeOf(file: string, type: PictureType): Promise<PixelSize | null> {
  const handle = await open(file, 'r');
  try {
    const read: ReadAt = async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    return await READERS[type](read);
  } finally {
    await handle.close();
  }
}

/** Whether a size is within IMAGE_LIMITS. */
export const withinImageLimits = ({ width, height }: PixelSize): boolean =>
  width <= IMAGE_LIMITS.maxSide && height <= IMAGE_LIMITS.maxSide && width * height <= IMAGE_LIMITS.maxPixels;

/**
 * Refuses (1070002) a picture whose header states more pixels than IMAGE_LIMITS, before anything
 * decodes it (issue 32 §4.4: a 1.1 MB PNG of 20000×20000 took the server from 645 MB to 5.4 GB), and
 * one whose size cannot be read at all when `decoded`: something will decode it, so it must be known.
 */
export async function checkPictureSize(file: string, type: PictureType, decoded: boolean): Promise<void> {
  const size = await pixelSizeOf(file, type);
  if (!size) {
    if (decoded) throw fileTypeRejected('图片已损坏，无法读取其尺寸');
    return;
  }
  if (!withinImageLimits(size)) {
    throw fileTypeRejected(
      `图片为 ${size.width}×${size.height} 像素，超过上限（每边不超过 ${IMAGE_LIMITS.maxSide} 像素，总计不超过 ${IMAGE_LIMITS.maxPixels / 10_000} 万像素），请缩小后重新上传`,
    );
  }
}
