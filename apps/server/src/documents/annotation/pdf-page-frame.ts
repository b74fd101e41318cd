import type { AnnotationDto } from '@zikao/contract';
import type { PDFPage } from 'pdf-lib';

/** A rectangle in PDF user space (y grows upwards). */
export interface UserRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What the reader sees of a page, in user space: its crop box (which need not start at 0,0) and
 * its /Rotate. The workspace measures viewrects and strokes on the page as pdf.js shows it, i.e.
 * rotated and cropped, from the top-left corner; annotations live in unrotated user space.
 */
export interface PageFrame {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  rotate: 0 | 90 | 180 | 270;
}

export function pageFrame(page: PDFPage): PageFrame {
  const box = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as number;
  const rotate = (angle === 90 || angle === 180 || angle === 270 ? angle : 0) as PageFrame['rotate'];
  return { x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height, rotate };
}

/** The page as displayed: width and height in points after rotation. */
export function displayedSize(frame: PageFrame): { width: number; height: number } {
  const width = frame.x1 - frame.x0;
  const height = frame.y1 - frame.y0;
  return frame.rotate % 180 === 0 ? { width, height } : { width: height, height: width };
}

/**
 * A point given as fractions of the displayed page from its top-left corner, in user space.
 * Turning the page clockwise by /Rotate moves its user-space corners: at 90° the displayed
 * top-left is the user-space bottom-left, and the displayed x axis runs up the user y axis.
 */
export function fractionToUser(frame: PageFrame, fx: number, fy: number): [number, number] {
  const { x0, y0, x1, y1 } = frame;
  const w = x1 - x0;
  const h = y1 - y0;
  switch (frame.rotate) {
    case 90:
      return [x0 + fy * w, y0 + fx * h];
    case 180:
      return [x1 - fx * w, y0 + fy * h];
    case 270:
      return [x1 - fy * w, y1 - fx * h];
    default:
      return [x0 + fx * w, y1 - fy * h];
  }
}

/** The user-space box of a viewrect (points on the displayed page, from its top-left corner). */
export function viewrectToUser(frame: PageFrame, rect: UserRect): UserRect {
  const size = displayedSize(frame);
  const a = fractionToUser(frame, rect.x / size.width, rect.y / size.height);
  const b = fractionToUser(frame, (rect.x + rect.width) / size.width, (rect.y + rect.height) / size.height);
  return boundsOf([a, b]);
}

export function boundsOf(points: ReadonlyArray<readonly [number, number]>, pad = 0): UserRect {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { x: minX - pad, y: minY - pad, width: maxX - minX + pad * 2, height: maxY - minY + pad * 2 };
}

/** The viewrect of an annotation's page FragmentSelector, or null (a page note has none). */
export function viewrectOf(annotation: AnnotationDto): UserRect | null {
  for (const selector of annotation.selectors) {
    if (selector.type !== 'FragmentSelector') continue;
    const match = /viewrect=([\d.]+),([\d.]+),([\d.]+),([\d.]+)/.exec(selector.value);
    if (!match) return null;
    const [x, y, width, height] = match.slice(1).map(Number) as [number, number, number, number];
    return { x, y, width, height };
  }
  return null;
}

/** A drawn mark's strokes in user space (pressure is dropped: PDF ink has one width). */
export function strokesToUser(frame: PageFrame, annotation: AnnotationDto): Array<Array<[number, number]>> {
  return (annotation.shape?.strokes ?? []).map((stroke) =>
    stroke.map((point) => fractionToUser(frame, point[0] ?? 0, point[1] ?? 0)),
  );
}
